/**
 * What-if plans through REST and GraphQL on a real database: creating (empty, copy, baseline),
 * the five-plan limit, names, editing an alternative with the plan's own rules, the compare view
 * from the one progress engine, "make this my plan", who may read and change them, and that the
 * official plan's readers (caseload, progress, the plan) never see an alternative.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import type { Course } from '../courses/course.entity.js';
import { UserType } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import { attach, buildPathway, buildRequirement } from '../pathways/pathways.factories.js';
import { buildCourse, buildScheduled } from '../plans/plans.factories.js';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

let school: School;
let other: School;
let english: Course, algebra: Course, biology: Course, chemistry: Course;

beforeAll(async () => {
  school = await h.buildSchool({ name: 'What-if High', baselinePlansEnabled: true });
  other = await h.buildSchool({ name: 'Elsewhere High' });
  const grad = await buildPathway(h, school, { name: 'Graduation' });
  const eng = await buildRequirement(h, grad, { name: 'English', numberOfCourses: 1 });
  const sci = await buildRequirement(h, grad, { name: 'Science', numberOfCourses: 2 });
  english = await buildCourse(h.db, school, { courseId: 'EN1', title: 'English 1' });
  algebra = await buildCourse(h.db, school, { courseId: 'MA1', title: 'Algebra I' });
  biology = await buildCourse(h.db, school, { courseId: 'SC1', title: 'Biology' });
  chemistry = await buildCourse(h.db, school, { courseId: 'SC2', title: 'Chemistry', prerequisites: [[algebra]] });
  await attach(h, english, eng);
  await attach(h, biology, sci);
  await attach(h, chemistry, sci);
});

/** A student of the school with English 1 (term 1, grade A, completed) and Biology (term 2) in the official plan. */
async function student() {
  const user = await h.buildStudent({ school, firstName: 'Wren', lastName: 'Iffy' });
  await buildScheduled(h.db, user.id, english, 1, { grade: 'A', completed: true });
  await buildScheduled(h.db, user.id, biology, 2);
  return { user, token: await h.tokenFor(user) };
}

const auth = (token: string) => h.auth(token);
const create = (token: string, body: Record<string, unknown>) => h.api.post('/api/what-if-plans/').set(auth(token)).send(body);
const official = async (userId: number) =>
  (await h.db.query(`SELECT course_id, term, position, grade, completed FROM scheduled_courses WHERE user_id = $1 ORDER BY term, position`, [userId])) as {
    course_id: number;
    term: string;
    position: number;
    grade: string;
    completed: boolean;
  }[];

const PLAN = `query($id: Int) { plan(whatIfPlanId: $id) { id whatIfPlanId whatIfName readOnly labels totalUnits
  terms { term label courses { id course { courseId } } } warnings { message } } }`;
const COMPARE = `query($left: String!, $right: String!, $studentId: Int) { comparePlans(left: $left, right: $right, studentId: $studentId) {
  whatIfPlanId name courseCount progress { name completedCourses isFulfilled } } }`;

