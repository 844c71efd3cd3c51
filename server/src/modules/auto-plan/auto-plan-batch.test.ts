/**
 * Plans generated for a counselor's selection of students, on the real database, the real job
 * worker and the real solver pool: each result saved as a what-if plan named for the pathways the
 * student follows, the official plan untouched, an impossible pathway's shortfall kept, progress
 * counted, and who may start and read a batch (another school's students refused, nothing saved).
 * Also a counselor saving one student's generated plan (the caseload's single-student path).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import type { Course } from '../courses/course.entity.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import type { Pathway } from '../pathways/pathway.entity.js';
import { attach, buildPathway, buildRequirement } from '../pathways/pathways.factories.js';
import { buildCourse, buildScheduled } from '../plans/plans.factories.js';
import type { School } from '../schools/school.entity.js';
import { SchoolType } from '../schools/school.entity.js';
import { AUTO_PLAN_BATCH_QUEUE } from './auto-plan-batch-input.js';

const h = useHarness();

let school: School;
let other: School;
let transferReady: Pathway;
let science: Pathway;
let eng: Course;
let counselor: User;
let counselorToken: string;

const worker = () => new JobWorker(h.db, { [AUTO_PLAN_BATCH_QUEUE]: backgroundHandlers(h.db, h.services, {})[AUTO_PLAN_BATCH_QUEUE] });

beforeAll(async () => {
  school = await h.buildSchool({ name: 'Batch High', schoolType: SchoolType.HS });
  other = await h.buildSchool({ name: 'Elsewhere High' });
  const m1 = await buildCourse(h.db, school, { courseId: 'MATH 1', title: 'Algebra', units: 1 });
  const m2 = await buildCourse(h.db, school, { courseId: 'MATH 2', title: 'Geometry', units: 1, prerequisites: [[m1]] });
  const m7 = await buildCourse(h.db, school, { courseId: 'MATH 7', title: 'Calculus', units: 1, prerequisites: [[m2]] });
  eng = await buildCourse(h.db, school, { courseId: 'ENG 1', title: 'English', units: 1 });
  const bio = await buildCourse(h.db, school, { courseId: 'BIO 1', title: 'Biology', units: 1 });
  transferReady = await buildPathway(h, school, { name: 'UC/CSU Transfer Ready' });
  const math = await buildRequirement(h, transferReady, { name: 'Mathematics', numberOfCourses: 3 });
  const english = await buildRequirement(h, transferReady, { name: 'English', numberOfCourses: 1 });
  for (const c of [m1, m2, m7]) await attach(h, c, math);
  await attach(h, eng, english);
  science = await buildPathway(h, school, { name: 'Life Science' });
  await attach(h, bio, await buildRequirement(h, science, { name: 'Biology', numberOfCourses: 1 }));
  counselor = await h.buildStaff({ school });
  counselorToken = await h.tokenFor(counselor);
});

const follow = (student: User, ...pathways: Pathway[]) =>
  Promise.all(pathways.map((p) => h.db.query(`INSERT INTO student_pathways (student_id, pathway_id) VALUES ($1, $2)`, [student.id, p.id])));

const start = (token: string, body: unknown) =>
  h.api
    .post('/api/generate-plan/batches/')
    .set(h.auth(token))
    .send(body as object);

const BATCH = `query($id: ID!) { autoPlanBatch(id: $id) { state total done results { studentId outcome planName whatIfPlanId
  reason { reason } shortfalls { requirementName missingCourses blockedBy { reason courseCode prerequisiteCode } } } } }`;

describe('plans for a selection of the caseload', () => {
  it('saves each plan as a what-if plan named for the pathways, keeps the reason of an impossible one, and counts progress', async () => {
    const tenth = await h.buildStudent({ school, grade: '10', firstName: 'Ten' });
    await buildScheduled(h.db, tenth.id, eng, 1, { completed: true, grade: 'A' });
    await follow(tenth, transferReady);
    const both = await h.buildStudent({ school, grade: '9', firstName: 'Both' });
    await follow(both, transferReady, science);
    const twelfth = await h.buildStudent({ school, grade: '12', firstName: 'Twelve' });
    await follow(twelfth, transferReady);
    const officialBefore = await h.db.query(`SELECT user_id, course_id, term FROM scheduled_courses WHERE user_id = ANY($1::int[]) ORDER BY user_id`, [
      [tenth.id, both.id, twelfth.id],
    ]);

    const res = await start(counselorToken, { student_ids: [tenth.id, both.id, twelfth.id], time_limit_seconds: 10 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.headers.location).toBe(`/api/generate-plan/batches/${res.body.id}/`);
    expect(res.body).toMatchObject({ state: 'queued', total: 3, done: 0 });
    expect(res.body.results.map((r: { student_id: number; outcome: string | null }) => [r.student_id, r.outcome])).toEqual([
      [tenth.id, null],
      [both.id, null],
      [twelfth.id, null],
    ]);

    await worker().runOnce();

    const done = await h.api.get(res.headers.location).set(h.auth(counselorToken));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'done', total: 3, done: 3 });
    const [a, b, c] = done.body.results;
    expect([a.outcome, a.plan_name]).toEqual(['SAVED', 'UC/CSU Transfer Ready']);
    expect([b.outcome, b.plan_name]).toEqual(['SAVED', 'Life Science, UC/CSU Transfer Ready']);
    expect([c.outcome, c.plan_name, c.what_if_plan_id]).toEqual(['INFEASIBLE', null, null]);
    expect(c.shortfalls[0]).toMatchObject({ requirement_name: 'Mathematics', missing_courses: 2 });
    expect(c.shortfalls[0].blocked_by.map((x: { reason: string; course_code: string }) => [x.reason, x.course_code])).toEqual([
      ['PREREQUISITE_TOO_LATE', 'MATH 2'],
      ['PREREQUISITE_TOO_LATE', 'MATH 7'],
    ]);

    // The saved plans are the students' what-if plans with the generated courses...
    const saved = await h.db.query(
      `SELECT w.student_id, w.name, c.course_id AS code, e.term FROM what_if_plans w JOIN what_if_entries e ON e.plan_id = w.id JOIN courses c ON c.id = e.course_id
        WHERE w.id = $1 ORDER BY e.term, c.course_id`,
      [a.what_if_plan_id],
    );
    expect(saved.map((r: { code: string; term: string }) => [r.code, r.term])).toEqual([
      ['ENG 1', '1'],
      ['MATH 1', '2'],
      ['MATH 2', '3'],
      ['MATH 7', '4'],
    ]);
    expect(saved[0]).toMatchObject({ student_id: tenth.id, name: 'UC/CSU Transfer Ready' });
    expect(await h.db.query(`SELECT student_id FROM what_if_plans WHERE id = $1`, [b.what_if_plan_id])).toEqual([{ student_id: both.id }]);
    expect(await h.db.query(`SELECT id FROM what_if_plans WHERE student_id = $1`, [twelfth.id])).toEqual([]);
    // ...and no official plan changed.
    expect(
      await h.db.query(`SELECT user_id, course_id, term FROM scheduled_courses WHERE user_id = ANY($1::int[]) ORDER BY user_id`, [[tenth.id, both.id, twelfth.id]]),
    ).toEqual(officialBefore);

    // The same batch on GraphQL.
    const g = await h.gql(BATCH, { id: res.body.id }, counselorToken);
    expect(g.errors).toBeUndefined();
    expect(g.data!.autoPlanBatch.results.map((r: { outcome: string }) => r.outcome)).toEqual(['SAVED', 'SAVED', 'INFEASIBLE']);
    expect(g.data!.autoPlanBatch.results[2].shortfalls[0].blockedBy[0]).toEqual({ reason: 'PREREQUISITE_TOO_LATE', courseCode: 'MATH 2', prerequisiteCode: 'MATH 1' });
  });

  it('names a second plan "(2)", says why a student with five what-if plans gets none, and a run taken back saves nothing twice', async () => {
    const again = await h.buildStudent({ school, grade: '10' });
    await follow(again, science);
    await h.db.query(`INSERT INTO what_if_plans (student_id, name, academic_year_labels) VALUES ($1, 'life science', '[]')`, [again.id]);
    const full = await h.buildStudent({ school, grade: '10' });
    await follow(full, science);
    for (let i = 1; i <= 5; i++) await h.db.query(`INSERT INTO what_if_plans (student_id, name, academic_year_labels) VALUES ($1, $2, '[]')`, [full.id, `Plan ${i}`]);

    const g = await h.gql(
      `mutation($ids: [Int!]!) { generatePlansForStudents(studentIds: $ids, timeLimitSeconds: 10) { id state total done } }`,
      { ids: [again.id, full.id] },
      counselorToken,
    );
    expect(g.errors).toBeUndefined();
    const id = g.data!.generatePlansForStudents.id;
    expect(g.data!.generatePlansForStudents).toMatchObject({ state: 'queued', total: 2, done: 0 });
    await worker().runOnce();
    // A job run again after finishing (a worker taken over) changes nothing.
    await h.services.autoPlanBatches.process(id, { attempts: 1, max_attempts: 5 }, new AbortController().signal);

    const r = (await h.gql(BATCH, { id }, counselorToken)).data!.autoPlanBatch;
    expect([r.state, r.done]).toEqual(['done', 2]);
    expect([r.results[0].outcome, r.results[0].planName]).toEqual(['SAVED', 'Life Science (2)']);
    expect([r.results[1].outcome, r.results[1].reason]).toEqual(['NOT_SAVED', { reason: 'WHAT_IF_TOO_MANY' }]);
    expect(await h.db.query(`SELECT name FROM what_if_plans WHERE student_id = $1 ORDER BY id`, [again.id])).toEqual([
      { name: 'life science' },
      { name: 'Life Science (2)' },
    ]);
    expect(await h.db.query(`SELECT count(*)::int AS n FROM what_if_plans WHERE student_id = $1`, [full.id])).toEqual([{ n: 5 }]);
  });

  it('counts progress student by student while the job runs', async () => {
    const students = [];
    for (let i = 0; i < 5; i++) {
      const s = await h.buildStudent({ school, grade: '10' });
      await follow(s, science);
      students.push(s);
    }
    const res = await start(counselorToken, { student_ids: students.map((s) => s.id) });
    expect(res.status).toBe(202);
    // A worker asked to stop once its first students are saved (the job checks between them).
    let reads = 0;
    const stopsAfterFirst = {
      get aborted() {
        return ++reads > 1;
      },
    } as AbortSignal;
    await expect(h.services.autoPlanBatches.process(res.body.id, { attempts: 1, max_attempts: 5 }, stopsAfterFirst)).rejects.toThrow(/back to the queue/);
    const mid = await h.api.get(`/api/generate-plan/batches/${res.body.id}/`).set(h.auth(counselorToken));
    expect(mid.body.state).toBe('running');
    expect(mid.body.done).toBeGreaterThanOrEqual(1);
    expect(mid.body.done).toBeLessThan(5);
    expect(mid.body.results.filter((r: { outcome: string | null }) => r.outcome !== null).length).toBe(mid.body.done);
    await worker().runOnce();
    const end = await h.api.get(`/api/generate-plan/batches/${res.body.id}/`).set(h.auth(counselorToken));
    expect([end.body.state, end.body.done]).toEqual(['done', 5]);
    expect(await h.db.query(`SELECT count(*)::int AS n FROM what_if_plans WHERE student_id = ANY($1::int[])`, [students.map((s) => s.id)])).toEqual([{ n: 5 }]);
  });
});

describe('who may generate for a selection', () => {
  it("refuses another school's student, a non-student and an unknown id as not found, starting nothing", async () => {
    const mine = await h.buildStudent({ school, grade: '10' });
    const theirs = await h.buildStudent({ school: other, grade: '10' });
    const staff = await h.buildStaff({ school });
    const before = await h.db.query(`SELECT count(*)::int AS n FROM auto_plan_batches`);
    for (const id of [theirs.id, staff.id, 987654321]) {
      const res = await start(counselorToken, { student_ids: [mine.id, id] });
      expect({ id, status: res.status, reason: res.body.reason }).toEqual({ id, status: 404, reason: 'STUDENT_NOT_FOUND' });
    }
    expect(await h.db.query(`SELECT count(*)::int AS n FROM auto_plan_batches`)).toEqual(before);
    expect(await h.db.query(`SELECT count(*)::int AS n FROM jobs WHERE queue = $1 AND status = 'pending'`, [AUTO_PLAN_BATCH_QUEUE])).toEqual([{ n: 0 }]);
  });

  it('refuses students and parents (403), bad input (400), and shows a batch only to the staff member who started it', async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    const parent = await h.buildParent({ students: [student] });
    for (const token of [await h.tokenFor(student), await h.tokenFor(parent)]) {
      const res = await start(token, { student_ids: [student.id] });
      expect([res.status, res.body.reason]).toEqual([403, 'AUTO_PLAN_BATCH_STAFF_ONLY']);
    }
    const cases: [unknown, string][] = [
      [{ student_ids: [] }, 'AUTO_PLAN_BATCH_STUDENTS_INVALID'],
      [{ student_ids: 'all' }, 'AUTO_PLAN_BATCH_STUDENTS_INVALID'],
      [{ student_ids: [1.5] }, 'AUTO_PLAN_BATCH_STUDENTS_INVALID'],
      [{ student_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'AUTO_PLAN_BATCH_STUDENTS_INVALID'],
      [{ student_ids: [student.id], time_limit_seconds: 0 }, 'AUTO_PLAN_TIME_LIMIT_INVALID'],
      [{ student_ids: [student.id], time_limit_seconds: 61 }, 'AUTO_PLAN_TIME_LIMIT_INVALID'],
    ];
    for (const [body, reason] of cases) {
      const res = await start(counselorToken, body);
      expect({ status: res.status, reason: res.body.reason }).toEqual({ status: 400, reason });
    }
    const res = await start(counselorToken, { student_ids: [student.id] });
    expect(res.status).toBe(202);
    const colleague = await h.tokenFor(await h.buildStaff({ school }));
    const seen = await h.api.get(`/api/generate-plan/batches/${res.body.id}/`).set(h.auth(colleague));
    expect([seen.status, seen.body.reason]).toEqual([404, 'AUTO_PLAN_BATCH_NOT_FOUND']);
    const bad = await h.api.get(`/api/generate-plan/batches/not-a-uuid/`).set(h.auth(counselorToken));
    expect(bad.status).toBe(400);
    await worker().runOnce();
  });
});

describe("a counselor saves one student's generated plan", () => {
  it("saves it as the student's what-if plan (the official plan untouched); another school's student is 404, a staff member's own is 403", async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    await buildScheduled(h.db, student.id, eng, 1, { completed: true, grade: 'A' });
    const saved = await h.gql(
      `mutation($input: GeneratePlanInput!, $name: String!) { saveGeneratedPlan(input: $input, name: $name) }`,
      { input: { studentId: student.id, pathwayIds: [transferReady.id] }, name: 'Transfer Ready' },
      counselorToken,
    );
    expect(saved.errors).toBeUndefined();
    expect(await h.db.query(`SELECT student_id, name FROM what_if_plans WHERE id = $1`, [saved.data!.saveGeneratedPlan])).toEqual([
      { student_id: student.id, name: 'Transfer Ready' },
    ]);
    expect(await h.db.query(`SELECT course_id FROM scheduled_courses WHERE user_id = $1`, [student.id])).toEqual([{ course_id: eng.id }]);

    const theirs = await h.buildStudent({ school: other, grade: '10' });
    const far = await h.api
      .post('/api/generate-plan/save/')
      .set(h.auth(counselorToken))
      .send({ student_id: theirs.id, pathway_ids: [transferReady.id], name: 'X' });
    expect([far.status, far.body.reason]).toEqual([404, 'STUDENT_NOT_FOUND']);
    const own = await h.api
      .post('/api/generate-plan/save/')
      .set(h.auth(counselorToken))
      .send({ pathway_ids: [transferReady.id], name: 'X' });
    expect([own.status, own.body.reason]).toEqual([403, 'AUTO_PLAN_STUDENTS_ONLY']);
    expect(await h.db.query(`SELECT count(*)::int AS n FROM what_if_plans WHERE student_id = $1`, [theirs.id])).toEqual([{ n: 0 }]);
  });
});
