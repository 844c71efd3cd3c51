import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { buildCourse } from '../courses/courses.factories.js';
import type { School } from '../schools/school.entity.js';
import type { User } from '../accounts/user.entity.js';
import { schoolYearEndOf } from './term-placement.js';
import { TRANSCRIPT_IMPORT_QUEUE } from './transcript-queue.js';
import { TranscriptsService } from './transcripts.service.js';
import { SchoolsService } from '../schools/schools.service.js';

const h = useHarness();

const worker = () => new JobWorker(h.db, { [TRANSCRIPT_IMPORT_QUEUE]: backgroundHandlers(h.db, h.services, {})[TRANSCRIPT_IMPORT_QUEUE] });

/** Uploads (202), lets a worker import, and answers the finished import as GET shows it. */
async function importFile(token: string, body: Buffer | string, filename = 'history.csv', contentType = 'text/csv') {
  const res = await h.api.post('/api/transcript-import/').set(h.auth(token)).attach('file', Buffer.from(body), { filename, contentType });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.headers.location).toBe(`/api/transcript-imports/${res.body.id}/`);
  await worker().runOnce();
  const done = await h.api.get(res.headers.location).set(h.auth(token));
  expect(done.status).toBe(200);
  return done.body;
}

/** The current school year's end, and the year a 10th grader was in 9th grade: "YYYY-YYYY". */
const thisEnd = schoolYearEndOf(new Date());
const yearsAgo = (n: number) => `${thisEnd - n - 1}-${thisEnd - n}`;

interface Fixture {
  school: School;
  staff: User;
  token: string;
  students: User[];
  courses: Awaited<ReturnType<typeof buildCourse>>[];
}

async function fixture(n = 20): Promise<Fixture> {
  const school = await h.buildSchool();
  const staff = await h.buildStaff({ school });
  const students: User[] = [];
  for (let i = 0; i < n; i++) {
    const s = await h.buildStudent({ school, grade: '10' });
    await h.db.query(`UPDATE users SET sourced_id = $2 WHERE id = $1`, [s.id, `STU-${s.id}`]);
    students.push(s);
  }
  const courses = [
    await buildCourse(h.db, school, { courseId: 'ENG1', title: 'English 9', units: 5 }),
    await buildCourse(h.db, school, { courseId: 'ALG1', title: 'Algebra 1', units: 5 }),
    await buildCourse(h.db, school, { courseId: 'BIO', title: 'Biology', units: 5 }),
  ];
  return { school, staff, token: await h.tokenFor(staff), students, courses };
}

const planOf = (userId: number) =>
  h.db.query(
    `SELECT c.course_id AS code, sc.term, sc.grade, sc.completed, sc.transcript_record_id IS NOT NULL AS from_record
       FROM scheduled_courses sc JOIN courses c ON c.id = sc.course_id WHERE sc.user_id = $1 ORDER BY c.course_id`,
    [userId],
  );

