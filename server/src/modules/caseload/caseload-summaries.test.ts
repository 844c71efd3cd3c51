/**
 * Stored caseload summaries: after every kind of write that can change a student's numbers, the
 * caseload answers what a fresh computation answers, and a write recomputes only the students it
 * concerns.
 */
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { UserType } from '../accounts/user.entity.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { SchoolType } from '../schools/school.entity.js';
import type { School } from '../schools/school.entity.js';
import { attach, buildPathway, buildRequirement, partner } from '../pathways/pathways.factories.js';
import { buildCourse, buildScheduled } from '../plans/plans.factories.js';
import { loadCaseloadFacts } from './caseload-facts.js';
import { rulesVersions, staleStudents, storeSummaries } from './caseload-summaries.js';
import { summarize } from './caseload.service.js';
import { CASELOAD_QUEUE, REQUEST_BOUND } from './freshness.js';

const h = useHarness();

const ROWS = `{ caseload(first: 500) { nodes { studentId firstName pathways { name } pathwaysMarked requirementsMet requirementsTotal
  missingRequirements { name pathwayName } warnings completedUnits reviewStatus grade lastName lastPlanChange } } }`;
const FOLLOW = `mutation($uuid: String!, $follow: Boolean!) { followPathway(pathwayUuid: $uuid, follow: $follow) { marked } }`;

type Row = {
  studentId: number;
  firstName: string;
  pathways: { name: string }[];
  pathwaysMarked: boolean;
  requirementsMet: number;
  requirementsTotal: number;
  missingRequirements: { name: string; pathwayName: string }[];
  warnings: string[];
  completedUnits: number;
  reviewStatus: string;
  grade: string | null;
  lastName: string;
  lastPlanChange: string | null;
};

/**
 * Graduation (English: 2 courses; Mathematics: 1) and STEM (Coding: 1). Ann plans English 1;
 * Bo plans English 1 (completed), English 2 and Geometry without its prerequisite Algebra; Cy
 * plans nothing.
 */
async function world() {
  const school = await h.buildSchool();
  const token = await h.tokenFor(await h.buildStaff({ school }));
  const grad = await buildPathway(h, school, { name: 'High School Graduation' });
  const stem = await buildPathway(h, school, { name: 'STEM' });
  const english = await buildRequirement(h, grad, { name: 'English', numberOfCourses: 2 });
  const math = await buildRequirement(h, grad, { name: 'Mathematics', numberOfCourses: 1 });
  const coding = await buildRequirement(h, stem, { name: 'Coding', numberOfCourses: 1 });
  const en1 = await buildCourse(h.db, school, { title: 'English 1', units: 5 });
  const en2 = await buildCourse(h.db, school, { title: 'English 2', units: 5 });
  const algebra = await buildCourse(h.db, school, { title: 'Algebra', units: 4 });
  const geometry = await buildCourse(h.db, school, { title: 'Geometry', units: 4, prerequisites: [[algebra]] });
  await attach(h, en1, english);
  await attach(h, en2, english);
  await attach(h, algebra, math);
  await attach(h, geometry, math);
  await attach(h, algebra, coding);
  const ann = await h.buildStudent({ school, firstName: 'Ann', lastName: 'Alder' });
  const bo = await h.buildStudent({ school, firstName: 'Bo', lastName: 'Birch' });
  const cy = await h.buildStudent({ school, firstName: 'Cy', lastName: 'Cedar' });
  await buildScheduled(h.db, ann.id, en1, 1);
  await buildScheduled(h.db, bo.id, en1, 1, { completed: true });
  await buildScheduled(h.db, bo.id, en2, 2);
  await buildScheduled(h.db, bo.id, geometry, 2);
  return { school, token, grad, stem, english, math, coding, en1, en2, algebra, geometry, ann, bo, cy, annToken: await h.tokenFor(ann) };
}

async function rows(token: string): Promise<Record<string, Row>> {
  const res = await h.gql(ROWS, {}, token);
  expect(res.errors).toBeUndefined();
  return Object.fromEntries((res.data!.caseload.nodes as Row[]).map((r) => [r.firstName, r]));
}

