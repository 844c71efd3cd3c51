/**
 * Lincoln's demo baseline plans (spec 3: baseline plans): the existing "STEM Pathway" record
 * (baseline@lincoln.example) and "Health Sciences", each a four-year plan of Lincoln courses.
 * Courses are found by their course_id at Lincoln and created, when missing, with the values of
 * /work/shared/data/high-school-catalog.csv (the course catalogue area seeds the whole file; either
 * may run first). Every plan keeps each course after its prerequisites.
 */
import type { EntityManager } from 'typeorm';
import { User, UserType } from '../modules/accounts/user.entity.js';
import { Course, CoursePrerequisite } from '../modules/courses/course.entity.js';
import { ScheduledCourse } from '../modules/plans/scheduled-course.entity.js';
import { defaultYearLabels, SchoolMembership, type School } from '../modules/schools/school.entity.js';

type CsvCourse = [courseId: string, title: string, description: string, units: number, prerequisites: string[][], tags: string[]];

/** Rows of high-school-catalog.csv (Course ID, Title, Description, Units, Prerequisites, Tags). */
const CATALOG: CsvCourse[] = [
  ['2401', 'English 9', 'English course for grades 9.', 1, [], ['English']],
  ['4301', 'Algebra I', 'Mathematics course for grades 9.', 1, [], ['Mathematics']],
  ['7201', 'Biology', 'Science course for grades 9.', 1, [], ['Science']],
  ['5105', 'PLTW Intro To Computer Science', 'Computer Science course for grades 9,10,11,12.', 1, [], ['Computer Science']],
  ['3101', 'Spanish I', 'World Languages course for grades 9,10,11,12.', 1, [], ['World Languages']],
  ['6101', 'Physical Education/Wellness', 'Maximum 2 PE classes per year', 0.5, [], ['Physical Education']],
  ['2501', 'English 10', 'English course for grades 10.', 1, [['2401', '2404']], ['English']],
  ['4401', 'Geometry', 'Mathematics course for grades 9,10,11,12.', 1, [['4301', '4304']], ['Mathematics']],
  ['7101', 'Physical Science', 'Science course for grades 10.', 1, [['7201']], ['Science']],
  ['5606', 'PLTW Computer Science Principles', 'Computer Science course for grades 9,10,11,12.', 1, [['5105']], ['Computer Science']],
  ['3102', 'Spanish II', 'C or higher in Spanish I', 1, [['3101']], ['World Languages']],
  ['8201', 'Modern World History', 'Quarter course', 0.5, [], ['Social Studies']],
  ['2601', 'English 11', 'English course for grades 11.', 1, [['2501', '2504']], ['English']],
  ['4504', 'Accelerated Algebra II', 'Mathematics course for grades 10,11,12.', 1, [['4401', '4402']], ['Accelerated', 'Mathematics']],
  ['7301', 'Chemistry', 'C or higher in Physical Science, B or higher in Algebra I', 1, [['7101', '4504', '4506']], ['Science']],
  ['5700', 'PLTW Cybersecurity', 'Computer Science course for grades 10,11,12.', 1, [['5105']], ['Computer Science']],
  ['8304', 'US History', 'Must also take US Government', 1, [], ['Social Studies']],
  ['2715', 'English 12', 'English course for grades 12.', 1, [['2601', '2608']], ['English']],
  ['4701', 'Precalculus (Accelerated)', 'Mathematics course for grades 10,11,12.', 1, [['4504']], ['Accelerated', 'Mathematics']],
  ['7400', 'Physics', 'B or higher in Physical Science, Algebra II pre or corequisite', 1, [['7101', '7301'], ['4504', '4506']], ['Science']],
  ['8401', 'US Government', 'Quarter course; Must also take US History', 0.5, [['2501', '2504']], ['Social Studies']],
  ['8701', 'Economics', 'Economics or Personal Finance required', 0.5, [['2501', '2504']], ['Social Studies']],
  ['6105', 'Health Education', 'Required if Integrated Health not taken in Middle School', 0.5, [], ['Physical Education']],
  ['3066', 'PLTW Biomedical Science', 'Does not count as a HS science credit', 1, [], ['Dual Credit', 'CTE']],
  ['4506', 'Algebra II with Financial Applications', 'Mathematics course for grades 10,11,12.', 1, [['4401', '4402']], ['Mathematics']],
  ['7209', 'Anatomy & Physiology', 'C or higher in Biology recommended', 1, [['7201']], ['Science']],
  ['14001', 'Health Service Careers I-Exploration', 'CTE course for grades 11,12.', 1, [], ['Dual Credit', 'CTE']],
  ['7210', 'Environmental Biology', 'B or higher in Biology recommended', 1, [['7201'], ['7101']], ['Dual Credit', 'Science']],
  ['9999', 'Biology II', 'Labs require either real or virtual disections', 1, [['7201'], ['7101']], ['Dual Credit', 'Science']],
];