describe('transcript import: CSV', () => {
  it('imports 20 students from a SIS export with its own header names, places the courses in their terms, lists bad rows, and a re-import changes nothing', async () => {
    const f = await fixture(20);
    const elsewhere = await h.buildStudent();
    await h.db.query(`UPDATE users SET sourced_id = 'OTHER-1' WHERE id = $1`, [elsewhere.id]);
    // 9th grade two school years ago (labels "9th Grade".."12th Grade": term 1), and this year's course in progress (term 2).
    const rows = f.students.flatMap((s, i) => [
      `STU-${s.id},ENG1,${yearsAgo(1)},Fall,${i % 2 ? 'A' : 'B+'},5,Completed`,
      `STU-${s.id},alg1,${yearsAgo(1)},Spring,C,5,completed`,
      `STU-${s.id},BIO,${yearsAgo(0)},Year,,,In Progress`,
    ]);
    const csv = [
      'Student Number,Course Code,SCHOOL_YEAR,Term,Mark,Credits Earned,Status',
      ...rows,
      `OTHER-1,ENG1,${yearsAgo(1)},Fall,A,5,completed`,
      `STU-${f.students[0].id},NOPE,${yearsAgo(1)},Fall,A,5,completed`,
      `STU-${f.students[0].id},ENG1,last year,Fall,A,5,completed`,
      `STU-${f.students[0].id},ENG1,${yearsAgo(1)},Fall,A,5,maybe`,
      `STU-${f.students[0].id},ENG1,${yearsAgo(1)},fall,A,5,completed`,
      `STU-${f.students[0].id},ENG1,${yearsAgo(1)}`,
    ].join('\r\n');
    const first = await importFile(f.token, csv);
    expect(first).toMatchObject({ state: 'done', format: 'csv', total_rows: 66, done_rows: 66, created: 60, updated: 0, unchanged: 0, placed: 60, error: null });
    const line = 2 + 60;
    expect(first.errors.map((e: { line: number; reason: string }) => [e.line, e.reason])).toEqual([
      [line, 'TRANSCRIPT_ROW_STUDENT_UNKNOWN'],
      [line + 1, 'TRANSCRIPT_ROW_COURSE_UNKNOWN'],
      [line + 2, 'TRANSCRIPT_ROW_YEAR_INVALID'],
      [line + 3, 'TRANSCRIPT_ROW_STATUS_INVALID'],
      [line + 4, 'TRANSCRIPT_ROW_REPEATED'],
      [line + 5, 'ROW_FIELD_COUNT'],
    ]);
    expect(first.errors[4]).toMatchObject({ message: 'The same student, course, school year and term are on line 2.', params: { line: '2' } });
    expect(first.errors[1].message).toBe('Your school\'s catalogue has no course with the code "NOPE".');

    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM transcript_records WHERE school_id = $1`, [f.school.id]);
    expect(n).toBe(60);
    expect(await planOf(f.students[1].id)).toEqual([
      { code: 'ALG1', term: '1', grade: 'C', completed: true, from_record: true },
      { code: 'BIO', term: '2', grade: '', completed: false, from_record: true },
      { code: 'ENG1', term: '1', grade: 'A', completed: true, from_record: true },
    ]);
    // The other school's student is untouched.
    expect(await h.db.query(`SELECT 1 FROM transcript_records WHERE student_id = $1`, [elsewhere.id])).toEqual([]);

    const before = await h.db.query(`SELECT id, updated_at FROM transcript_records WHERE school_id = $1 ORDER BY id`, [f.school.id]);
    const plansBefore = await h.db.query(`SELECT id, term, position, grade, completed FROM scheduled_courses WHERE user_id = ANY($1::int[]) ORDER BY id`, [
      f.students.map((s) => s.id),
    ]);
    const again = await importFile(f.token, csv);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 60, placed: 0 });
    expect(await h.db.query(`SELECT id, updated_at FROM transcript_records WHERE school_id = $1 ORDER BY id`, [f.school.id])).toEqual(before);
    expect(
      await h.db.query(`SELECT id, term, position, grade, completed FROM scheduled_courses WHERE user_id = ANY($1::int[]) ORDER BY id`, [f.students.map((s) => s.id)]),
    ).toEqual(plansBefore);

    // A changed grade updates the one record; a withdrawal takes the course off the plan.
    const s = f.students[2];
    const changed = await importFile(
      f.token,
      [
        'student_id,course_code,school_year,term,grade,units_earned,status',
        `STU-${s.id},ALG1,${yearsAgo(1)},Spring,B,5,completed`,
        `STU-${s.id},BIO,${yearsAgo(0)},Year,,,W`,
      ].join('\n'),
    );
    expect(changed).toMatchObject({ created: 0, updated: 2, unchanged: 0, placed: 2, errors: [] });
    expect(await planOf(s.id)).toEqual([
      { code: 'ALG1', term: '1', grade: 'B', completed: true, from_record: true },
      { code: 'ENG1', term: '1', grade: 'B+', completed: true, from_record: true },
    ]);
  });

  it('saves a file of many batches batch after batch, every row once', async () => {
    const f = await fixture(20);
    const csv = [
      'student_id,course_code,school_year,term,grade,units_earned,status',
      ...f.students.flatMap((s) => [
        `STU-${s.id},ENG1,${yearsAgo(1)},Fall,A,5,completed`,
        `STU-${s.id},ALG1,${yearsAgo(1)},Spring,B,5,completed`,
        `STU-${s.id},BIO,${yearsAgo(0)},Year,,,In Progress`,
      ]),
    ].join('\n');
    const res = await h.api.post('/api/transcript-import/').set(h.auth(f.token)).attach('file', Buffer.from(csv), { filename: 'history.csv', contentType: 'text/csv' });
    expect(res.status).toBe(202);
    // 60 rows in batches of 7: nine batches, the last one short.
    const small = new TranscriptsService(h.db, new SchoolsService(h.db), 1 << 20, 7);
    await small.processImport(res.body.id, { attempts: 1, max_attempts: 5 }, new AbortController().signal);
    const done = await h.api.get(res.headers.location).set(h.auth(f.token));
    expect(done.body).toMatchObject({ state: 'done', total_rows: 60, done_rows: 60, created: 60, errors: [] });
    const [{ n, distinct }] = await h.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT (student_id, course_id))::int AS distinct FROM transcript_records WHERE school_id = $1`,
      [f.school.id],
    );
    expect({ n, distinct }).toEqual({ n: 60, distinct: 60 });
    expect(await h.db.query(`SELECT 1 FROM transcript_import_rows WHERE import_id = $1`, [res.body.id])).toEqual([]);
    // The queued job finds the import done and changes nothing.
    await worker().runOnce();
    expect((await h.api.get(res.headers.location).set(h.auth(f.token))).body).toMatchObject({ done_rows: 60, created: 60 });
  });

  it("takes over the student's own entry for the course, keeps courses the record does not know as self-reported, and matches by email", async () => {
    const f = await fixture(1);
    const [s] = f.students;
    const token = await h.tokenFor(s);
    await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: f.courses[0].id, term: '3' }).expect(201);
    const own = await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: f.courses[2].id, term: '1' });
    await h.api.post(`/api/courses/update-grade/${own.body.id}/`).set(h.auth(token)).send({ grade: 'A', completed: true }).expect(200);
    const res = await importFile(f.token, `EMAIL,course,year,semester,letter grade\n${s.email.toUpperCase()},ENG1,${yearsAgo(1)},S1,B\n`);
    expect(res).toMatchObject({ created: 1, placed: 1, errors: [] });
    const plan = await h.api.get('/api/plan/').set(h.auth(token));
    const entries = plan.body.terms.flatMap((t: { courses: unknown[] }) => t.courses) as {
      term: string;
      grade: string;
      completed: boolean;
      source: string;
      course: { course_id: string };
    }[];
    expect(entries.map((e) => [e.course.course_id, e.term, e.grade, e.completed, e.source])).toEqual([
      ['BIO', '1', 'A', true, 'self_reported'],
      ['ENG1', '1', 'B', true, 'record'],
    ]);
  });

  it("places new courses after the student's own in their term, in the order taken, positions counting from 0", async () => {
    const f = await fixture(1);
    const [s] = f.students;
    const token = await h.tokenFor(s);
    await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: f.courses[2].id, term: '1' }).expect(201);
    const res = await importFile(
      f.token,
      [
        'student_id,course_code,school_year,term,grade,units_earned,status',
        `STU-${s.id},ALG1,${yearsAgo(1)},Spring,B,5,completed`,
        `STU-${s.id},ENG1,${yearsAgo(1)},Fall,A,5,completed`,
      ].join('\n'),
    );
    expect(res).toMatchObject({ created: 2, placed: 2, errors: [] });
    expect(
      await h.db.query(
        `SELECT c.course_id AS code, sc.term, sc.position FROM scheduled_courses sc JOIN courses c ON c.id = sc.course_id WHERE sc.user_id = $1 ORDER BY sc.term, sc.position`,
        [s.id],
      ),
    ).toEqual([
      { code: 'BIO', term: '1', position: 0 },
      { code: 'ENG1', term: '1', position: 1 },
      { code: 'ALG1', term: '1', position: 2 },
    ]);
  });
});

