/**
 * The demo school: what `npm start` shows on an empty embedded database, what the README lists,
 * and what the browser tests sign in with. Every account's password is DEMO_PASSWORD.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { hashPassword } from '../core/passwords.js';
import { SignupCode } from '../modules/accounts/auth-token.entity.js';
import { ParentStudentLink, User, UserType } from '../modules/accounts/user.entity.js';
import { Blog } from '../modules/blogs/blog.entity.js';
import { SchoolPartnership } from '../modules/courses/course.entity.js';
import { defaultYearLabels, School, SchoolMembership, SchoolType } from '../modules/schools/school.entity.js';
import { seedCatalogues } from './seed-catalogues.js';
import { seedDemoPathways } from './seed-pathways.js';
import { seedDemoPlans } from './seed-plans.js';
import { seedSchoolYears } from '../modules/school-years/school-year-rules.js';

export const DEMO_PASSWORD = 'Planner#2026';
export const DEMO = {
  admin: 'admin@lincoln.example',
  student: 'student@lincoln.example',
  parent: 'parent@lincoln.example',
  baseline: 'baseline@lincoln.example',
  admissions: 'admissions@dualschool.example',
  /** A dual-school parent whose application was accepted: signs the contract and pays tuition. */
  acceptedParent: 'accepted.parent@dualschool.example',
  studentParentCode: 'LHSDEMO10',
  codes: { student: 'LINCOLN-STUDENT', staff: 'LINCOLN-STAFF', parent: 'LINCOLN-PARENT' },
} as const;

/** Seeds once: returns false when the database already holds a school. */
export async function seedDemoIfEmpty(db: DataSource): Promise<boolean> {
  return db.transaction(async (m) => {
    // Lock so two starting replicas cannot both seed.
    await m.query(`LOCK TABLE schools IN EXCLUSIVE MODE`);
    if ((await m.getRepository(School).count()) > 0) return false;
    await seedDemo(m);
    return true;
  });
}

async function seedDemo(m: EntityManager): Promise<void> {
  const schools = m.getRepository(School);
  const lincoln = await schools.save(
    schools.create({
      name: 'Lincoln High School',
      schoolType: SchoolType.HS,
      location: 'CA',
      primaryColor: '#8b1e3f',
      dualSchoolEnabled: false,
      fourYearPlanEnabled: true,
      baselinePlansEnabled: true,
      hsFullAccessEnabled: true,
      cccApplyEnabled: true,
      parentFormEnabled: true,
      cccDemoEnabled: true,
      planApprovalEnabled: true,
    }),
  );
  // The partner college: its catalogue is Lincoln's partner catalogue (dual enrollment).
  const valley = await schools.save(
    schools.create({
      name: 'Valley Community College',
      schoolType: SchoolType.CLG,
      location: 'CA',
      primaryColor: '#0b6e4f',
      fourYearPlanEnabled: true,
    }),
  );
  const dual = await schools.save(
    schools.create({
      name: 'Dual School',
      schoolType: SchoolType.HS,
      location: 'CA',
      primaryColor: '#2e4a9e',
      dualSchoolEnabled: true,
      fourYearPlanEnabled: true,
    }),
  );

  // The Dual School's current and next school years, from today's date: the demo never offers a past year.
  await seedSchoolYears(m, dual.id, new Date().toISOString().slice(0, 10));
  await m.getRepository(SchoolPartnership).insert({ schoolId: lincoln.id, partnerSchoolId: valley.id });
  await seedCatalogues(m, lincoln.id, valley.id);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = m.getRepository(User);
  const mk = (email: string, firstName: string, lastName: string, userType: UserType, school: School, extra: Partial<User> = {}) =>
    users.save(users.create({ email, passwordHash, firstName, lastName, userType, schoolId: school.id, ...extra }));

  const admin = await mk(DEMO.admin, 'Alex', 'Rivera', UserType.Staff, lincoln);
  const student = await mk(DEMO.student, 'Sam', 'Lee', UserType.Student, lincoln, {
    grade: '10',
    dob: '03142010',
    parentCode: DEMO.studentParentCode,
    academicYearLabels: defaultYearLabels(SchoolType.HS),
    guardianFirstName: 'Jordan',
    guardianLastName: 'Lee',
    guardianPhone: '(201) 555-0142',
  });
  const parent = await mk(DEMO.parent, 'Jordan', 'Lee', UserType.Parent, lincoln);
  const baseline = await mk(DEMO.baseline, 'STEM Pathway', 'A four-year plan toward engineering', UserType.BaselinePlan, lincoln, {
    academicYearLabels: defaultYearLabels(SchoolType.HS),
  });
  const admissions = await mk(DEMO.admissions, 'Morgan', 'Ellis', UserType.Staff, dual);
  const accepted = await mk(DEMO.acceptedParent, 'Casey', 'Morgan', UserType.Parent, dual, { applicationStatus: 'accepted' });

  await m.getRepository(SchoolMembership).insert([
    { userId: admin.id, schoolId: lincoln.id },
    { userId: student.id, schoolId: lincoln.id },
    { userId: parent.id, schoolId: lincoln.id },
    { userId: baseline.id, schoolId: lincoln.id },
    { userId: admissions.id, schoolId: dual.id },
    { userId: accepted.id, schoolId: dual.id },
  ]);
  // Casey's contract, unsigned: it names the student of the accepted application.
  await m.query(`INSERT INTO enrollment_contracts (parent_id, school_id, student_name) VALUES ($1, $2, $3)`, [accepted.id, dual.id, 'Jamie Morgan']);
  await m.getRepository(ParentStudentLink).insert({ parentId: parent.id, studentId: student.id });
  await m.query(`INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2)`, [student.id, lincoln.id]);
  await m.getRepository(SignupCode).insert([
    { code: DEMO.codes.student, userType: UserType.Student, schoolId: lincoln.id },
    { code: DEMO.codes.staff, userType: UserType.Staff, schoolId: lincoln.id },
    { code: DEMO.codes.parent, userType: UserType.Parent, schoolId: lincoln.id },
  ]);
  await m.getRepository(Blog).insert(DEMO_BLOGS);
  await seedClassmates(m, lincoln, passwordHash);
  await seedDemoPathways(m, lincoln.id, valley.id);
  await seedDemoPlans(m, lincoln, student, baseline);
}