/** The caseload from the stored summaries, checked against the same caseload computed from nothing stored. */
async function checked(token: string, studentIds: number[]): Promise<Record<string, Row>> {
  const stored = await rows(token);
  const { count } = (
    await h.db.query(`SELECT count(*)::int AS count FROM caseload_summaries WHERE student_id = ANY($1::int[]) AND student_version IS NOT NULL`, [studentIds])
  )[0];
  expect(count).toBe(studentIds.length);
  await h.db.query(`UPDATE caseload_summaries SET student_version = NULL WHERE student_id = ANY($1::int[])`, [studentIds]);
  expect(await rows(token)).toEqual(stored);
  return stored;
}

/** The input version a student's stored summary was computed from; null when none is stored. */
async function storedVersion(studentId: number): Promise<string | null> {
  return (await h.db.query(`SELECT student_version AS v FROM caseload_summaries WHERE student_id = $1`, [studentId]))[0].v;
}

/** computed_at of each student's summary, by student id. */
async function computedAt(studentIds: number[]): Promise<Map<number, number>> {
  const list: { id: number; at: Date }[] = await h.db.query(`SELECT student_id AS id, computed_at AS at FROM caseload_summaries WHERE student_id = ANY($1::int[])`, [
    studentIds,
  ]);
  return new Map(list.map((r) => [r.id, r.at.getTime()]));
}

