/**
 * `npm run seed:district -- --students 50000 --courses 5000 --pathways 200`
 *
 * Fills DATABASE_URL (migrated first) with a realistic district, in bulk: high schools sharing one
 * community college as partner; a college catalogue with prerequisite chains (up to 10 deep, some
 * courses with two groups) and each high school's own catalogue; pathways with requirements and the
 * courses that fulfil them; students with plans of 20-40 courses over four years, placed after their
 * prerequisites; a parent per two students; a consent form per student; staff per school; an online
 * (dual) school with one applicant parent per 50 students and their applications (half submitted).
 *
 * Rows go in with `INSERT ... SELECT FROM unnest($1::type[], ...)`, BATCH rows per statement, so the
 * statement count grows with batches, not rows. Every account's password is the demo password.
 * The generator is deterministic for given sizes (a seeded random source), so runs compare.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../server/src/core/passwords.js';
import { seededRandom as random } from '../server/src/core/seeded-random.js';
import { makeDataSource, migrate } from '../server/src/db/database.js';
import { DEMO_PASSWORD } from '../server/src/db/seed.js';
import { completeRecords } from '../server/src/modules/admissions/admissions.factories.js';
import { defaultTemplateBytes, stampPdf } from '../server/src/modules/consent-forms/consent-forms.factories.js';

const BATCH = 5000;
const STUDENTS_PER_HIGH_SCHOOL = 2500;
const HS_COURSES_PER_SCHOOL = 120;
const REQUIREMENTS_PER_PATHWAY = 5;
const COURSES_PER_REQUIREMENT = 8;
const HS_TERMS = ['9th Grade', '10th Grade', '11th Grade', '12th Grade'];

export interface DistrictSize {
  students: number;
  courses: number;
  pathways: number;
  /** Students per high school (default 2500): a school of the district has at most this many. */
  studentsPerSchool?: number;
  /** Each high school's own catalogue (default 120); the college gets the rest of `courses`, at least 10. */
  hsCoursesPerSchool?: number;
}

/** What was made, so a benchmark or a test can sign in and pick its subjects. */
export interface DistrictSummary {
  runTag: string;
  collegeId: number;
  highSchoolIds: number[];
  dualSchoolId: number;
  /** One staff member per high school, in the order of highSchoolIds. */
  staffEmails: string[];
  /** The i-th student's email (students go round the high schools: student i is at highSchoolIds[i % n]). */
  studentEmail(i: number): string;
  students: number;
  scheduledCourses: number;
  applications: number;
}

