/**
 * Generating a plan through REST and GraphQL on a real database with the real solver pool: the
 * fewest-terms plan, a proven impossible pathway, the school's settings and the course's offered
 * terms taking effect, dual enrollment, and who may do what.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import type { Course } from '../courses/course.entity.js';
import type { School } from '../schools/school.entity.js';
import { SchoolType } from '../schools/school.entity.js';
import { attach, buildPathway, buildRequirement, partner, transfer } from '../pathways/pathways.factories.js';
import { buildCourse, buildScheduled } from '../plans/plans.factories.js';
import type { Pathway, Requirement } from '../pathways/pathway.entity.js';

const h = useHarness();

let school: School;
let college: School;
let other: School;
let transferReady: Pathway;
let impossible: Pathway;
let math: Requirement;
let m1: Course, m2: Course, m7: Course, eng: Course, ccMath: Course, ccArt: Course;

beforeAll(async () => {
  school = await h.buildSchool({ name: 'Auto High', schoolType: SchoolType.HS });
  college = await h.buildSchool({ name: 'Auto College', schoolType: SchoolType.CLG });
  other = await h.buildSchool({ name: 'Other High' });
  await partner(h, school, college);
  m1 = await buildCourse(h.db, school, { courseId: 'MATH 1', title: 'Algebra', units: 1 });
  m2 = await buildCourse(h.db, school, { courseId: 'MATH 2', title: 'Geometry', units: 1, prerequisites: [[m1]] });
  m7 = await buildCourse(h.db, school, { courseId: 'MATH 7', title: 'Calculus', units: 1, prerequisites: [[m2]] });
  eng = await buildCourse(h.db, school, { courseId: 'ENG 1', title: 'English', units: 1 });
  ccMath = await buildCourse(h.db, college, { courseId: 'MATH 150', title: 'College Calculus', units: 4 });
  ccArt = await buildCourse(h.db, college, { courseId: 'ART 1', title: 'Art', units: 3 });
  await transfer(h, ccMath, school, 1);

  transferReady = await buildPathway(h, school, { name: 'UC/CSU Transfer Ready' });
  math = await buildRequirement(h, transferReady, { name: 'Mathematics', numberOfCourses: 3 });
  const english = await buildRequirement(h, transferReady, { name: 'English', numberOfCourses: 1 });
  for (const c of [m1, m2, m7]) await attach(h, c, math);
  await attach(h, eng, english);

  impossible = await buildPathway(h, school, { name: 'Impossible Path' });
  const college4 = await buildRequirement(h, impossible, { name: 'College Credit', numberOfUnits: 4 });
  await attach(h, ccMath, college4);
  await attach(h, ccArt, college4);
});

const auth = (token: string) => h.auth(token);
const generate = (token: string, body: Record<string, unknown>) => h.api.post('/api/generate-plan/').set(auth(token)).send(body);

const GENERATE = `mutation($input: GeneratePlanInput!) { generatePlan(input: $input) {
  status terms entries { courseCode term termLabel added movedFrom }
  shortfalls { requirementName pathwayName missingCourses missingUnits blockedBy { reason courseCode prerequisiteCode offeredTerms lastTermLabel } } } }`;

describe('generate a plan', () => {
  it('gives a 10th grader the fewest-terms plan from the terms ahead, keeping the plan, as a preview', async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    await buildScheduled(h.db, student.id, eng, 1, { completed: true, grade: 'A' });
    const token = await h.tokenFor(student);
    const res = await generate(token, { pathway_ids: [transferReady.id] });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('OPTIMAL');
    // The math chain needs three terms from 10th grade on: 10th, 11th, 12th.
    expect(res.body.terms).toBe(4);
    expect(res.body.entries.map((e: { course_code: string; term: number; added: boolean }) => [e.course_code, e.term, e.added])).toEqual([
      ['ENG 1', 1, false],
      ['MATH 1', 2, true],
      ['MATH 2', 3, true],
      ['MATH 7', 4, true],
    ]);
    expect(res.body.entries[1].term_label).toBe('10th Grade');
    expect(res.body.shortfalls).toEqual([]);
    // A preview: the plan itself is unchanged.
    const rows = await h.db.query(`SELECT course_id FROM scheduled_courses WHERE user_id = $1`, [student.id]);
    expect(rows).toEqual([{ course_id: eng.id }]);
  });

  it('proves the math chain cannot fit in the terms left of a 12th grader, naming the requirement and what blocks it (GraphQL)', async () => {
    const student = await h.buildStudent({ school, grade: '12' });
    const r = await h.gql(GENERATE, { input: { pathwayIds: [transferReady.id] } }, await h.tokenFor(student));
    expect(r.errors).toBeUndefined();
    const plan = r.data!.generatePlan;
    expect(plan.status).toBe('INFEASIBLE');
    expect(plan.shortfalls).toEqual([
      {
        requirementName: 'Mathematics',
        pathwayName: 'UC/CSU Transfer Ready',
        missingCourses: 2,
        missingUnits: 0,
        blockedBy: [
          // Each could go only in 12th grade, and its prerequisite cannot come before it.
          { reason: 'PREREQUISITE_TOO_LATE', courseCode: 'MATH 2', prerequisiteCode: 'MATH 1', offeredTerms: null, lastTermLabel: '12th Grade' },
          { reason: 'PREREQUISITE_TOO_LATE', courseCode: 'MATH 7', prerequisiteCode: 'MATH 2', offeredTerms: null, lastTermLabel: '12th Grade' },
        ],
      },
    ]);
    // The best plan still takes MATH 1 and English in 12th grade.
    expect(plan.entries.map((e: { courseCode: string }) => e.courseCode).sort()).toEqual(['ENG 1', 'MATH 1']);
  });

  it('uses a partner course only when accepted, with its adjusted units, from the grade the school allows', async () => {
    const student = await h.buildStudent({ school, grade: '9' });
    const token = await h.tokenFor(student);
    // MATH 150 counts 1 adjusted unit, ART 1 (3 units) is not accepted: 3 of the 4 units cannot be met.
    const res = await generate(token, { pathway_ids: [impossible.id] });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('INFEASIBLE');
    expect(res.body.shortfalls[0]).toMatchObject({ requirement_name: 'College Credit', missing_courses: 0, missing_units: 3 });
    expect(res.body.shortfalls[0].blocked_by.map((b: { reason: string; course_code: string | null }) => [b.reason, b.course_code])).toEqual([
      ['NOT_TRANSFERABLE', 'ART 1'],
    ]);

    // Accepted with 4 units and college courses from 11th grade: the plan takes MATH 150 in 11th grade.
    await h.db.query(`UPDATE course_transfers SET adjusted_units = 4 WHERE course_id = $1 AND school_id = $2`, [ccMath.id, school.id]);
    const staff = await h.buildStaff({ school });
    const staffToken = await h.tokenFor(staff);
    const set = await h.api
      .put('/api/schools/auto-plan-settings/')
      .set(auth(staffToken))
      .send({ term_unit_cap: null, term_course_cap: null, dual_enrollment_from_grade: 11 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ dual_enrollment_from_grade: 11, term_unit_cap: 7, term_course_cap: 8, term_caps_default: true });
    try {
      const ok = await generate(token, { pathway_ids: [impossible.id] });
      expect(ok.body.status).toBe('OPTIMAL');
      expect(ok.body.entries).toEqual([expect.objectContaining({ course_code: 'MATH 150', term: 3, term_label: '11th Grade', added: true })]);
    } finally {
      await h.db.query(`UPDATE course_transfers SET adjusted_units = 1 WHERE course_id = $1 AND school_id = $2`, [ccMath.id, school.id]);
      await h.db.query(`UPDATE schools SET dual_enrollment_from_grade = 9 WHERE id = $1`, [school.id]);
    }
  });

  it("follows the school's per-term caps and the course's offered terms", async () => {
    const staffToken = await h.tokenFor(await h.buildStaff({ school }));
    const student = await h.buildStudent({ school, grade: '9', academicYearLabels: ['Fall 2026', 'Spring 2027', 'Fall 2027', 'Spring 2028'] });
    const token = await h.tokenFor(student);
    // MATH 7 only in spring: MATH 1 fall, MATH 2 spring, MATH 7 the next spring.
    const edit = await h.api.post(`/api/courses/${m7.id}/`).set(auth(staffToken)).send({ offered_terms: 'Spring' });
    expect(edit.status).toBe(200);
    expect(edit.body.offered_terms).toEqual(['spring']);
    try {
      const res = await generate(token, { pathway_ids: [transferReady.id] });
      expect(res.body.status).toBe('OPTIMAL');
      expect(res.body.entries.map((e: { course_code: string; term_label: string }) => [e.course_code, e.term_label])).toEqual([
        ['ENG 1', 'Fall 2026'],
        ['MATH 1', 'Fall 2026'],
        ['MATH 2', 'Spring 2027'],
        ['MATH 7', 'Spring 2028'],
      ]);
      // One course a term: English cannot share the first term any more.
      const capped = await h.api
        .put('/api/schools/auto-plan-settings/')
        .set(auth(staffToken))
        .send({ term_unit_cap: 5, term_course_cap: 1, dual_enrollment_from_grade: 9 });
      expect(capped.body).toMatchObject({ term_unit_cap: 5, term_course_cap: 1, term_caps_default: false });
      const one = await generate(token, { pathway_ids: [transferReady.id] });
      expect(one.body.status).toBe('OPTIMAL');
      const perTerm = new Map<number, number>();
      for (const e of one.body.entries) perTerm.set(e.term, (perTerm.get(e.term) ?? 0) + 1);
      expect([...perTerm.values()].every((n) => n === 1)).toBe(true);
      expect(one.body.entries.find((e: { course_code: string }) => e.course_code === 'MATH 7').term_label).toBe('Spring 2028');
    } finally {
      await h.db.query(`UPDATE courses SET offered_terms = NULL WHERE id = $1`, [m7.id]);
      await h.db.query(`UPDATE schools SET term_unit_cap = NULL, term_course_cap = NULL WHERE id = $1`, [school.id]);
    }
  });

  it('lets staff of the school generate for a student, and refuses everyone else', async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    const staff = await h.tokenFor(await h.buildStaff({ school }));
    const ok = await generate(staff, { student_id: student.id, pathway_ids: [transferReady.id] });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('OPTIMAL');

    const outsider = await generate(await h.tokenFor(await h.buildStaff({ school: other })), { student_id: student.id, pathway_ids: [transferReady.id] });
    expect([outsider.status, outsider.body.reason]).toEqual([404, 'STUDENT_NOT_FOUND']);
    const parent = await generate(await h.tokenFor(await h.buildParent({ students: [student] })), { student_id: student.id, pathway_ids: [transferReady.id] });
    expect([parent.status, parent.body.reason]).toEqual([403, 'AUTO_PLAN_NOT_ALLOWED']);
    const classmate = await generate(await h.tokenFor(await h.buildStudent({ school })), { student_id: student.id, pathway_ids: [transferReady.id] });
    expect([classmate.status, classmate.body.reason]).toEqual([404, 'STUDENT_NOT_FOUND']);
    const anonymous = await h.api.post('/api/generate-plan/').send({ pathway_ids: [transferReady.id] });
    expect(anonymous.status).toBe(401);
    // Another school's pathway is not found, so its existence does not leak.
    const foreign = await buildPathway(h, other, { name: 'Elsewhere' });
    const notFound = await generate(staff, { student_id: student.id, pathway_ids: [foreign.id] });
    expect([notFound.status, notFound.body.reason]).toEqual([404, 'PATHWAY_NOT_FOUND']);
    // Ids of nothing: a student or a pathway that does not exist is not found, never a crash.
    const noStudent = await generate(staff, { student_id: 2 ** 31 - 1, pathway_ids: [transferReady.id] });
    expect([noStudent.status, noStudent.body.reason]).toEqual([404, 'STUDENT_NOT_FOUND']);
    const noPathway = await generate(staff, { student_id: student.id, pathway_ids: [transferReady.id, 2 ** 31 - 1] });
    expect([noPathway.status, noPathway.body.reason]).toEqual([404, 'PATHWAY_NOT_FOUND']);
  });

  it('answers 503 AUTO_PLAN_UNAVAILABLE when a solver thread fails, and the next generation works', async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    const token = await h.tokenFor(student);
    // Solver threads with a 4 MB heap: every generation ends its thread out of memory.
    const api = await h.appWith({ autoPlanWorkerMemoryMb: 4 });
    const res = await api
      .post('/api/generate-plan/')
      .set(auth(token))
      .send({ pathway_ids: [transferReady.id] });
    expect({ status: res.status, reason: res.body.reason }).toEqual({ status: 503, reason: 'AUTO_PLAN_UNAVAILABLE' });
    const gql = await api
      .post('/graphql')
      .set(auth(token))
      .send({ query: GENERATE, variables: { input: { pathwayIds: [transferReady.id] } } });
    expect(gql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(await h.db.query(`SELECT course_id FROM scheduled_courses WHERE user_id = $1`, [student.id])).toEqual([]);
    // The pool replaced nothing of the server: the app with working threads still generates.
    expect((await generate(token, { pathway_ids: [transferReady.id] })).body.status).toBe('OPTIMAL');
    // A second app with its own threads takes a while to start on a busy machine.
  }, 90_000);

  it('refuses bad input with a reason, and never crashes', async () => {
    const token = await h.tokenFor(await h.buildStudent({ school }));
    const cases: [unknown, string][] = [
      [{ pathway_ids: [] }, 'AUTO_PLAN_PATHWAYS_INVALID'],
      [{ pathway_ids: Array.from({ length: 11 }, (_, i) => i + 1) }, 'AUTO_PLAN_PATHWAYS_INVALID'],
      [{ pathway_ids: 'all' }, 'AUTO_PLAN_PATHWAYS_INVALID'],
      [{ pathway_ids: [transferReady.id], time_limit_seconds: 0 }, 'AUTO_PLAN_TIME_LIMIT_INVALID'],
      [{ pathway_ids: [transferReady.id], time_limit_seconds: 3600 }, 'AUTO_PLAN_TIME_LIMIT_INVALID'],
      [{ pathway_ids: [transferReady.id], student_id: -1 }, 'INVALID_INPUT'],
      [{ pathway_ids: [transferReady.id], move_planned: 'yes' }, 'INVALID_INPUT'],
      [[], 'AUTO_PLAN_PATHWAYS_INVALID'],
    ];
    for (const [body, reason] of cases) {
      const res = await generate(token, body as Record<string, unknown>);
      expect({ body, status: res.status, reason: res.body.reason }).toEqual({ body, status: 400, reason });
    }
  });
});

describe('save a generated plan as a what-if plan', () => {
  it('saves the whole generated plan under the given name, leaving the official plan alone', async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    await buildScheduled(h.db, student.id, eng, 1, { completed: true, grade: 'A' });
    const token = await h.tokenFor(student);
    const saved = await h.api
      .post('/api/generate-plan/save/')
      .set(auth(token))
      .send({ pathway_ids: [transferReady.id], name: 'Transfer Ready' });
    expect(saved.status).toBe(201);
    const rows = await h.db.query(
      `SELECT c.course_id AS code, e.term FROM what_if_entries e JOIN courses c ON c.id = e.course_id WHERE e.plan_id = $1 ORDER BY e.term, c.course_id`,
      [saved.body.what_if_plan_id],
    );
    expect(rows).toEqual([
      { code: 'ENG 1', term: '1' },
      { code: 'MATH 1', term: '2' },
      { code: 'MATH 2', term: '3' },
      { code: 'MATH 7', term: '4' },
    ]);
    expect(await h.db.query(`SELECT course_id FROM scheduled_courses WHERE user_id = $1`, [student.id])).toEqual([{ course_id: eng.id }]);
    // The what-if plan's progress (the one engine) meets the pathway.
    const r = await h.gql(
      `query($l: String!, $r: String!) { comparePlans(left: $l, right: $r) { progress { name isFulfilled pathwayName } } }`,
      { l: 'official', r: String(saved.body.what_if_plan_id) },
      token,
    );
    const mine = r.data!.comparePlans[1].progress.filter((p: { pathwayName: string }) => p.pathwayName === 'UC/CSU Transfer Ready');
    expect(mine.map((p: { isFulfilled: boolean }) => p.isFulfilled)).toEqual([true, true]);
  });

  it('refuses a parent, an impossible pathway and a blank name, saving nothing', async () => {
    const student = await h.buildStudent({ school, grade: '12' });
    const token = await h.tokenFor(student);
    const parent = await h.api
      .post('/api/generate-plan/save/')
      .set(auth(await h.tokenFor(await h.buildParent({ students: [student] }))))
      .send({ student_id: student.id, pathway_ids: [transferReady.id], name: 'X' });
    expect([parent.status, parent.body.reason]).toEqual([403, 'AUTO_PLAN_NOT_ALLOWED']);
    const none = await h.api
      .post('/api/generate-plan/save/')
      .set(auth(token))
      .send({ pathway_ids: [transferReady.id], name: 'Math' });
    expect([none.status, none.body.reason]).toEqual([409, 'AUTO_PLAN_NOTHING_TO_SAVE']);
    const blank = await h.api
      .post('/api/generate-plan/save/')
      .set(auth(token))
      .send({ pathway_ids: [transferReady.id], name: ' ' });
    expect([blank.status, blank.body.reason]).toEqual([400, 'WHAT_IF_NAME_REQUIRED']);
    expect(await h.db.query(`SELECT id FROM what_if_plans WHERE student_id = $1`, [student.id])).toEqual([]);
  });
});

describe('replace my plan with the generated plan', () => {
  const replace = (token: string, body: Record<string, unknown>) => h.api.post('/api/generate-plan/replace/').set(auth(token)).send(body);
  const planOf = (studentId: number) =>
    h.db.query(
      `SELECT c.course_id AS code, s.term, s.position, s.completed FROM scheduled_courses s JOIN courses c ON c.id = s.course_id WHERE s.user_id = $1 ORDER BY s.term, s.position`,
      [studentId],
    );

  it('adds what the preview adds, where it says, after what each term holds; completed courses stay', async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    await buildScheduled(h.db, student.id, eng, 1, { completed: true, grade: 'A' });
    const token = await h.tokenFor(student);
    const preview = await generate(token, { pathway_ids: [transferReady.id] });
    const res = await replace(token, { pathway_ids: [transferReady.id] });
    expect([res.status, res.body]).toEqual([200, { added: 3, moved: 0 }]);
    const rows = await planOf(student.id);
    expect(rows).toEqual([
      { code: 'ENG 1', term: '1', position: 0, completed: true },
      { code: 'MATH 1', term: '2', position: 0, completed: false },
      { code: 'MATH 2', term: '3', position: 0, completed: false },
      { code: 'MATH 7', term: '4', position: 0, completed: false },
    ]);
    expect(rows.map((r: { code: string; term: string }) => [r.code, Number(r.term)])).toEqual(
      preview.body.entries.map((e: { course_code: string; term: number }) => [e.course_code, e.term]),
    );
    // Again: the plan already meets the pathway, nothing changes.
    const again = await h.gql(
      `mutation($input: GeneratePlanInput!) { replacePlanWithGenerated(input: $input) { added moved } }`,
      { input: { pathwayIds: [transferReady.id] } },
      token,
    );
    expect(again.data?.replacePlanWithGenerated).toEqual({ added: 0, moved: 0 });
    expect(await planOf(student.id)).toEqual(rows);
  });

  it('moves planned courses only when the student lets it', async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    // MATH 1 planned in 12th grade: kept there, MATH 2 and 7 cannot follow; allowed to move, the chain fits.
    await buildScheduled(h.db, student.id, m1, 4);
    const token = await h.tokenFor(student);
    const kept = await replace(token, { pathway_ids: [transferReady.id] });
    expect([kept.status, kept.body.reason]).toEqual([409, 'AUTO_PLAN_NOTHING_TO_SAVE']);
    expect(await planOf(student.id)).toEqual([{ code: 'MATH 1', term: '4', position: 0, completed: false }]);
    const moved = await replace(token, { pathway_ids: [transferReady.id], move_planned: true });
    expect([moved.status, moved.body]).toEqual([200, { added: 3, moved: 1 }]);
    expect((await planOf(student.id)).map((r: { code: string; term: string }) => [r.code, r.term])).toEqual([
      ['MATH 1', '2'],
      ['ENG 1', '2'],
      ['MATH 2', '3'],
      ['MATH 7', '4'],
    ]);
  });

  it("lets a counselor viewing as the student replace it, and refuses a parent, staff for a caseload student and another student's id", async () => {
    const student = await h.buildStudent({ school, grade: '10' });
    const staff = await h.tokenFor(await h.buildStaff({ school }));
    const parent = await h.tokenFor(await h.buildParent({ students: [student] }));
    const asParent = await h.api.post('/api/view-as-student/').set(auth(parent)).send({ studentId: student.id });
    const refusals = [
      [await replace(staff, { student_id: student.id, pathway_ids: [transferReady.id] }), 403, 'AUTO_PLAN_REPLACE_OWN_PLAN'],
      [await replace(staff, { pathway_ids: [transferReady.id] }), 403, 'AUTO_PLAN_STUDENTS_ONLY'],
      [await replace(parent, { student_id: student.id, pathway_ids: [transferReady.id] }), 403, 'AUTO_PLAN_NOT_ALLOWED'],
      [await replace(asParent.body.token, { pathway_ids: [transferReady.id] }), 403, 'READ_ONLY'],
      [await replace(await h.tokenFor(await h.buildStudent({ school })), { student_id: student.id, pathway_ids: [transferReady.id] }), 403, 'AUTO_PLAN_REPLACE_OWN_PLAN'],
      [await replace(await h.tokenFor(student), { pathway_ids: ['x'] }), 400, 'AUTO_PLAN_PATHWAYS_INVALID'],
    ] as const;
    expect(refusals.map(([r, status, reason]) => [r.status, r.body.reason, status, reason]).filter(([a, b, c, d]) => a !== c || b !== d)).toEqual([]);
    expect(await planOf(student.id)).toEqual([]);

    const asCounselor = await h.api.post('/api/view-as-student/').set(auth(staff)).send({ studentId: student.id });
    const res = await replace(asCounselor.body.token, { pathway_ids: [transferReady.id] });
    expect([res.status, res.body]).toEqual([200, { added: 4, moved: 0 }]);
  });
});

describe('planning settings and offered terms', () => {
  it('lets only staff set the settings, each value checked with its reason', async () => {
    const staff = await h.tokenFor(await h.buildStaff({ school: other }));
    const put = (token: string, body: unknown) =>
      h.api
        .put('/api/schools/auto-plan-settings/')
        .set(auth(token))
        .send(body as object);
    const student = await put(await h.tokenFor(await h.buildStudent({ school: other })), { term_unit_cap: 5, term_course_cap: 5, dual_enrollment_from_grade: 10 });
    expect([student.status, student.body.reason]).toEqual([403, 'AUTO_PLAN_SETTINGS_STAFF_ONLY']);
    const bad: [unknown, string][] = [
      [{ term_unit_cap: 0, term_course_cap: null, dual_enrollment_from_grade: 9 }, 'TERM_UNIT_CAP_INVALID'],
      [{ term_unit_cap: 'many', term_course_cap: null, dual_enrollment_from_grade: 9 }, 'TERM_UNIT_CAP_INVALID'],
      [{ term_unit_cap: null, term_course_cap: 2.5, dual_enrollment_from_grade: 9 }, 'TERM_COURSE_CAP_INVALID'],
      [{ term_unit_cap: null, term_course_cap: 31, dual_enrollment_from_grade: 9 }, 'TERM_COURSE_CAP_INVALID'],
      [{ term_unit_cap: null, term_course_cap: null, dual_enrollment_from_grade: 8 }, 'DUAL_ENROLLMENT_GRADE_INVALID'],
      [{ term_unit_cap: null, term_course_cap: null }, 'DUAL_ENROLLMENT_GRADE_INVALID'],
    ];
    for (const [body, reason] of bad) {
      const res = await put(staff, body);
      expect({ body, status: res.status, reason: res.body.reason }).toEqual({ body, status: 400, reason });
    }
    const r = await h.gql(
      `mutation { setAutoPlanSettings(input: { termUnitCap: 6.5, termCourseCap: 7, dualEnrollmentFromGrade: 10 }) { termUnitCap termCourseCap dualEnrollmentFromGrade } }`,
      {},
      staff,
    );
    expect(r.data?.setAutoPlanSettings).toEqual({ termUnitCap: 6.5, termCourseCap: 7, dualEnrollmentFromGrade: 10 });
    const [row] = await h.db.query(`SELECT term_unit_cap, term_course_cap, dual_enrollment_from_grade FROM schools WHERE id = $1`, [other.id]);
    expect(row).toEqual({ term_unit_cap: '6.50', term_course_cap: 7, dual_enrollment_from_grade: 10 });
    // A cap left to the default reads as no setting beside the value in force, so a form saved unchanged keeps it.
    const back = await h.gql(
      `mutation { setAutoPlanSettings(input: { termUnitCap: null, termCourseCap: 7, dualEnrollmentFromGrade: 10 }) { termUnitCap termUnitCapSetting termCourseCap termCourseCapSetting } }`,
      {},
      staff,
    );
    expect(back.data?.setAutoPlanSettings).toEqual({ termUnitCap: 7, termUnitCapSetting: null, termCourseCap: 7, termCourseCapSetting: 7 });
  });

  it('reads offered terms from the course form and the CSV import, refusing anything else', async () => {
    const staff = await h.tokenFor(await h.buildStaff({ school: other }));
    const created = await h.api.post('/api/courses/create/').set(auth(staff)).send({ course_id: 'SUM 1', title: 'Summer Bridge', offered_terms: 'summer; FALL' });
    expect(created.status).toBe(201);
    expect(created.body.offered_terms).toEqual(['fall', 'summer']);
    const bad = await h.api.post('/api/courses/create/').set(auth(staff)).send({ course_id: 'SUM 2', title: 'Winter', offered_terms: 'winter' });
    expect([bad.status, bad.body.reason]).toEqual([400, 'COURSE_OFFERED_TERMS_INVALID']);
    const every = await h.api.post(`/api/courses/${created.body.id}/`).set(auth(staff)).send({ offered_terms: 'every term' });
    expect(every.body.offered_terms).toBeNull();

    const csv = 'Course ID,Title,Units,Offered\nOFF 1,Fall Only,1,Fall\nOFF 2,Any Time,1,\nOFF 3,Bad,1,Monsoon\n';
    const upload = await h.api.post('/api/upload-courses-csv/').set(auth(staff)).attach('file', Buffer.from(csv), 'courses.csv');
    expect(upload.status).toBe(200);
    const rows = await h.db.query(`SELECT course_id, offered_terms FROM courses WHERE school_id = $1 AND course_id LIKE 'OFF %' ORDER BY course_id`, [other.id]);
    expect(rows).toEqual([
      { course_id: 'OFF 1', offered_terms: ['fall'] },
      { course_id: 'OFF 2', offered_terms: null },
    ]);
    expect(JSON.stringify(upload.body)).toContain('Offered terms must be fall, spring and/or summer');
    // A file without the column leaves the seasons as they are.
    const again = await h.api.post('/api/upload-courses-csv/').set(auth(staff)).attach('file', Buffer.from('Course ID,Title,Units\nOFF 1,Fall Only,2\n'), 'courses.csv');
    expect(again.status).toBe(200);
    const [kept] = await h.db.query(`SELECT units, offered_terms FROM courses WHERE school_id = $1 AND course_id = 'OFF 1'`, [other.id]);
    expect(kept).toEqual({ units: '2.00', offered_terms: ['fall'] });
  });
});