describe('stored caseload summaries', () => {
  it('answer what a fresh computation answers after every kind of write', async () => {
    const w = await world();
    const { token, annToken } = w;
    const ids = [w.ann.id, w.bo.id, w.cy.id];
    const missing = (r: Row) => r.missingRequirements.map((m) => m.name);
    let r = await checked(token, ids);
    expect(r.Ann).toMatchObject({ requirementsMet: 0, requirementsTotal: 2, warnings: [], completedUnits: 0 });
    expect(r.Bo).toMatchObject({ requirementsMet: 2, completedUnits: 5 });
    expect(r.Bo.warnings).toEqual(['Prerequisite not met for "Geometry" in 10th Grade']);

    // Plan add (REST, as the student): English 2 meets English; Geometry meets Mathematics with a warning.
    expect((await h.api.post('/api/add-scheduled-course/').set(h.auth(annToken)).send({ course_id: w.en2.id, term: '1' })).status).toBe(201);
    const geo = await h.api.post('/api/add-scheduled-course/').set(h.auth(annToken)).send({ course_id: w.geometry.id, term: '1' });
    const alg = await h.api.post('/api/add-scheduled-course/').set(h.auth(annToken)).send({ course_id: w.algebra.id, term: '2' });
    expect([geo.status, alg.status]).toEqual([201, 201]);
    r = await checked(token, ids);
    expect(r.Ann).toMatchObject({ requirementsMet: 2, missingRequirements: [] });
    expect(r.Ann.warnings).toHaveLength(1);
    expect(r.Ann.lastPlanChange).not.toBeNull();

    // Plan move: Algebra into Geometry's term, and the warning goes.
    expect((await h.api.put(`/api/courses/${alg.body.id}/`).set(h.auth(annToken)).send({ term: '1' })).status).toBe(200);
    r = await checked(token, ids);
    expect(r.Ann.warnings).toEqual([]);

    // Plan complete: English 1 completed counts its units.
    const [en1Entry] = await h.db.query(`SELECT id FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [w.ann.id, w.en1.id]);
    expect((await h.api.post(`/api/courses/update-grade/${en1Entry.id}/`).set(h.auth(annToken)).send({ completed: true })).status).toBe(200);
    r = await checked(token, ids);
    expect(r.Ann.completedUnits).toBe(5);

    // Plan remove: without English 2, English is missing again.
    expect((await h.api.delete(`/api/remove-scheduled-course/${w.en2.id}/`).set(h.auth(annToken))).status).toBe(200);
    r = await checked(token, ids);
    expect(missing(r.Ann)).toEqual(['English']);

    // Pathway requirement edit (staff): English asks for 3 courses; Bo's 2 no longer meet it.
    expect((await h.api.put(`/api/requirements/${w.english.uuid}/`).set(h.auth(token)).send({ number_of_courses: 3 })).status).toBe(200);
    r = await checked(token, ids);
    expect(r.Bo).toMatchObject({ requirementsMet: 1, requirementsTotal: 2 });
    expect(missing(r.Bo)).toEqual(['English']);

    // Course edit (staff): English 1 worth 3 units, Geometry renamed (the warning names it).
    expect((await h.api.post(`/api/courses/${w.en1.id}/`).set(h.auth(token)).send({ units: '3' })).status).toBe(200);
    expect((await h.api.post(`/api/courses/${w.geometry.id}/`).set(h.auth(token)).send({ title: 'Plane Geometry' })).status).toBe(200);
    r = await checked(token, ids);
    expect(r.Bo.completedUnits).toBe(3);
    expect(r.Bo.warnings).toEqual(['Prerequisite not met for "Plane Geometry" in 10th Grade']);

    // Graduation pathway (staff): STEM; every student without a mark now follows it.
    expect((await h.api.put('/api/schools/graduation-pathway/').set(h.auth(token)).send({ pathway_uuid: w.stem.uuid })).status).toBe(200);
    r = await checked(token, ids);
    expect(r.Cy).toMatchObject({ pathways: [{ name: 'STEM' }], requirementsTotal: 1, requirementsMet: 0 });
    expect(r.Ann).toMatchObject({ pathways: [{ name: 'STEM' }], requirementsMet: 1, requirementsTotal: 1 });

    // Followed pathway change (the student): Ann marks the graduation pathway.
    expect((await h.gql(FOLLOW, { uuid: w.grad.uuid, follow: true }, annToken)).errors).toBeUndefined();
    r = await checked(token, ids);
    expect(r.Ann).toMatchObject({ pathways: [{ name: 'High School Graduation' }], pathwaysMarked: true, requirementsTotal: 2 });

    // Writes outside the services (an operator's SQL, a partnership): caught as well.
    // Bo follows STEM (the graduation pathway now) and plans no Coding course: asking none meets it.
    expect(r.Bo).toMatchObject({ pathways: [{ name: 'STEM' }], requirementsMet: 0 });
    await h.db.query(`UPDATE requirements SET number_of_courses = 0 WHERE id = $1`, [w.coding.id]);
    r = await checked(token, ids);
    expect(r.Bo).toMatchObject({ requirementsMet: 1, requirementsTotal: 1 });
    const college = await h.buildSchool();
    const aa = await buildPathway(h, college, { name: 'AA Head Start' });
    await attach(h, w.en1, await buildRequirement(h, aa, { name: 'Composition', numberOfCourses: 1 }));
    expect((await h.gql(FOLLOW, { uuid: aa.uuid, follow: true }, await h.tokenFor(w.cy))).errors).toBeDefined(); // not yet a partner
    await partner(h, w.school, college);
    await h.db.query(`INSERT INTO student_pathways (student_id, pathway_id) VALUES ($1, $2)`, [w.bo.id, aa.id]);
    r = await checked(token, ids);
    expect(r.Bo).toMatchObject({ pathways: [{ name: 'AA Head Start' }], requirementsMet: 1, requirementsTotal: 1 });

    // Plan review: the school's flag, a submission, an approval, a change since approval, the flag off again.
    expect(r.Ann.reviewStatus).toBe('draft');
    await h.db.query(`UPDATE schools SET plan_approval_enabled = true WHERE id = $1`, [w.school.id]);
    expect((await h.api.post(`/api/students/${w.ann.id}/plan-review/submit/`).set(h.auth(annToken))).status).toBe(200);
    r = await checked(token, ids);
    expect([r.Ann.reviewStatus, r.Bo.reviewStatus]).toEqual(['submitted', 'draft']);
    expect((await h.api.post(`/api/students/${w.ann.id}/plan-review/approve/`).set(h.auth(token))).status).toBe(200);
    r = await checked(token, ids);
    expect(r.Ann.reviewStatus).toBe('approved');
    expect((await h.api.post('/api/add-scheduled-course/').set(h.auth(annToken)).send({ course_id: w.en2.id, term: '2' })).status).toBe(201);
    r = await checked(token, ids);
    expect(r.Ann.reviewStatus).toBe('changed_since_approval');
    await h.db.query(`UPDATE schools SET plan_approval_enabled = false WHERE id = $1`, [w.school.id]);
    r = await checked(token, ids);
    expect(r.Ann.reviewStatus).toBe('draft');

    // The student's record: a new name and grade show at once; a deactivated student leaves the caseload.
    await h.db.query(`UPDATE users SET last_name = 'Ash', grade = '12' WHERE id = $1`, [w.cy.id]);
    r = await checked(token, ids);
    expect(r.Cy).toMatchObject({ lastName: 'Ash', grade: '12' });
    await h.db.query(`UPDATE users SET deactivated_at = now() WHERE id = $1`, [w.cy.id]);
    expect(Object.keys(await rows(token)).sort()).toEqual(['Ann', 'Bo']);
  });

  it('recomputes only the students a write concerns', async () => {
    const w = await world();
    const ids = [w.ann.id, w.bo.id, w.cy.id];
    await rows(w.token);
    const changed = async (write: () => Promise<unknown>) => {
      const before = await computedAt(ids);
      await write();
      await rows(w.token);
      const after = await computedAt(ids);
      expect(after.size).toBe(ids.length);
      return ids.filter((id) => after.get(id) !== before.get(id));
    };

    // Reading again recomputes nobody.
    expect(await changed(async () => undefined)).toEqual([]);
    // A plan write: the student whose plan it is.
    expect(await changed(() => h.api.post('/api/add-scheduled-course/').set(h.auth(w.annToken)).send({ course_id: w.en2.id, term: '1' }))).toEqual([w.ann.id]);
    // A followed pathway: that student.
    expect(await changed(() => h.gql(FOLLOW, { uuid: w.stem.uuid, follow: true }, w.annToken))).toEqual([w.ann.id]);
    // A rule of their school: every student of it.
    expect(await changed(() => h.api.put(`/api/requirements/${w.english.uuid}/`).set(h.auth(w.token)).send({ number_of_courses: 1 }))).toEqual(ids);
    // A course or pathway of another school, and a student elsewhere: nobody here.
    const other = await h.buildSchool();
    const elsewhere = await buildCourse(h.db, other, { title: 'Elsewhere' });
    expect(
      await changed(async () => {
        await h.db.query(`UPDATE courses SET units = 9 WHERE id = $1`, [elsewhere.id]);
        await buildPathway(h, other, { name: 'Elsewhere' });
        await buildScheduled(h.db, (await h.buildStudent({ school: other })).id, elsewhere, 1);
      }),
    ).toEqual([]);
  });

  it('leaves stale a summary computed under rules that changed before it was stored', async () => {
    const w = await world();
    await rows(w.token);
    // Ann's summary goes stale; a recomputation reads its counters and facts...
    await h.db.query(`UPDATE caseload_summaries SET student_version = NULL WHERE student_id = $1`, [w.ann.id]);
    const check = await staleStudents(h.db, [w.school.id], REQUEST_BOUND);
    expect(check.students.map((s) => s.id)).toEqual([w.ann.id]);
    const rules = await rulesVersions(h.db);
    const computed = summarize(await loadCaseloadFacts(h.db, check.students));
    // ...then English asks for one course, and only then would the old answer be stored.
    await h.db.query(`UPDATE requirements SET number_of_courses = 1 WHERE id = $1`, [w.english.id]);
    await storeSummaries(h.db, computed, new Map(check.students.map((s) => [s.id, s.version])), rules);
    // Stored, but stale: the rules it was computed under moved (as every summary of the school).
    expect((await staleStudents(h.db, [w.school.id], REQUEST_BOUND)).students.map((s) => s.id)).toEqual([w.ann.id, w.bo.id, w.cy.id]);
    // The next read computes Ann under the new rule: English 1 alone meets English.
    const r = await rows(w.token);
    expect(r.Ann).toMatchObject({ requirementsMet: 1, requirementsTotal: 2 });
    expect(r.Ann.missingRequirements.map((m) => m.name)).toEqual(['Mathematics']);
    expect(await storedVersion(w.ann.id)).not.toBeNull();
  });
});

const PAGE = `query($first: Int) { caseload(first: $first) { totalCount nodes { studentId firstName requirementsMet updating } } }`;
const QUEUE = CASELOAD_QUEUE;
const BOUND = REQUEST_BOUND;

/** Runs the caseload's queue until it has nothing due. */
async function runCaseloadJobs(): Promise<void> {
  const worker = new JobWorker(h.db, { [QUEUE]: backgroundHandlers(h.db, h.services, {}, 0)[QUEUE] });
  while ((await worker.runOnce()) > 0) {
    /* next pass */
  }
}

/** `count` students of `school`, each planning `courses` (in term 1, completed), in two statements. */
async function bulkStudents(school: School, count: number, courses: { id: number }[]): Promise<number[]> {
  const tag = `${school.id}-${Date.now().toString(36)}`;
  const ids: { id: number }[] = await h.db.query(
    `INSERT INTO users (email, first_name, last_name, user_type, school_id, grade, academic_year_labels)
     SELECT 'fresh-' || $1 || '-' || g || '@test.example', 'First' || g, 'Last' || g, $2, $3, '10', '["Fall","Spring"]'::jsonb
       FROM generate_series(1, $4::int) g RETURNING id`,
    [tag, UserType.Student, school.id, count],
  );
  await h.db.query(
    `INSERT INTO scheduled_courses (user_id, course_id, term, position, completed)
     SELECT u, c.id, '1', c.ord, true FROM unnest($1::int[]) u CROSS JOIN unnest($2::int[]) WITH ORDINALITY AS c(id, ord)`,
    [ids.map((r) => r.id), courses.map((c) => c.id)],
  );
  return ids.map((r) => r.id);
}

/** What the engine answers now for `ids`, by student, beside what is stored for them. */
async function storedAndFresh(ids: number[]) {
  const students = (await h.db.query(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", email, grade, school_id AS "schoolId", academic_year_labels AS labels
       FROM users WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  )) as Parameters<typeof loadCaseloadFacts>[1];
  const fresh = summarize(await loadCaseloadFacts(h.db, students)).map((c) => ({
    id: c.studentId,
    met: c.requirementsMet,
    total: c.requirementsTotal,
    missing: c.missing,
    warnings: c.warnings,
    units: c.completedUnits,
    review: c.reviewStatus,
  }));
  const stored = await h.db.query(
    `SELECT student_id AS id, requirements_met AS met, requirements_total AS total, missing, warnings, completed_units AS units, review_status AS review
       FROM caseload_summaries WHERE student_id = ANY($1::int[]) ORDER BY student_id`,
    [ids],
  );
  return { stored, fresh };
}

describe('caseload freshness under load', () => {
  // A second connection holds the lock: the embedded database serves one connection, so no writer can run beside a read there.
  it.skipIf(inject('databaseKind') === 'embedded')('lists and counts a student never computed while a writer holds their row', async () => {
    const w = await world();
    await rows(w.token);
    const variants: [string, (q: { query: (sql: string, p: unknown[]) => Promise<unknown> }, id: number) => Promise<unknown>][] = [
      ['a plan write', (q, id) => q.query(`INSERT INTO scheduled_courses (user_id, course_id, term, position) VALUES ($1, $2, '1', 9)`, [id, w.en2.id])],
      ['a record change', (q, id) => q.query(`UPDATE users SET grade = '11', first_name = first_name WHERE id = $1`, [id])],
      ['a followed pathway', (q, id) => q.query(`INSERT INTO student_pathways (student_id, pathway_id) VALUES ($1, $2)`, [id, w.stem.id])],
    ];
    for (const [name, write] of variants) {
      // A student new to the school: no summary computed yet.
      const dee = await h.buildStudent({ school: w.school, firstName: `Dee ${name}`, lastName: 'Dogwood' });
      const writer = h.db.createQueryRunner();
      await writer.startTransaction();
      try {
        await write(writer, dee.id);
        const gql = await h.gql(PAGE, { first: 50 }, w.token);
        expect(gql.errors, name).toBeUndefined();
        const names = (gql.data!.caseload.nodes as { firstName: string }[]).map((r) => r.firstName);
        expect(names, name).toContain(`Dee ${name}`);
        expect(gql.data!.caseload.totalCount, name).toBe(names.length);
        const rest = await h.api.get('/api/caseload/').set(h.auth(w.token));
        expect(rest.status, name).toBe(200);
        expect(
          rest.body.map((r: { student_id: number }) => r.student_id),
          name,
        ).toContain(dee.id);
        expect(rest.headers['x-total-count'], name).toBe(String(rest.body.length));
      } finally {
        await writer.rollbackTransaction();
        await writer.release();
      }
    }
  });

  it('after a college course is marked transferable, a read computes at most the bound and the queue the rest', async () => {
    const college = await h.buildSchool({ schoolType: SchoolType.CLG });
    const school = await h.buildSchool();
    const neighbour = await h.buildSchool();
    await partner(h, school, college);
    await partner(h, neighbour, college);
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const neighbourToken = await h.tokenFor(await h.buildStaff({ school: neighbour }));
    const art = await buildCourse(h.db, college, { title: 'Art History', units: 4 });
    const english = await buildCourse(h.db, school, { title: 'English 1', units: 5 });
    // The school's graduation pathway asks for 3 units of arts: Art History's 4 meet it.
    const arts = await buildRequirement(h, await buildPathway(h, school, { name: 'Graduation' }), { name: 'Arts', numberOfUnits: 3 });
    await attach(h, art, arts);
    const count = BOUND + 30;
    const ids = await bulkStudents(school, count, [art, english]);
    const neighbours = await bulkStudents(neighbour, 5, [art]);
    // Everyone computed: a first read and the queue.
    await rows(token);
    await rows(neighbourToken);
    await runCaseloadJobs();
    const before = await computedAt([...ids, ...neighbours]);
    expect(before.size).toBe(count + 5);

    const met = async () => (await h.gql(PAGE, { first: 500 }, token)).data!.caseload.nodes as { requirementsMet: number; updating: boolean }[];
    expect((await met()).map((r) => [r.requirementsMet, r.updating])).toEqual(ids.map(() => [1, false]));

    // A counselor marks the college's course transferable to their school at 1 unit instead of 4: Arts is no longer met.
    const accepted = await h.api.post('/api/transfer-course/').set(h.auth(token)).send({ original_course_id: art.id, accepting_school_id: school.id, adjusted_units: 1 });
    expect(accepted.status).toBe(200);
    const page = await h.gql(PAGE, { first: 500 }, token);
    expect(page.errors).toBeUndefined();
    expect(page.data!.caseload.totalCount).toBe(count);
    // Every student listed: those computed by the read with the new answer, the others with their last one, being updated.
    const listed = page.data!.caseload.nodes as { requirementsMet: number; updating: boolean }[];
    expect(listed).toHaveLength(count);
    expect(listed.filter((r) => r.updating).length).toBe(count - BOUND);
    expect(listed.filter((r) => !r.updating).every((r) => r.requirementsMet === 0)).toBe(true);
    expect(listed.filter((r) => r.updating).every((r) => r.requirementsMet === 1)).toBe(true);
    const changed = (after: Map<number, number>, list: number[]) => list.filter((id) => after.get(id) !== before.get(id)).length;
    let after = await computedAt([...ids, ...neighbours]);
    // The read computed some students (at most the bound), the neighbour school none (transfers are its own school's).
    expect(changed(after, ids)).toBeGreaterThan(0);
    expect(changed(after, ids)).toBeLessThanOrEqual(BOUND);
    expect(changed(after, neighbours)).toBe(0);
    const queued = await h.db.query(`SELECT count(*)::int AS n FROM jobs WHERE queue = $1 AND status = 'pending'`, [QUEUE]);
    expect(queued[0].n).toBe(1);

    await runCaseloadJobs();
    after = await computedAt([...ids, ...neighbours]);
    expect(changed(after, ids)).toBe(count);
    const { stored, fresh } = await storedAndFresh(ids);
    expect(stored).toEqual(fresh);
    expect((await met()).map((r) => [r.requirementsMet, r.updating])).toEqual(ids.map(() => [0, false]));

    // Any edit of the college's catalogue: both partner schools stale; each read computes at most the bound.
    const b2 = await computedAt([...ids, ...neighbours]);
    expect(
      (
        await h.api
          .post(`/api/courses/${art.id}/`)
          .set(h.auth(await h.tokenFor(await h.buildStaff({ school: college }))))
          .send({ units: '3' })
      ).status,
    ).toBe(200);
    await rows(token);
    await rows(neighbourToken);
    const b3 = await computedAt([...ids, ...neighbours]);
    expect(ids.filter((id) => b3.get(id) !== b2.get(id)).length).toBeLessThanOrEqual(BOUND);
    expect(neighbours.filter((id) => b3.get(id) !== b2.get(id)).length).toBe(5);
    await runCaseloadJobs();
    const both = await storedAndFresh([...ids, ...neighbours]);
    expect(both.stored).toEqual(both.fresh);
    expect(both.fresh.filter((f) => neighbours.includes(f.id)).map((f) => f.units)).toEqual([3, 3, 3, 3, 3]);
    expect(both.fresh.filter((f) => ids.includes(f.id)).map((f) => f.units)).toEqual(ids.map(() => 8));
  }, 60_000);
});