/** Inserts columns of equal length in batches; `types` are the PostgreSQL array types of the columns. */
async function bulkInsert(db: DataSource, table: string, columns: string[], types: string[], rows: unknown[][], returning?: string): Promise<any[]> {
  const out: any[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    const params = columns.map((_, c) => chunk.map((r) => r[c]));
    const select = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${select})${returning ? ` RETURNING ${returning}` : ''}`;
    const res = await db.query(sql, params);
    if (returning) out.push(...res);
  }
  return out;
}

export async function seedDistrict(db: DataSource, size: DistrictSize, log: (m: string) => void = console.log): Promise<DistrictSummary> {
  const rnd = random(size.students * 31 + size.courses * 7 + size.pathways);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const runTag = Date.now().toString(36) + Math.floor(Math.random() * 1296).toString(36);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const started = Date.now();
  const step = (m: string) => log(`${((Date.now() - started) / 1000).toFixed(1)}s  ${m}`);

  // Schools: one community college and enough high schools for the students.
  const highSchools = Math.max(1, Math.ceil(size.students / (size.studentsPerSchool ?? STUDENTS_PER_HIGH_SCHOOL)));
  const schoolRows: unknown[][] = [[`District Community College ${runTag}`, 'CLG', 'CA', '#0b6e4f', false, false, false]];
  for (let i = 1; i <= highSchools; i++) schoolRows.push([`District High School ${i} ${runTag}`, 'HS', 'CA', '#8b1e3f', true, true, true]);
  const schools = await bulkInsert(
    db,
    'schools',
    ['name', 'school_type', 'location', 'primary_color', 'baseline_plans_enabled', 'parent_form_enabled', 'ccc_apply_enabled'],
    ['text', 'text', 'text', 'text', 'boolean', 'boolean', 'boolean'],
    schoolRows,
    'id',
  );
  const collegeId: number = schools[0].id;
  const hsIds: number[] = schools.slice(1).map((s: { id: number }) => s.id);
  await bulkInsert(
    db,
    'school_partnerships',
    ['school_id', 'partner_school_id'],
    ['int', 'int'],
    hsIds.map((id) => [id, collegeId]),
  );
  step(`${schools.length} schools`);

  // Courses: the college gets what the high schools' catalogues leave of --courses.
  const hsCourses = size.hsCoursesPerSchool ?? HS_COURSES_PER_SCHOOL;
  const collegeCourses = Math.max(10, size.courses - highSchools * hsCourses);
  const subjects = ['MATH', 'ENGL', 'BIOL', 'CHEM', 'HIST', 'PSYCH', 'CS', 'ART', 'MUSIC', 'ECON', 'PHYS', 'SPAN'];
  const tagNames = ['UC', 'CSU', 'Cal-GETC 1A', 'Cal-GETC 2', 'Cal-GETC 5B'];
  const courseRows: unknown[][] = [];
  for (let i = 0; i < collegeCourses; i++) {
    const subject = subjects[i % subjects.length];
    const tags = Object.fromEntries(tagNames.filter(() => rnd() < 0.3).map((t) => [t.toLowerCase().replace(/[^a-z0-9]+/g, '-'), t]));
    courseRows.push([
      collegeId,
      `${subject} ${Math.floor(i / subjects.length) + 1}`,
      `${subject} course ${i + 1}`,
      `A college course in ${subject}.`,
      pick([3, 4, 5, 2.5]),
      subject,
      JSON.stringify(tags),
    ]);
  }
  for (const hs of hsIds) {
    for (let i = 0; i < hsCourses; i++) {
      const subject = subjects[i % subjects.length];
      courseRows.push([hs, String(1000 + i), `${subject} ${Math.floor(i / subjects.length) + 1}`, `A high-school course in ${subject}.`, pick([0.5, 1]), subject, '{}']);
    }
  }
  const courses = await bulkInsert(
    db,
    'courses',
    ['school_id', 'course_id', 'title', 'description', 'units', 'subject', 'tags'],
    ['int', 'text', 'text', 'text', 'numeric', 'text', 'jsonb'],
    courseRows,
    'id, school_id',
  );
  const bySchool = new Map<number, number[]>();
  for (const c of courses as { id: number; school_id: number }[]) {
    if (!bySchool.has(c.school_id)) bySchool.set(c.school_id, []);
    bySchool.get(c.school_id)!.push(c.id);
  }
  step(`${courses.length} courses`);

  // Prerequisites: within a subject, level n needs level n-1 (chains up to 10 deep); every fifth
  // course also needs one of two courses of another subject (a second group).
  const prereqRows: unknown[][] = [];
  /** course id -> its prerequisite course ids (any group), to place plans in order. */
  const prereqOf = new Map<number, number[]>();
  for (const ids of bySchool.values()) {
    ids.forEach((id, i) => {
      const level = Math.floor(i / subjects.length);
      if (level === 0 || level % 10 === 0) return;
      const before = ids[i - subjects.length];
      prereqRows.push([id, 0, before]);
      const needs = [before];
      if (i % 5 === 0 && i >= 2 * subjects.length) {
        const a = ids[i - subjects.length - 1];
        const b = ids[i - 2 * subjects.length - 1];
        prereqRows.push([id, 1, a], [id, 1, b]);
        needs.push(a);
      }
      prereqOf.set(id, needs);
    });
  }
  await bulkInsert(db, 'course_prerequisites', ['course_id', 'group_index', 'prerequisite_id'], ['int', 'smallint', 'int'], prereqRows);
  step(`${prereqRows.length} prerequisite links`);

  // Transferability: a third of the college catalogue is accepted by each high school, at 1 unit.
  const collegeIds = bySchool.get(collegeId)!;
  const transferRows: unknown[][] = [];
  for (const hs of hsIds) for (const id of collegeIds) if (rnd() < 0.33) transferRows.push([id, hs, 1]);
  await bulkInsert(db, 'course_transfers', ['course_id', 'school_id', 'adjusted_units'], ['int', 'int', 'numeric'], transferRows);
  step(`${transferRows.length} transfers`);

  // Pathways and requirements, spread over the schools; each requirement fulfilled by a few courses.
  const pathwaySchools = [collegeId, ...hsIds];
  const colors = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink', ''];
  const pathways = await bulkInsert(
    db,
    'pathways',
    ['school_id', 'name', 'description', 'color'],
    ['int', 'text', 'text', 'text'],
    Array.from({ length: size.pathways }, (_, i) => [pathwaySchools[i % pathwaySchools.length], `Pathway ${i + 1}`, 'A district pathway.', colors[i % colors.length]]),
    'id, school_id',
  );
  const reqRows: unknown[][] = [];
  for (const p of pathways as { id: number }[]) {
    for (let r = 0; r < REQUIREMENTS_PER_PATHWAY; r++) reqRows.push([p.id, `Requirement ${r + 1}`, '', pick([0, 3, 6]), pick([1, 2])]);
  }
  const requirements = await bulkInsert(
    db,
    'requirements',
    ['pathway_id', 'name', 'description', 'number_of_units', 'number_of_courses'],
    ['int', 'text', 'text', 'numeric', 'int'],
    reqRows,
    'id, pathway_id',
  );
  const pathwaySchool = new Map((pathways as { id: number; school_id: number }[]).map((p) => [p.id, p.school_id]));
  const fulfilRows: unknown[][] = [];
  for (const r of requirements as { id: number; pathway_id: number }[]) {
    const pool = [...bySchool.get(pathwaySchool.get(r.pathway_id)!)!, ...collegeIds];
    const chosen = new Set<number>();
    while (chosen.size < COURSES_PER_REQUIREMENT) chosen.add(pick(pool));
    for (const c of chosen) fulfilRows.push([c, r.id]);
  }
  await bulkInsert(db, 'course_requirements', ['course_id', 'requirement_id'], ['int', 'int'], fulfilRows);
  step(`${pathways.length} pathways, ${requirements.length} requirements, ${fulfilRows.length} fulfilments`);

  // Staff, students, parents.
  const userRows: unknown[][] = [];
  hsIds.forEach((hs, i) => {
    userRows.push([`staff-${runTag}-${i}@district.example`, passwordHash, 'Staff', `Member ${i + 1}`, 2, hs, null, '[]', null, null]);
  });
  const firstNames = ['Ava', 'Ben', 'Chloe', 'Diego', 'Emma', 'Farah', 'Gabe', 'Hana', 'Ivan', 'Jada', 'Kai', 'Luz', 'Mateo', 'Nia'];
  const lastNames = ['Garcia', 'Nguyen', 'Smith', 'Patel', 'Kim', 'Lopez', 'Brown', 'Chen', 'Davis', 'Silva'];
  for (let i = 0; i < size.students; i++) {
    userRows.push([
      `student-${runTag}-${i}@district.example`,
      passwordHash,
      pick(firstNames),
      pick(lastNames),
      1,
      hsIds[i % hsIds.length],
      `D${runTag}${i.toString(36)}`.toUpperCase(),
      JSON.stringify(HS_TERMS),
      String(9 + (i % 4)),
      '01152010',
    ]);
  }
  const users = await bulkInsert(
    db,
    'users',
    ['email', 'password_hash', 'first_name', 'last_name', 'user_type', 'school_id', 'parent_code', 'academic_year_labels', 'grade', 'dob'],
    ['text', 'text', 'text', 'text', 'smallint', 'int', 'text', 'jsonb', 'text', 'text'],
    userRows,
    'id, user_type, school_id',
  );
  const students = (users as { id: number; user_type: number; school_id: number }[]).filter((u) => u.user_type === 1);
  const parentRows = Array.from({ length: Math.ceil(students.length / 2) }, (_, i) => [
    `parent-${runTag}-${i}@district.example`,
    passwordHash,
    'Parent',
    `${i + 1}`,
    3,
    students[i * 2].school_id,
  ]);
  const parents = await bulkInsert(
    db,
    'users',
    ['email', 'password_hash', 'first_name', 'last_name', 'user_type', 'school_id'],
    ['text', 'text', 'text', 'text', 'smallint', 'int'],
    parentRows,
    'id',
  );
  const linkRows: unknown[][] = [];
  students.forEach((s, i) => linkRows.push([parents[Math.floor(i / 2)].id, s.id]));
  await bulkInsert(db, 'parent_student_links', ['parent_id', 'student_id'], ['int', 'int'], linkRows);
  const states = ['admin_signed', 'student_signed', 'both_signed'];
  await bulkInsert(
    db,
    'consent_forms',
    ['student_id', 'school_id', 'state'],
    ['int', 'int', 'text'],
    students.map((s) => [s.id, s.school_id, pick(states)]),
  );
  step(`${students.length} students, ${parents.length} parents, ${hsIds.length} staff, consent forms`);

  // Plans: 20-40 courses over four years, each after its prerequisites (a course is placed only
  // when a course of each of its groups is already placed in an earlier term).
  const planRows: unknown[][] = [];
  const flush = async () => {
    await bulkInsert(db, 'scheduled_courses', ['user_id', 'course_id', 'term', 'position'], ['int', 'int', 'text', 'int'], planRows.splice(0));
  };
  for (const s of students) {
    const pool = [...bySchool.get(s.school_id)!, ...collegeIds];
    const want = 20 + Math.floor(rnd() * 21);
    const termOf = new Map<number, number>();
    const perTerm = [0, 0, 0, 0];
    for (let tries = 0; termOf.size < want && tries < want * 20; tries++) {
      const c = pick(pool);
      if (termOf.has(c)) continue;
      const needs = prereqOf.get(c) ?? [];
      const earliest = needs.reduce((t, p) => Math.max(t, (termOf.get(p) ?? 99) + 1), 0);
      if (earliest > 3) continue;
      const term = earliest + Math.floor(rnd() * (4 - earliest));
      termOf.set(c, term);
      planRows.push([s.id, c, String(term + 1), perTerm[term]++]);
    }
    if (planRows.length >= BATCH * 4) await flush();
  }
  await flush();
  const [{ count }] = await db.query('SELECT count(*)::int AS count FROM scheduled_courses WHERE user_id = ANY($1::int[])', [students.map((s) => s.id)]);
  step(`plans written (${count} scheduled courses)`);

  // The online (dual) school's admissions: an applicant parent per 50 students, each with an
  // application; half submitted (a quarter of those decided), the others still being filled in.
  const [dual] = await bulkInsert(
    db,
    'schools',
    ['name', 'school_type', 'location', 'primary_color', 'dual_school_enabled'],
    ['text', 'text', 'text', 'text', 'boolean'],
    [[`District Online High School ${runTag}`, 'HS', 'CA', '#2e4a9e', true]],
    'id',
  );
  const applicants = Math.max(1, Math.floor(size.students / 50));
  const statusOf = (i: number) => (i % 2 ? 'in_progress' : i % 8 === 0 ? 'accepted' : 'complete');
  const applicantUsers = await bulkInsert(
    db,
    'users',
    ['email', 'password_hash', 'first_name', 'last_name', 'user_type', 'school_id', 'application_status'],
    ['text', 'text', 'text', 'text', 'smallint', 'int', 'text'],
    Array.from({ length: applicants }, (_, i) => [`applicant-${runTag}-${i}@district.example`, passwordHash, 'Applicant', `${i + 1}`, 3, dual.id, statusOf(i)]),
    'id',
  );
  const formData = JSON.stringify(completeRecords());
  const now = new Date().toISOString();
  await bulkInsert(
    db,
    'applications',
    ['parent_id', 'school_id', 'form_data', 'submitted_at', 'decided_at'],
    ['int', 'int', 'jsonb', 'timestamptz', 'timestamptz'],
    (applicantUsers as { id: number }[]).map((u, i) => [u.id, dual.id, formData, statusOf(i) === 'in_progress' ? null : now, statusOf(i) === 'accepted' ? now : null]),
  );
  step(`${applicants} applications at the online school`);

  return {
    runTag,
    collegeId,
    highSchoolIds: hsIds,
    dualSchoolId: dual.id,
    staffEmails: hsIds.map((_, i) => `staff-${runTag}-${i}@district.example`),
    studentEmail: (i) => `student-${runTag}-${i}@district.example`,
    students: students.length,
    scheduledCourses: count,
    applications: applicants,
  };
}

/**
 * Two students whose data differ by `factor` and nothing else, for the growth budget: each at its own
 * high school partnered with its own college; catalogue 12*s courses per school (chains of
 * prerequisites), 2*s pathways of 5 requirements (4 fulfilling courses each), half the college
 * catalogue accepted, and a plan of 4*s courses over the four years, placed at random so some
 * prerequisites are not met (warnings). s is 1 for the base student and `factor` for the grown one.
 */
export async function seedGrowthFixture(db: DataSource, factor: number): Promise<{ baseEmail: string; grownEmail: string }> {
  const rnd = random(factor * 977);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const tag = Date.now().toString(36) + Math.floor(Math.random() * 1296).toString(36);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const emails: string[] = [];
  for (const s of [1, factor]) {
    const [college, hs] = await bulkInsert(
      db,
      'schools',
      ['name', 'school_type', 'location'],
      ['text', 'text', 'text'],
      [
        [`Growth College x${s} ${tag}`, 'CLG', 'CA'],
        [`Growth High x${s} ${tag}`, 'HS', 'CA'],
      ],
      'id',
    );
    await bulkInsert(db, 'school_partnerships', ['school_id', 'partner_school_id'], ['int', 'int'], [[hs.id, college.id]]);
    const ids: Record<number, number[]> = {};
    for (const school of [college.id, hs.id]) {
      const rows = Array.from({ length: 12 * s }, (_, i) => [school, `G${i + 1}`, `Growth course ${i + 1}`, '', 3, 'GEN', '{}']);
      ids[school] = (
        await bulkInsert(
          db,
          'courses',
          ['school_id', 'course_id', 'title', 'description', 'units', 'subject', 'tags'],
          ['int', 'text', 'text', 'text', 'numeric', 'text', 'jsonb'],
          rows,
          'id',
        )
      ).map((r: { id: number }) => r.id);
      const pre = ids[school].flatMap((id, i) => (i >= 6 ? [[id, 0, ids[school][i - 6]]] : []));
      await bulkInsert(db, 'course_prerequisites', ['course_id', 'group_index', 'prerequisite_id'], ['int', 'smallint', 'int'], pre);
    }
    await bulkInsert(
      db,
      'course_transfers',
      ['course_id', 'school_id', 'adjusted_units'],
      ['int', 'int', 'numeric'],
      ids[college.id].filter((_, i) => i % 2 === 0).map((id) => [id, hs.id, 1]),
    );
    const pathways = await bulkInsert(
      db,
      'pathways',
      ['school_id', 'name', 'description', 'color'],
      ['int', 'text', 'text', 'text'],
      Array.from({ length: 2 * s }, (_, i) => [hs.id, `Growth pathway ${i + 1}`, '', 'blue']),
      'id',
    );
    const reqs = await bulkInsert(
      db,
      'requirements',
      ['pathway_id', 'name', 'description', 'number_of_units', 'number_of_courses'],
      ['int', 'text', 'text', 'numeric', 'int'],
      pathways.flatMap((p: { id: number }) => Array.from({ length: 5 }, (_, r) => [p.id, `Requirement ${r + 1}`, '', 6, 2])),
      'id',
    );
    const pool = [...ids[hs.id], ...ids[college.id]];
    const fulfil: unknown[][] = [];
    for (const r of reqs as { id: number }[]) {
      const chosen = new Set<number>();
      while (chosen.size < 4) chosen.add(pick(pool));
      for (const c of chosen) fulfil.push([c, r.id]);
    }
    await bulkInsert(db, 'course_requirements', ['course_id', 'requirement_id'], ['int', 'int'], fulfil);
    const email = `growth-x${s}-${tag}@district.example`;
    const [student] = await bulkInsert(
      db,
      'users',
      ['email', 'password_hash', 'first_name', 'last_name', 'user_type', 'school_id', 'academic_year_labels', 'grade'],
      ['text', 'text', 'text', 'text', 'smallint', 'int', 'jsonb', 'text'],
      [[email, passwordHash, 'Growth', `x${s}`, 1, hs.id, JSON.stringify(HS_TERMS), '10']],
      'id',
    );
    const chosen = new Set<number>();
    while (chosen.size < 4 * s) chosen.add(pick(pool));
    const perTerm = [0, 0, 0, 0];
    await bulkInsert(
      db,
      'scheduled_courses',
      ['user_id', 'course_id', 'term', 'position', 'grade', 'completed'],
      ['int', 'int', 'text', 'int', 'text', 'boolean'],
      [...chosen].map((c, i) => {
        const term = i % 4;
        return [student.id, c, String(term + 1), perTerm[term]++, i % 3 ? 'A' : '', i % 3 !== 0];
      }),
    );
    emails.push(email);
  }
  return { baseEmail: emails[0], grownEmail: emails[1] };
}

/** A valid RGB PNG of random pixels (compresses to about its raw size, like a scan). */
function noisePng(width: number, height: number): Uint8Array {
  const rnd = random(width * height);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < raw.length; i++) raw[i] = i % (width * 3 + 1) === 0 ? 0 : Math.floor(rnd() * 256);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A high school with the parent form on, a staff member, and for each count a grade of that many
 * students whose forms are completed (both_signed) with a signed PDF: the default template stamped
 * with the student's and the parent's names, as the signing screens save it.
 */
export async function seedConsentExportFixture(db: DataSource, counts: number[]): Promise<{ schoolId: number; staffEmail: string; grades: string[] }> {
  const tag = Date.now().toString(36) + Math.floor(Math.random() * 1296).toString(36);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [school] = await bulkInsert(
    db,
    'schools',
    ['name', 'school_type', 'location', 'parent_form_enabled'],
    ['text', 'text', 'text', 'boolean'],
    [[`Export High ${tag}`, 'HS', 'CA', true]],
    'id',
  );
  const staffEmail = `export-staff-${tag}@district.example`;
  await bulkInsert(
    db,
    'users',
    ['email', 'password_hash', 'first_name', 'last_name', 'user_type', 'school_id'],
    ['text', 'text', 'text', 'text', 'smallint', 'int'],
    [[staffEmail, passwordHash, 'Export', 'Staff', 2, school.id]],
  );
  // A signed form as parents send it back: the template with a scanned signature page (an
  // incompressible ~100 KB image, as a photo or scan is), stamped with the names.
  const base = await PDFDocument.load(await defaultTemplateBytes());
  const scan = await base.embedPng(noisePng(200, 170));
  const page = base.addPage([612, 792]);
  page.drawImage(scan, { x: 72, y: 400, width: 468, height: 398 });
  const template = await base.save();
  const grades: string[] = [];
  for (const [k, n] of counts.entries()) {
    const grade = String(9 + k);
    grades.push(grade);
    const students = await bulkInsert(
      db,
      'users',
      ['email', 'first_name', 'last_name', 'user_type', 'school_id', 'grade'],
      ['text', 'text', 'text', 'smallint', 'int', 'text'],
      Array.from({ length: n }, (_, i) => [`export-${tag}-${grade}-${i}@district.example`, `Student${i}`, `Grade${grade}`, 1, school.id, grade]),
      'id, first_name, last_name',
    );
    for (let i = 0; i < students.length; i += 50) {
      const chunk = students.slice(i, i + 50) as { id: number; first_name: string; last_name: string }[];
      const pdfs = await Promise.all(chunk.map((st) => stampPdf(template, [`${st.first_name} ${st.last_name}`, `Parent of ${st.first_name}`])));
      await db.query(
        `INSERT INTO consent_forms (student_id, school_id, state, signed_pdf, page_count, student_signed_at, parent_signed_at)
         SELECT unnest($1::int[]), $2, 'both_signed', unnest($3::bytea[]), 1, now(), now()`,
        [chunk.map((st) => st.id), school.id, pdfs],
      );
    }
  }
  return { schoolId: school.id, staffEmail, grades };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      students: { type: 'string', default: '50000' },
      courses: { type: 'string', default: '5000' },
      pathways: { type: 'string', default: '200' },
      'students-per-school': { type: 'string', default: String(STUDENTS_PER_HIGH_SCHOOL) },
      json: { type: 'boolean', default: false },
      /** Also the growth pair: two students whose data differ by this factor (bench budget 3). */
      growth: { type: 'string' },
      /** Also the consent-export school: comma-separated counts of completed forms per grade, e.g. 50,500. */
      'export-forms': { type: 'string' },
    },
  });
  const size: DistrictSize = {
    students: Number(values.students),
    courses: Number(values.courses),
    pathways: Number(values.pathways),
    studentsPerSchool: Number(values['students-per-school']),
  };
  for (const [k, v] of Object.entries(size)) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a positive whole number`);
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to fill (it is migrated first).');
  const db = makeDataSource(url, 2, true);
  await db.initialize();
  try {
    await migrate(db);
    // --json: progress on stderr, and the summary (without the email function) as the last stdout line.
    const log = values.json ? (m: string) => console.error(m) : console.log;
    const summary = await seedDistrict(db, size, log);
    const growth = values.growth ? await seedGrowthFixture(db, Number(values.growth)) : undefined;
    if (growth) log(`growth pair: ${growth.baseEmail}, ${growth.grownEmail}`);
    const exportForms = values['export-forms'] ? await seedConsentExportFixture(db, values['export-forms'].split(',').map(Number)) : undefined;
    if (exportForms) log(`consent export school ${exportForms.schoolId}: grades ${exportForms.grades.join(', ')}`);
    // As after any bulk load: statistics and the visibility map, so the first queries are planned
    // on real row counts and no autovacuum runs in the middle of a measurement.
    const started = Date.now();
    await db.query('VACUUM ANALYZE');
    log(`vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)}s`);
    if (values.json) {
      console.log(JSON.stringify({ ...summary, studentEmail: undefined, firstStudentEmail: summary.studentEmail(0), growth, exportForms }));
    }
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