describe('transcript import: Ed-Fi courseTranscripts', () => {
  const record = (studentUniqueId: string, courseCode: string, schoolYear: number, term: string, result: string, grade: string, credits: number, level?: string) => ({
    id: `${studentUniqueId}-${courseCode}`,
    courseReference: { courseCode, educationOrganizationId: 255901 },
    studentAcademicRecordReference: {
      educationOrganizationId: 255901001,
      schoolYear,
      studentUniqueId,
      termDescriptor: `uri://ed-fi.org/TermDescriptor#${term}`,
    },
    courseAttemptResultDescriptor: `uri://ed-fi.org/CourseAttemptResultDescriptor#${result}`,
    attemptedCredits: credits,
    earnedCredits: credits,
    finalLetterGradeEarned: grade,
    ...(level ? { whenTakenGradeLevelDescriptor: `uri://ed-fi.org/GradeLevelDescriptor#${level}` } : {}),
    _etag: '5250168731208835353',
  });

  it('imports 20 students from the JSON array by REST, places by the grade level taken, and runs on GraphQL too', async () => {
    const f = await fixture(20);
    const body = f.students.flatMap((s) => [
      record(`STU-${s.id}`, 'ENG1', thisEnd - 1, 'Fall Semester', 'Pass', 'A', 5, 'Ninth grade'),
      record(`STU-${s.id}`, 'ALG1', thisEnd - 1, 'Spring Semester', 'Fail', 'F', 0, 'Ninth grade'),
    ]);
    body.push(record('STU-NOBODY', 'ENG1', thisEnd - 1, 'Fall Semester', 'Pass', 'A', 5));
    const withoutResult = { ...record(`STU-${f.students[0].id}`, 'BIO', thisEnd, 'Fall Semester', 'Pass', 'A', 5) } as Record<string, unknown>;
    delete withoutResult.courseAttemptResultDescriptor;
    body.push(withoutResult as never);
    const res = await importFile(f.token, JSON.stringify(body, null, 2), 'courseTranscripts.json', 'application/json');
    expect(res).toMatchObject({ state: 'done', format: 'ed-fi', total_rows: 42, created: 40, placed: 40 });
    expect(res.errors.map((e: { line: number; reason: string }) => [e.line, e.reason])).toEqual([
      [41, 'TRANSCRIPT_ROW_STUDENT_UNKNOWN'],
      [42, 'TRANSCRIPT_ROW_STATUS_INVALID'],
    ]);
    expect(await planOf(f.students[5].id)).toEqual([
      { code: 'ALG1', term: '1', grade: 'F', completed: true, from_record: true },
      { code: 'ENG1', term: '1', grade: 'A', completed: true, from_record: true },
    ]);
    const [rec] = await h.db.query(`SELECT school_year, term, grade_level, units_earned FROM transcript_records WHERE student_id = $1 AND grade = 'A'`, [
      f.students[5].id,
    ]);
    expect(rec).toEqual({ school_year: `${thisEnd - 2}-${thisEnd - 1}`, term: 'Fall Semester', grade_level: 9, units_earned: '5.00' });

    const g = await h.gql(
      'mutation($json: String!) { importTranscript(edFiJson: $json) { id state format totalRows errors { line reason params } } }',
      {
        json: JSON.stringify([
          record(`STU-${f.students[0].id}`, 'BIO', thisEnd, 'Fall Semester', 'Incomplete', '', 0),
          record(`STU-${f.students[0].id}`, 'CHEM', thisEnd, 'Fall Semester', 'Bogus', '', 0),
        ]),
      },
      f.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.importTranscript).toMatchObject({
      state: 'queued',
      format: 'ed-fi',
      totalRows: 2,
      errors: [{ line: 2, reason: 'TRANSCRIPT_ROW_STATUS_INVALID', params: { value: 'Bogus' } }],
    });
    await worker().runOnce();
    const status = await h.gql('query($id: ID!) { transcriptImport(id: $id) { state created placed } }', { id: g.data!.importTranscript.id }, f.token);
    expect(status.data!.transcriptImport).toEqual({ state: 'done', created: 1, placed: 1 });
  });
});