describe('starting what-if plans', () => {
  it('starts empty (the official terms, no courses), as a copy, or from a baseline plan, and lists them', async () => {
    const { user, token } = await student();
    const empty = await create(token, { name: '  Nursing  ' });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ name: 'Nursing', course_count: 0 });
    const labels = (await h.db.query(`SELECT academic_year_labels FROM users WHERE id = $1`, [user.id]))[0].academic_year_labels;
    expect(empty.body.academic_year_labels).toEqual(labels);

    const copy = await create(token, { name: 'Engineering', start: 'official' });
    expect(copy.status).toBe(201);
    expect(copy.body.course_count).toBe(2);
    const entries = await h.db.query(`SELECT course_id, term, position, grade, completed FROM what_if_entries WHERE plan_id = $1 ORDER BY term, position`, [
      copy.body.id,
    ]);
    expect(entries).toEqual(await official(user.id));

    const baseline = await h.buildUser(UserType.BaselinePlan, { school, firstName: 'STEM Start', academicYearLabels: ['Year A', 'Year B'] });
    await buildScheduled(h.db, baseline.id, algebra, 1);
    const fromBaseline = await create(token, { name: 'STEM', start: 'baseline', baseline_id: baseline.id });
    expect(fromBaseline.status).toBe(201);
    expect(fromBaseline.body).toMatchObject({ course_count: 1, academic_year_labels: ['Year A', 'Year B'] });

    const list = await h.api.get('/api/what-if-plans/').set(auth(token));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ student_id: user.id, can_edit: true, limit: 5 });
    expect(list.body.plans.map((p: { name: string }) => p.name)).toEqual(['Nursing', 'Engineering', 'STEM']);
  });

  it("refuses a sixth plan, names out of bounds or already used, and another school's baseline", async () => {
    const { token } = await student();
    for (const name of ['A', 'B', 'C', 'D', 'E']) expect((await create(token, { name })).status).toBe(201);
    const sixth = await create(token, { name: 'F' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toBe('You already have 5 what-if plans, the most you can keep. Delete one before starting another.');

    const { token: t2 } = await student();
    expect((await create(t2, { name: '   ' })).body.error).toBe('Please enter a name for the what-if plan.');
    expect((await create(t2, { name: 'x'.repeat(81) })).body.error).toBe("A what-if plan's name may have at most 80 characters.");
    expect((await create(t2, { name: 'x'.repeat(80) })).status).toBe(201);
    expect((await create(t2, { name: 12 })).status).toBe(400);
    expect((await create(t2, { name: 'Ok\u0000' })).status).toBe(400);
    expect((await create(t2, { name: 'Plan', start: 'copy-everything' })).body.error).toBe(
      'Please start the what-if plan empty, as a copy of your plan, or from a baseline plan.',
    );
    expect((await create(t2, { name: 'Nursing' })).status).toBe(201);
    const dup = await create(t2, { name: 'NURSING' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('You already have a what-if plan with this name.');

    const foreign = await h.buildUser(UserType.BaselinePlan, { school: other });
    expect((await create(t2, { name: 'Foreign', start: 'baseline', baseline_id: foreign.id })).status).toBe(404);
    expect((await create(t2, { name: 'Foreign', start: 'baseline', baseline_id: 'abc' })).status).toBe(400);
  });

  it('renames and deletes, keeping names unique per student', async () => {
    const { token } = await student();
    const a = (await create(token, { name: 'Alpha' })).body;
    const b = (await create(token, { name: 'Beta' })).body;
    const renamed = await h.api.put(`/api/what-if-plans/${a.id}/`).set(auth(token)).send({ name: 'Gamma' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Gamma');
    expect((await h.api.put(`/api/what-if-plans/${a.id}/`).set(auth(token)).send({ name: 'beta' })).status).toBe(409);
    expect((await h.api.put(`/api/what-if-plans/${a.id}/`).set(auth(token)).send({ name: '' })).status).toBe(400);
    expect((await h.api.delete(`/api/what-if-plans/${b.id}/`).set(auth(token))).status).toBe(204);
    expect((await h.api.get(`/api/what-if-plans/${b.id}/`).set(auth(token))).status).toBe(404);
    // The name is free again once its plan is gone.
    expect((await h.api.put(`/api/what-if-plans/${a.id}/`).set(auth(token)).send({ name: 'Beta' })).status).toBe(200);
  });
});

describe('working on a what-if plan', () => {
  it('adds, moves and removes courses with the plan rules (warnings too), leaving the official plan alone', async () => {
    const { user, token } = await student();
    const before = await official(user.id);
    const stamp = async () => (await h.db.query(`SELECT plan_changed_at FROM users WHERE id = $1`, [user.id]))[0].plan_changed_at;
    const changedBefore = await stamp();
    const plan = (await create(token, { name: 'Engineering', start: 'official' })).body;
    const add = await h.gql(
      `mutation($c: Int!, $id: Int) { scheduleCourse(courseId: $c, term: "1", whatIfPlanId: $id) { id } }`,
      { c: chemistry.id, id: plan.id },
      token,
    );
    expect(add.errors).toBeUndefined();
    const view = await h.gql(PLAN, { id: plan.id }, token);
    expect(view.data!.plan).toMatchObject({ id: `whatif:${plan.id}`, whatIfPlanId: plan.id, whatIfName: 'Engineering', readOnly: false });
    expect(view.data!.plan.warnings.map((w: { message: string }) => w.message)).toEqual([expect.stringContaining('Chemistry')]);
    // REST names the plan with ?what_if_plan=.
    const entry = add.data!.scheduleCourse.id;
    const moved = await h.api.put(`/api/courses/${entry}/?what_if_plan=${plan.id}`).set(auth(token)).send({ term: '3' });
    expect(moved.status).toBe(200);
    expect(moved.body.term).toBe('3');
    const restView = await h.api.get(`/api/plan/?what_if_plan=${plan.id}`).set(auth(token));
    expect(restView.body).toMatchObject({ what_if_plan_id: plan.id, what_if_name: 'Engineering' });
    expect(restView.body.terms.find((t: { term: string }) => t.term === '3').courses.map((c: { course: { course_id: string } }) => c.course.course_id)).toEqual(['SC2']);

    expect(await official(user.id)).toEqual(before);
    expect(await stamp()).toEqual(changedBefore);
    const own = await h.gql(PLAN, { id: null }, token);
    expect(own.data!.plan.whatIfPlanId).toBeNull();
    expect(own.data!.plan.terms.flatMap((t: { courses: { course: { courseId: string } }[] }) => t.courses.map((c) => c.course.courseId)).sort()).toEqual(['EN1', 'SC1']);

    // The PDF of a what-if plan names it, and holds its courses.
    const pdf = await h.api
      .get(`/api/plan-pdf/?what_if_plan=${plan.id}`)
      .set(auth(token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Wren Iffy - What-if plan: Engineering');
    expect(text).toContain('Chemistry');

    const removed = await h.api.delete(`/api/remove-scheduled-course/${chemistry.id}/?what_if_plan=${plan.id}`).set(auth(token));
    expect(removed.status).toBe(200);
    expect(await h.db.query(`SELECT 1 FROM what_if_entries WHERE plan_id = $1 AND course_id = $2`, [plan.id, chemistry.id])).toEqual([]);
  });

  it("refuses another student's plan, and an entry of another plan, as not found", async () => {
    const { user, token } = await student();
    const { token: otherToken } = await student();
    const mine = (await create(token, { name: 'Mine', start: 'official' })).body;
    const theirs = (await create(otherToken, { name: 'Theirs', start: 'official' })).body;
    expect((await h.api.get(`/api/plan/?what_if_plan=${theirs.id}`).set(auth(token))).status).toBe(404);
    expect((await h.api.get(`/api/what-if-plans/${theirs.id}/`).set(auth(token))).status).toBe(404);
    expect((await h.api.put(`/api/what-if-plans/${theirs.id}/`).set(auth(token)).send({ name: 'Stolen' })).status).toBe(404);
    expect((await h.api.delete(`/api/what-if-plans/${theirs.id}/`).set(auth(token))).status).toBe(404);
    expect((await h.api.post(`/api/what-if-plans/${theirs.id}/make-official/`).set(auth(token))).status).toBe(404);
    expect((await h.api.post(`/api/add-scheduled-course/?what_if_plan=${theirs.id}`).set(auth(token)).send({ course_id: algebra.id, term: '1' })).status).toBe(404);
    expect((await h.api.get(`/api/what-if-plans/compare/?left=official&right=${theirs.id}`).set(auth(token))).status).toBe(404);
    expect((await h.api.get(`/api/plan/?what_if_plan=abc`).set(auth(token))).status).toBe(400);
    expect((await h.api.get(`/api/what-if-plans/99999999999/`).set(auth(token))).status).toBe(400);

    // Moving an entry between plans: an official entry named on the what-if plan, and the reverse, are not found.
    const [officialEntry] = await h.db.query(`SELECT id FROM scheduled_courses WHERE user_id = $1 ORDER BY id LIMIT 1`, [user.id]);
    const [whatIfEntry] = await h.db.query(`SELECT id FROM what_if_entries WHERE plan_id = $1 ORDER BY id LIMIT 1`, [mine.id]);
    expect((await h.api.put(`/api/courses/${officialEntry.id}/?what_if_plan=${mine.id}`).set(auth(token)).send({ term: '3' })).status).toBe(404);
    expect((await h.api.put(`/api/courses/${whatIfEntry.id}/`).set(auth(token)).send({ term: '3' })).status).toBe(404);
    const [theirEntry] = await h.db.query(`SELECT id FROM what_if_entries WHERE plan_id = $1 ORDER BY id LIMIT 1`, [theirs.id]);
    expect((await h.api.put(`/api/courses/${theirEntry.id}/?what_if_plan=${mine.id}`).set(auth(token)).send({ term: '3' })).status).toBe(404);
    expect(
      (
        await h.api
          .put('/api/update-course-positions/?what_if_plan=' + mine.id)
          .set(auth(token))
          .send({ updates: [{ id: officialEntry.id, position: 0 }] })
      ).status,
    ).toBe(404);
    expect((await h.api.post(`/api/courses/update-grade/${theirEntry.id}/?what_if_plan=${mine.id}`).set(auth(token)).send({ grade: 'F' })).status).toBe(404);
  });
});

describe('comparing and making official', () => {
  it('compares two plans with the progress engine the student sees', async () => {
    const { token } = await student();
    const plan = (await create(token, { name: 'More science', start: 'official' })).body;
    await h.api.post(`/api/add-scheduled-course/?what_if_plan=${plan.id}`).set(auth(token)).send({ course_id: chemistry.id, term: '2' });
    const res = await h.gql(COMPARE, { left: 'official', right: String(plan.id) }, token);
    expect(res.errors).toBeUndefined();
    const [left, right] = res.data!.comparePlans as {
      whatIfPlanId: number | null;
      name: string | null;
      courseCount: number;
      progress: { name: string; completedCourses: number; isFulfilled: boolean }[];
    }[];
    expect(left).toMatchObject({ whatIfPlanId: null, name: null, courseCount: 2 });
    expect(right).toMatchObject({ whatIfPlanId: plan.id, name: 'More science', courseCount: 3 });
    const science = (side: typeof left) => side.progress.find((p) => p.name === 'Science')!;
    expect(science(left)).toMatchObject({ completedCourses: 1, isFulfilled: false });
    expect(science(right)).toMatchObject({ completedCourses: 2, isFulfilled: true });
    // The official side is exactly the student's own progress page.
    const own = (await h.gql(`{ requirementProgress { name completedCourses isFulfilled } }`, {}, token)).data!.requirementProgress;
    expect(left.progress).toEqual(own);
    const rest = await h.api.get(`/api/what-if-plans/compare/?left=${plan.id}&right=official`).set(auth(token));
    expect(rest.status).toBe(200);
    expect(rest.body[0].progress.find((p: { name: string }) => p.name === 'Science')).toMatchObject({ completed_courses: 2, is_fulfilled: true });
  });

  it("makes a what-if plan official: the official plan's entries and terms become exact copies, stamping the plan change", async () => {
    const { user, token } = await student();
    const plan = (await create(token, { name: 'Next', start: 'official' })).body;
    await h.api.post(`/api/terms/?what_if_plan=${plan.id}`).set(auth(token)).send({ label: 'Summer' });
    await h.api.post(`/api/add-scheduled-course/?what_if_plan=${plan.id}`).set(auth(token)).send({ course_id: chemistry.id, term: '2' });
    await h.api.delete(`/api/remove-scheduled-course/${english.id}/?what_if_plan=${plan.id}`).set(auth(token));
    await h.db.query(`UPDATE users SET plan_changed_at = NULL WHERE id = $1`, [user.id]);
    const made = await h.gql(
      `mutation($id: Int!) { makeWhatIfPlanOfficial(id: $id) { whatIfPlanId labels terms { courses { course { courseId } } } } }`,
      { id: plan.id },
      token,
    );
    expect(made.errors).toBeUndefined();
    expect(made.data!.makeWhatIfPlanOfficial.whatIfPlanId).toBeNull();
    const whatIf = await h.db.query(`SELECT course_id, term, position, grade, completed FROM what_if_entries WHERE plan_id = $1 ORDER BY term, position`, [plan.id]);
    expect(await official(user.id)).toEqual(whatIf);
    expect((await official(user.id)).map((e) => e.course_id).sort()).toEqual([biology.id, chemistry.id].sort());
    const row = (await h.db.query(`SELECT academic_year_labels, plan_changed_at FROM users WHERE id = $1`, [user.id]))[0];
    expect(row.academic_year_labels.at(-1)).toBe('Summer');
    expect(made.data!.makeWhatIfPlanOfficial.labels).toEqual(row.academic_year_labels);
    expect(row.plan_changed_at).not.toBeNull();
  });
});

describe('who reads and changes what-if plans', () => {
  it('lets staff of the school and linked parents read, logged; refuses other schools and unlinked parents; nobody else changes them', async () => {
    const { user, token } = await student();
    const plan = (await create(token, { name: 'Nursing', start: 'official' })).body;
    const staff = await h.tokenFor(await h.buildStaff({ school }));
    const parent = await h.tokenFor(await h.buildParent({ students: [user] }));
    const stranger = await h.tokenFor(await h.buildParent({}));
    const otherStaff = await h.tokenFor(await h.buildStaff({ school: other }));

    for (const t of [staff, parent]) {
      const list = await h.api.get(`/api/what-if-plans/?student=${user.id}`).set(auth(t));
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ can_edit: false, plans: [{ name: 'Nursing' }] });
      const one = await h.api.get(`/api/what-if-plans/${plan.id}/`).set(auth(t));
      expect(one.status).toBe(200);
      expect(one.body.what_if_name).toBe('Nursing');
      expect((await h.api.get(`/api/what-if-plans/compare/?left=official&right=${plan.id}&student=${user.id}`).set(auth(t))).status).toBe(200);
      expect((await h.api.put(`/api/what-if-plans/${plan.id}/`).set(auth(t)).send({ name: 'Mine now' })).status).toBe(403);
      expect((await h.api.post(`/api/what-if-plans/${plan.id}/make-official/`).set(auth(t))).status).toBe(403);
      expect((await h.api.post('/api/what-if-plans/').set(auth(t)).send({ name: 'Sneaky' })).status).toBe(403);
    }
    const logged = await h.db.query(`SELECT count(*)::int AS n FROM student_record_access WHERE student_id = $1 AND action = 'what_if_view'`, [user.id]);
    expect(logged[0].n).toBe(6);

    for (const t of [stranger, otherStaff]) {
      expect((await h.api.get(`/api/what-if-plans/?student=${user.id}`).set(auth(t))).status).toBe(404);
      expect((await h.api.get(`/api/what-if-plans/${plan.id}/`).set(auth(t))).status).toBe(404);
    }

    // A parent's view-as token reads only; staff viewing as the student read only too.
    const viewAs = async (t: string) => (await h.api.post('/api/view-as-student/').set(auth(t)).send({ studentId: user.id })).body.token as string;
    const parentView = await viewAs(parent);
    const seen = await h.gql(PLAN, { id: plan.id }, parentView);
    expect(seen.data!.plan).toMatchObject({ whatIfName: 'Nursing', readOnly: true });
    const refused = await h.api.post(`/api/add-scheduled-course/?what_if_plan=${plan.id}`).set(auth(parentView)).send({ course_id: algebra.id, term: '1' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(textOf(READ_ONLY_MESSAGE));
    const staffView = await viewAs(staff);
    expect((await h.gql(PLAN, { id: plan.id }, staffView)).data!.plan.readOnly).toBe(true);
    const staffWrite = await h.api.post(`/api/add-scheduled-course/?what_if_plan=${plan.id}`).set(auth(staffView)).send({ course_id: algebra.id, term: '1' });
    expect(staffWrite.status).toBe(403);
    expect(staffWrite.body.error).toBe('Only the student changes their what-if plans; you see them read-only.');
    expect((await h.api.get('/api/what-if-plans/').set(auth(staffView))).body.can_edit).toBe(false);
  });
});

describe('the official plan stays the official plan', () => {
  it('caseload and progress read only the official plan, whatever the alternatives hold', async () => {
    const { user, token } = await student();
    const plan = (await create(token, { name: 'All in', start: 'official' })).body;
    await h.api.post(`/api/add-scheduled-course/?what_if_plan=${plan.id}`).set(auth(token)).send({ course_id: chemistry.id, term: '2' });
    await h.api.post(`/api/add-scheduled-course/?what_if_plan=${plan.id}`).set(auth(token)).send({ course_id: algebra.id, term: '3' });
    const progress = (await h.gql(`{ requirementProgress { name completedCourses } }`, {}, token)).data!.requirementProgress;
    expect(progress.find((p: { name: string }) => p.name === 'Science').completedCourses).toBe(1);
    expect((await h.api.get('/api/user-scheduled-courses/').set(auth(token))).body.map((e: { course: { course_id: string } }) => e.course.course_id).sort()).toEqual([
      'EN1',
      'SC1',
    ]);
    const staff = await h.tokenFor(await h.buildStaff({ school }));
    const caseload = await h.gql(`{ caseload(first: 200) { nodes { studentId requirementsMet requirementsTotal completedUnits } } }`, {}, staff);
    expect(caseload.errors).toBeUndefined();
    const row = caseload.data!.caseload.nodes.find((n: { studentId: number }) => n.studentId === user.id);
    expect(row).toMatchObject({ requirementsMet: 1, requirementsTotal: 2, completedUnits: english.units });
  });
});