/** Each plan: course ids per year (9th, 10th, 11th, 12th Grade). */
export const DEMO_BASELINE_PLANS: Record<'stem' | 'health', string[][]> = {
  stem: [
    ['2401', '4301', '7201', '5105', '3101', '6101'],
    ['2501', '4401', '7101', '5606', '3102', '8201'],
    ['2601', '4504', '7301', '5700', '8304'],
    ['2715', '4701', '7400', '8401', '8701'],
  ],
  health: [
    ['2401', '4301', '7201', '3101', '6105', '3066'],
    ['2501', '4401', '7101', '3102', '6101'],
    ['2601', '4506', '7301', '7209', '8304', '14001'],
    ['2715', '7210', '8401', '8701', '9999'],
  ],
};

export const HEALTH_SCIENCES_USERNAME = 'baseline_plan_health_sciences';

const tagKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** Lincoln's course ids to course rows: found, or created from the catalogue values (with their prerequisites). */
export async function findOrCreateCourses(m: EntityManager, school: School, courseIds: string[]): Promise<Map<string, Course>> {
  const repo = m.getRepository(Course);
  const wanted = CATALOG.filter(([id]) => courseIds.includes(id));
  const created: CsvCourse[] = [];
  for (const row of wanted) {
    const [courseId, title, description, units, , tags] = row;
    const result = await m.query(
      `INSERT INTO courses (school_id, course_id, title, description, units, tags) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (school_id, course_id) DO NOTHING RETURNING id`,
      [school.id, courseId, title, description, units, JSON.stringify(Object.fromEntries(tags.map((t) => [tagKey(t), t])))],
    );
    if (result.length) created.push(row);
  }
  const rows = await repo.createQueryBuilder('c').where('c.school_id = :s', { s: school.id }).getMany();
  const byId = new Map(rows.map((c) => [c.courseId, c]));
  // Prerequisites only for the courses made here, naming the members that exist at Lincoln.
  const links: Partial<CoursePrerequisite>[] = [];
  for (const [courseId, , , , groups] of created) {
    groups.forEach((group, groupIndex) => {
      for (const member of group) {
        const p = byId.get(member);
        if (p) links.push({ courseId: byId.get(courseId)!.id, groupIndex, prerequisiteId: p.id });
      }
    });
  }
  if (links.length) await m.getRepository(CoursePrerequisite).insert(links);
  return new Map(courseIds.filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!]));
}

async function schedule(m: EntityManager, plan: User, years: string[][], courses: Map<string, Course>): Promise<void> {
  const rows: Partial<ScheduledCourse>[] = [];
  years.forEach((ids, year) => ids.forEach((id, position) => {
    const course = courses.get(id);
    if (course) rows.push({ userId: plan.id, courseId: course.id, term: String(year + 1), position });
  }));
  await m.query(`DELETE FROM scheduled_courses WHERE user_id = $1`, [plan.id]);
  await m.getRepository(ScheduledCourse).insert(rows);
}

/** Fills the STEM Pathway record's plan and creates the Health Sciences plan. */
export async function seedBaselinePlans(m: EntityManager, lincoln: School, stem: User): Promise<void> {
  const all = [...new Set(Object.values(DEMO_BASELINE_PLANS).flat(2))];
  const courses = await findOrCreateCourses(m, lincoln, all);
  const users = m.getRepository(User);
  const health = await users.save(users.create({
    email: HEALTH_SCIENCES_USERNAME, passwordHash: '', firstName: 'Health Sciences',
    lastName: 'A four-year plan toward nursing and health careers', userType: UserType.BaselinePlan, schoolId: lincoln.id,
    academicYearLabels: defaultYearLabels(lincoln.schoolType),
  }));
  await m.getRepository(SchoolMembership).insert({ userId: health.id, schoolId: lincoln.id });
  await schedule(m, stem, DEMO_BASELINE_PLANS.stem, courses);
  await schedule(m, health, DEMO_BASELINE_PLANS.health, courses);
}