describe('hostile and broken files', () => {
  it('refuses a file that cannot be read whole, with the reason, and stores nothing', async () => {
    const f = await fixture(1);
    const refused = async (body: Buffer | string, filename: string, reason: string, contentType = 'application/octet-stream') => {
      const res = await h.api.post('/api/transcript-import/').set(h.auth(f.token)).attach('file', Buffer.from(body), { filename, contentType });
      expect([res.status, res.body.reason], `${filename}: ${JSON.stringify(res.body)}`).toEqual([400, reason]);
    };
    const deep = '['.repeat(1) + '{"a":'.repeat(50) + '1' + '}'.repeat(50) + ']';
    const wide = JSON.stringify([Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))]);
    const long = JSON.stringify([{ courseReference: { courseCode: 'x'.repeat(70_000) } }]);
    await refused(Buffer.from([0x73, 0x74, 0x00, 0x01, 0xff, 0xfe]), 'history.csv', 'CSV_NOT_TEXT');
    await refused('student_id,course_code\nS1,ENG1\n', 'history.csv', 'TRANSCRIPT_HEADER');
    await refused('{"courseTranscripts": []}', 'history.json', 'TRANSCRIPT_JSON_NOT_ARRAY');
    await refused('[1, 2, 3]', 'history.json', 'TRANSCRIPT_JSON_NOT_ARRAY');
    await refused('[{"courseReference": {"courseCode": "ENG1"}', 'history.json', 'TRANSCRIPT_JSON_SYNTAX');
    await refused('[{"a": tru}]', 'history.json', 'TRANSCRIPT_JSON_SYNTAX');
    await refused(deep, 'history.json', 'TRANSCRIPT_JSON_RECORD_TOO_LARGE');
    await refused(wide, 'history.json', 'TRANSCRIPT_JSON_RECORD_TOO_LARGE');
    await refused(long, 'history.json', 'TRANSCRIPT_JSON_RECORD_TOO_LARGE');
    await refused(`student_id,course_code,school_year,term\n"${'x'.repeat(70_000)}",ENG1,2025,Fall\n`, 'history.csv', 'CSV_ROW_TOO_LONG');
    await refused('student_id,course_code,school_year,term\n"S1,ENG1,2025,Fall\n', 'history.csv', 'CSV_QUOTE_NOT_CLOSED');
    await refused('PK\u0003\u0004zipped', 'history.zip', 'TRANSCRIPT_NOT_CSV_OR_JSON');
    const small = await h.appWith({ courseHistoryMaxBytes: 1024 });
    const big = await small
      .post('/api/transcript-import/')
      .set(h.auth(f.token))
      .attach('file', Buffer.alloc(4096, 'a'), { filename: 'history.csv', contentType: 'text/csv' });
    expect([big.status, big.body.reason]).toEqual([400, 'FILE_TOO_LARGE']);
    const none = await h.api.post('/api/transcript-import/').set(h.auth(f.token)).field('x', 'y');
    expect([none.status, none.body.reason]).toEqual([400, 'CSV_FILE_MISSING']);
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM transcript_imports WHERE school_id = $1`, [f.school.id]);
    expect(n).toBe(0);
  });
});

describe('the record on the plan: locks, corrections, boundaries', () => {
  async function imported() {
    const f = await fixture(1);
    const [s] = f.students;
    await importFile(f.token, `student_id,course_code,school_year,term,grade,units_earned,status\nSTU-${s.id},ENG1,${yearsAgo(1)},Fall,C,5,completed\n`);
    const [entry] = await h.db.query(`SELECT id, transcript_record_id AS record FROM scheduled_courses WHERE user_id = $1`, [s.id]);
    return { ...f, student: s, entry };
  }

  it("refuses the student and a parent a record's grade and completion on both APIs, and its removal or move, saying why", async () => {
    const { student, entry, courses, school } = await imported();
    const token = await h.tokenFor(student);
    const rest = await h.api.post(`/api/courses/update-grade/${entry.id}/`).set(h.auth(token)).send({ grade: 'A' });
    expect([rest.status, rest.body.reason]).toEqual([403, 'TRANSCRIPT_LOCKED']);
    expect(rest.body.error).toContain("on the school's record");
    const done = await h.api.post(`/api/courses/update-grade/${entry.id}/`).set(h.auth(token)).send({ completed: false });
    expect(done.body.reason).toBe('TRANSCRIPT_LOCKED');
    const gql = await h.gql('mutation($id: Int!) { updateGrade(scheduledCourseId: $id, grade: "A", completed: true) { id grade } }', { id: entry.id }, token);
    expect([gql.code, gql.errors?.[0]?.extensions?.reason]).toEqual(['FORBIDDEN', 'TRANSCRIPT_LOCKED']);
    const removed = await h.api.delete(`/api/remove-scheduled-course/${courses[0].id}/`).set(h.auth(token));
    expect([removed.status, removed.body.reason]).toEqual([403, 'TRANSCRIPT_LOCKED']);
    const moved = await h.api.put(`/api/courses/${entry.id}/`).set(h.auth(token)).send({ term: '3' });
    expect([moved.status, moved.body.reason]).toEqual([403, 'TRANSCRIPT_LOCKED']);

    const parent = await h.buildParent({ school, students: [student] });
    const view = await h.api
      .post('/api/view-as-student/')
      .set(h.auth(await h.tokenFor(parent)))
      .send({ studentId: student.id });
    const byParent = await h.api.post(`/api/courses/update-grade/${entry.id}/`).set(h.auth(view.body.token)).send({ grade: 'A' });
    expect(byParent.status).toBe(403);
    const byParentGql = await h.gql('mutation($id: Int!) { updateGrade(scheduledCourseId: $id, grade: "A", completed: true) { id } }', { id: entry.id }, view.body.token);
    expect(byParentGql.code).toBe('FORBIDDEN');
    expect(await h.db.query(`SELECT grade, completed, term FROM scheduled_courses WHERE id = $1`, [entry.id])).toEqual([{ grade: 'C', completed: true, term: '1' }]);
    const plan = await h.gql('{ plan { terms { courses { id grade source } } } }', {}, token);
    expect(plan.data!.plan.terms[0].courses).toEqual([{ id: entry.id, grade: 'C', source: 'record' }]);
  });

  it('lets staff correct a record with a reason kept in the access log; the correction holds on re-import until the school changes it', async () => {
    const { student, entry, token, staff } = await imported();
    const noReason = await h.api.post(`/api/transcript-records/${entry.record}/correct/`).set(h.auth(token)).send({ grade: 'B' });
    expect([noReason.status, noReason.body.reason]).toEqual([400, 'TRANSCRIPT_CORRECTION_REASON_REQUIRED']);
    const badStatus = await h.api.post(`/api/transcript-records/${entry.record}/correct/`).set(h.auth(token)).send({ status: 'passed', reason: 'x' });
    expect(badStatus.body.reason).toBe('TRANSCRIPT_STATUS_INVALID');
    const res = await h.api
      .post(`/api/transcript-records/${entry.record}/correct/`)
      .set(h.auth(token))
      .send({ grade: 'B', reason: 'Grade change form signed by the teacher' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ grade: 'B', status: 'completed', corrected: true, course_code: 'ENG1' });
    expect(await h.db.query(`SELECT grade FROM scheduled_courses WHERE id = $1`, [entry.id])).toEqual([{ grade: 'B' }]);
    const [log] = await h.db.query(
      `SELECT actor_user_id, student_id, action, reason FROM student_record_access WHERE student_id = $1 AND action = 'transcript_correction'`,
      [student.id],
    );
    expect(log).toEqual({
      actor_user_id: staff.id,
      student_id: student.id,
      action: 'transcript_correction',
      reason: `Grade change form signed by the teacher (record ${entry.record}, ${yearsAgo(1)} Fall: grade C → B)`,
    });
    const same = await importFile(token, `student_id,course_code,school_year,term,grade,units_earned,status\nSTU-${student.id},ENG1,${yearsAgo(1)},Fall,C,5,completed\n`);
    expect(same).toMatchObject({ unchanged: 1, updated: 0 });
    expect(await h.db.query(`SELECT grade FROM scheduled_courses WHERE id = $1`, [entry.id])).toEqual([{ grade: 'B' }]);
    const newer = await importFile(
      token,
      `student_id,course_code,school_year,term,grade,units_earned,status\nSTU-${student.id},ENG1,${yearsAgo(1)},Fall,A-,5,completed\n`,
    );
    expect(newer).toMatchObject({ updated: 1 });
    expect(await h.db.query(`SELECT grade FROM scheduled_courses WHERE id = $1`, [entry.id])).toEqual([{ grade: 'A-' }]);
    const list = await h.api.get(`/api/students/${student.id}/transcript/`).set(h.auth(token));
    expect(list.body).toEqual([expect.objectContaining({ course_code: 'ENG1', grade: 'A-', corrected: false, school_year: yearsAgo(1) })]);
  });

  it("keeps every school to its own: students and parents cannot import, another school's staff see and correct nothing, an API token imports", async () => {
    const { student, entry, token, school } = await imported();
    const studentToken = await h.tokenFor(student);
    const byStudent = await h.api.post('/api/transcript-import/').set(h.auth(studentToken)).attach('file', Buffer.from('a,b\n1,2\n'), 'h.csv');
    expect(byStudent.status).toBe(403);
    expect((await h.gql('mutation { importTranscript(csv: "a") { id } }', {}, studentToken)).code).toBe('FORBIDDEN');
    const correctByStudent = await h.api.post(`/api/transcript-records/${entry.record}/correct/`).set(h.auth(studentToken)).send({ grade: 'A', reason: 'mine' });
    expect(correctByStudent.status).toBe(403);

    const [{ id: importId }] = await h.db.query(`SELECT id FROM transcript_imports WHERE school_id = $1`, [school.id]);
    const other = await h.tokenFor(await h.buildStaff());
    expect((await h.api.get(`/api/transcript-imports/${importId}/`).set(h.auth(other))).status).toBe(404);
    expect((await h.api.get(`/api/students/${student.id}/transcript/`).set(h.auth(other))).status).toBe(404);
    const foreign = await h.api.post(`/api/transcript-records/${entry.record}/correct/`).set(h.auth(other)).send({ grade: 'A', reason: 'mine' });
    expect([foreign.status, foreign.body.reason]).toEqual([404, 'TRANSCRIPT_RECORD_NOT_FOUND']);
    expect((await h.api.get('/api/transcript-imports/not-a-uuid/').set(h.auth(token))).status).toBe(400);
    expect((await h.api.post('/api/transcript-records/999999999/correct/').set(h.auth(token)).send({ grade: 'A', reason: 'x' })).status).toBe(404);
    // The other school's staff import the same student id: unknown to them.
    const otherImport = await importFile(other, `student_id,course_code,school_year,term\nSTU-${student.id},ENG1,${yearsAgo(0)},Fall\n`);
    expect(otherImport.errors.map((e: { reason: string }) => e.reason)).toEqual(['TRANSCRIPT_ROW_STUDENT_UNKNOWN']);

    const created = await h.api.post('/api/api-tokens/').set(h.auth(token)).send({ name: 'Nightly SIS history', expires_in_days: 30 });
    const byScript = await importFile(created.body.token, `student_id,course_code,school_year,term,grade\nSTU-${student.id},BIO,${yearsAgo(0)},Fall,\n`);
    expect(byScript).toMatchObject({ created: 1, errors: [] });
  });
});