/**
 * Sam's classmates, so the students list has rows to search, sort and page: grades 9 to 12, a
 * mix of CCCApply statuses, each with a consent form waiting for signatures. They sign in with
 * the demo password too (first.last@lincoln.example).
 */
const CLASSMATES: [first: string, last: string, grade: string, cccApply: string | null][] = [
  ['Ava', 'Martinez', '9', null],
  ['Ben', 'Okafor', '9', null],
  ['Chloe', 'Nguyen', '10', 'consent_signed'],
  ['Diego', 'Hernandez', '10', null],
  ['Emma', 'Johnson', '11', 'account_created'],
  ['Farah', 'Haddad', '11', 'consent_signed'],
  ['Gabriel', 'Silva', '11', null],
  ['Hana', 'Kim', '12', 'account_created'],
  ['Isaac', 'Brown', '12', null],
  ['Jada', 'Williams', '12', 'consent_signed'],
  ['Kai', 'Nakamura', '9', null],
];

async function seedClassmates(m: EntityManager, lincoln: School, passwordHash: string): Promise<void> {
  const users = m.getRepository(User);
  for (const [i, [firstName, lastName, grade, cccApplyStatus]] of CLASSMATES.entries()) {
    const student = await users.save(
      users.create({
        email: `${firstName}.${lastName}@lincoln.example`.toLowerCase(),
        passwordHash,
        firstName,
        lastName,
        userType: UserType.Student,
        schoolId: lincoln.id,
        grade,
        dob: `0${(i % 9) + 1}15${2016 - Number(grade)}`,
        parentCode: `LHS${firstName.toUpperCase()}${grade}`,
        academicYearLabels: defaultYearLabels(SchoolType.HS),
      }),
    );
    if (cccApplyStatus) await m.query(`UPDATE users SET ccc_apply_status = $1 WHERE id = $2`, [cccApplyStatus, student.id]);
    await m.getRepository(SchoolMembership).insert({ userId: student.id, schoolId: lincoln.id });
    await m.query(`INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2)`, [student.id, lincoln.id]);
  }
}

const DEMO_BLOGS: Omit<Blog, 'id'>[] = [
  {
    title: 'Dual Enrollment, Explained for Families',
    subtitle: 'What it is, what it costs, and how credits follow your student to college',
    image: '/blog/dual-enrollment.svg',
    date: '2025-09-08',
    author: 'Alex Rivera',
    body: `<p>Dual enrollment lets a high school student take a community college course and earn high school and college credit at the same time. In California, most dual-enrollment courses are free for students: tuition is waived and many colleges lend the textbooks.</p>
<h2>Why it matters</h2>
<p>Students who take even one college course in high school are more likely to enroll in college and to finish a degree. The course also shows a student that college-level work is within reach.</p>
<h2>Will the credit transfer?</h2>
<p>Courses marked <strong>UC</strong> or <strong>CSU</strong> in the catalogue transfer to the University of California or California State University systems. The planner shows these tags on every course card, so a student can choose courses that count twice.</p>
<p>Talk with your counselor before enrolling: they will check prerequisites and help fit the course around the school day.</p>`,
  },
  {
    title: 'Building a Four-Year Plan That Keeps Doors Open',
    subtitle: 'A-G requirements, graduation, and room for what your student loves',
    image: '/blog/four-year-plan.svg',
    date: '2025-10-14',
    author: 'Dana Whitfield',
    body: `<p>A good four-year plan is not a cage: it is a map that shows which doors stay open. Start with graduation requirements, then the A-G courses that public universities expect, then add electives, career-technical courses and dual enrollment.</p>
<ol><li>List the courses required for graduation, year by year.</li><li>Check each subject area against the A-G list.</li><li>Add one or two college courses where the schedule allows.</li><li>Review the plan with a counselor every spring.</li></ol>
<p>The planner warns when a course is scheduled before its prerequisites, so problems show up in ninth grade, not in twelfth.</p>`,
  },
  {
    title: 'Counselors at 350 to 1: Working Smarter with Pathways',
    subtitle: 'How pathways and baseline plans give every student a starting point',
    image: '/blog/pathways.svg',
    date: '2025-11-03',
    author: 'Alex Rivera',
    body: `<p>The national average is about 350 students for every school counselor. No one can hand-build 350 plans each year, so the planner lets counselors publish <em>pathways</em> (sets of requirements toward a goal) and <em>baseline plans</em> (ready-made four-year plans) that students start from.</p>
<p>Students see at a glance which requirements their courses already meet, and counselors spend their time on the conversations that need a person.</p>`,
  },
];
