/** Baseline plans through both APIs on a real database: staff management, student choice, view-as, refusals. */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { DEMO, useHarness } from '../../test/harness.js';
import { UserType, type User } from '../accounts/user.entity.js';
import { onboardingFactories } from '../onboarding/onboarding.factories.js';
import type { School } from '../schools/school.entity.js';
import { BASELINE_MESSAGES } from './baseline-plans.service.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();
const f = onboardingFactories(h);

const withPlans = (o: Partial<School> = {}) => h.buildSchool({ baselinePlansEnabled: true, ...o });

async function staffOf(school: School) {
  const staff = await h.buildStaff({ school });
  return { staff, token: await h.tokenFor(staff) };
}

const planRow = async (id: number) =>
  (await h.db.query(`SELECT email, first_name, last_name, user_type, password_hash, school_id, academic_year_labels FROM users WHERE id = $1`, [id]))[0];

describe('staff manage baseline plans (REST)', () => {
  it('creates, lists, updates, duplicates (with courses) and deletes a plan', async () => {
    const school = await withPlans();
    const { token } = await staffOf(school);
    const username = `baseline_plan_${Date.now()}`;
    const created = await h.api
      .post('/api/baseline-plans/')
      .set(h.auth(token))
      .send({ username, first_name: ' Health Sciences ', last_name: 'Toward nursing', user_type: 4 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username,
      first_name: 'Health Sciences',
      last_name: 'Toward nursing',
      user_type: 4,
      academic_year_labels: ['9th Grade', '10th Grade', '11th Grade', '12th Grade'],
      course_count: 0,
    });
    const id: number = created.body.id;
    // A type-4 record of the school with no password: it can never sign in.
    expect(await planRow(id)).toMatchObject({ email: username, user_type: UserType.BaselinePlan, password_hash: '', school_id: school.id });
    expect((await h.api.post('/api/login/').send({ email: username, password: '' })).status).toBe(400);

    const bio = await f.buildCourse(school, { courseId: '7201', title: 'Biology' });
    const anatomy = await f.buildCourse(school, { courseId: '7209', title: 'Anatomy & Physiology', prerequisites: [[bio]] });
    await f.schedule({ id } as User, [
      { course: bio, term: 1 },
      { course: anatomy, term: 2 },
    ]);

    const list = await h.api.get('/api/baseline-plans/').set(h.auth(token));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id, first_name: 'Health Sciences', course_count: 2 })]);

    const updated = await h.api.put(`/api/baseline-plans/${id}/`).set(h.auth(token)).send({ first_name: 'Health Careers', last_name: 'Nursing and EMT' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, first_name: 'Health Careers', last_name: 'Nursing and EMT' });
    expect(await planRow(id)).toMatchObject({ first_name: 'Health Careers', last_name: 'Nursing and EMT' });

    const dup = await h.api.post('/api/duplicate-baseline-plan/').set(h.auth(token)).send({ planId: id });
    expect(dup.status).toBe(201);
    expect(dup.body).toMatchObject({ first_name: 'Health Careers (Copy)', last_name: 'Nursing and EMT', course_count: 2 });
    expect(dup.body.username).toMatch(/^baseline_plan_\d+_[0-9a-f]{6}$/);
    expect(await f.planOf(dup.body.id)).toEqual(await f.planOf(id));

    const del = await h.api.delete(`/api/baseline-plans/${id}/`).set(h.auth(token));
    expect(del.status).toBe(204);
    expect(await planRow(id)).toBeUndefined();
    expect(await f.planOf(id)).toEqual([]);
    const after = await h.api.get('/api/baseline-plans/').set(h.auth(token));
    expect(after.body.map((p: { id: number }) => p.id)).toEqual([dup.body.id]);
  });

  it('refuses bad input with clear messages', async () => {
    const school = await withPlans();
    const { token } = await staffOf(school);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ first_name: '', last_name: 'x' }, 400, textOf(BASELINE_MESSAGES.titleRequired)],
      [{ first_name: 'x', last_name: '  ' }, 400, textOf(BASELINE_MESSAGES.descriptionRequired)],
      [{ first_name: 'x', last_name: 'y', user_type: 1 }, 400, textOf(BASELINE_MESSAGES.userType)],
      [{ first_name: 'x', last_name: 'y', username: 'someone@example.org' }, 400, textOf(BASELINE_MESSAGES.username)],
      [{ first_name: 'x'.repeat(201), last_name: 'y' }, 400, textOf(BASELINE_MESSAGES.titleTooLong)],
    ];
    for (const [body, status, message] of cases) {
      const res = await h.api.post('/api/baseline-plans/').set(h.auth(token)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ error: message });
    }
    const username = `baseline_plan_taken_${Date.now()}`;
    expect((await h.api.post('/api/baseline-plans/').set(h.auth(token)).send({ username, first_name: 'a', last_name: 'b' })).status).toBe(201);
    const again = await h.api.post('/api/baseline-plans/').set(h.auth(token)).send({ username, first_name: 'a', last_name: 'b' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: textOf(BASELINE_MESSAGES.usernameTaken) });
    const plan = await f.buildBaselinePlan(school);
    const put = await h.api.put(`/api/baseline-plans/${plan.id}/`).set(h.auth(token)).send({ first_name: 'New' });
    expect(put.body).toMatchObject({ error: textOf(BASELINE_MESSAGES.descriptionRequired) });
    expect((await h.api.post('/api/duplicate-baseline-plan/').set(h.auth(token)).send({ planId: 'abc' })).body).toMatchObject({
      error: textOf(BASELINE_MESSAGES.planId),
    });
  });

  it("answers 404 for another school's plan (and for ids that name no plan), changing nothing", async () => {
    const mine = await withPlans();
    const theirs = await withPlans();
    const { token } = await staffOf(mine);
    const other = await f.buildBaselinePlan(theirs, { title: 'Theirs' });
    const student = await h.buildStudent({ school: mine });
    for (const id of [other.id, student.id, 999999999]) {
      expect((await h.api.put(`/api/baseline-plans/${id}/`).set(h.auth(token)).send({ first_name: 'x', last_name: 'y' })).status).toBe(404);
      expect((await h.api.delete(`/api/baseline-plans/${id}/`).set(h.auth(token))).status).toBe(404);
    }
    // Not an id at all: bad input, not "not found" (core/ids.ts).
    expect((await h.api.put('/api/baseline-plans/abc/').set(h.auth(token)).send({ first_name: 'x', last_name: 'y' })).status).toBe(400);
    expect((await h.api.delete('/api/baseline-plans/abc/').set(h.auth(token))).status).toBe(400);
    const dup = await h.api.post('/api/duplicate-baseline-plan/').set(h.auth(token)).send({ planId: other.id });
    expect(dup.status).toBe(404);
    expect(dup.body).toMatchObject({ error: textOf(BASELINE_MESSAGES.notFound) });
    expect(await planRow(other.id)).toMatchObject({ first_name: 'Theirs' });
    expect((await h.api.get('/api/baseline-plans/').set(h.auth(token))).body).toEqual([]);
  });

  it('is for staff only, and only where the school uses baseline plans', async () => {
    const school = await withPlans();
    const plan = await f.buildBaselinePlan(school);
    for (const user of [await h.buildStudent({ school }), await h.buildParent({ school })]) {
      const token = await h.tokenFor(user);
      expect((await h.api.get('/api/baseline-plans/').set(h.auth(token))).status).toBe(403);
      expect((await h.api.post('/api/baseline-plans/').set(h.auth(token)).send({ first_name: 'a', last_name: 'b' })).status).toBe(403);
      expect((await h.api.delete(`/api/baseline-plans/${plan.id}/`).set(h.auth(token))).status).toBe(403);
    }
    expect((await h.api.get('/api/baseline-plans/')).status).toBe(401);
    const off = await h.buildSchool({ baselinePlansEnabled: false });
    const { token } = await staffOf(off);
    const res = await h.api.post('/api/baseline-plans/').set(h.auth(token)).send({ first_name: 'a', last_name: 'b' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: textOf(BASELINE_MESSAGES.disabled) });
    expect((await h.api.get('/api/baseline-plans/').set(h.auth(token))).status).toBe(403);
    expect(await planRow(plan.id)).toBeDefined();
  });
});

describe('staff manage baseline plans (GraphQL)', () => {
  const LIST = '{ baselinePlans(first: 50) { totalCount hasNextPage nodes { id title description courseCount school { name } } } }';

  it('creates, updates, duplicates and deletes', async () => {
    const school = await withPlans();
    const { token } = await staffOf(school);
    const c = await h.gql('mutation { createBaselinePlan(title: "STEM", description: "Engineering") { id title description username academicYearLabels } }', {}, token);
    expect(c.errors).toBeUndefined();
    const id = c.data!.createBaselinePlan.id;
    expect(c.data!.createBaselinePlan).toMatchObject({
      title: 'STEM',
      description: 'Engineering',
      academicYearLabels: ['9th Grade', '10th Grade', '11th Grade', '12th Grade'],
    });
    const u = await h.gql('mutation ($id: Int!) { updateBaselinePlan(id: $id, title: "STEM+", description: "Robotics") { title description } }', { id }, token);
    expect(u.data).toEqual({ updateBaselinePlan: { title: 'STEM+', description: 'Robotics' } });
    const d = await h.gql('mutation ($id: Int!) { duplicateBaselinePlan(planId: $id) { id title } }', { id }, token);
    expect(d.data!.duplicateBaselinePlan.title).toBe('STEM+ (Copy)');
    const list = await h.gql(LIST, {}, token);
    expect(list.data!.baselinePlans.nodes.map((n: { title: string }) => n.title)).toEqual(['STEM+', 'STEM+ (Copy)']);
    expect(list.data!.baselinePlans.nodes[0]).toMatchObject({ courseCount: 0, school: { name: school.name } });
    const del = await h.gql('mutation ($id: Int!) { deleteBaselinePlan(id: $id) }', { id }, token);
    expect(del.data).toEqual({ deleteBaselinePlan: true });
    expect((await h.gql('mutation ($id: Int!) { deleteBaselinePlan(id: $id) }', { id }, token)).code).toBe('NOT_FOUND');
    expect((await h.gql('mutation { createBaselinePlan(title: "", description: "x") { id } }', {}, token)).errors![0].message).toBe(
      textOf(BASELINE_MESSAGES.titleRequired),
    );
  });

  it('pages the list and reads course counts and schools in a fixed number of statements', async () => {
    const school = await withPlans();
    const { token } = await staffOf(school);
    const course = await f.buildCourse(school);
    await f.buildBaselinePlan(school, { title: 'A', courses: [{ course, term: 1 }] });
    await f.buildBaselinePlan(school, { title: 'B' });
    const few = await f.countedGql(LIST, token);
    for (const t of ['C', 'D', 'E', 'F', 'G']) await f.buildBaselinePlan(school, { title: t, courses: [{ course, term: 2 }] });
    const many = await f.countedGql(LIST, token);
    expect(few.result.errors).toBeUndefined();
    expect((many.result.data as any).baselinePlans.nodes.map((n: any) => [n.title, n.courseCount])).toEqual([
      ['A', 1],
      ['B', 0],
      ['C', 1],
      ['D', 1],
      ['E', 1],
      ['F', 1],
      ['G', 1],
    ]);
    expect(many.statements.length).toBe(few.statements.length);

    const first = await h.gql('{ baselinePlans(first: 3) { totalCount hasNextPage endCursor nodes { title } } }', {}, token);
    expect(first.data!.baselinePlans).toMatchObject({ totalCount: 7, hasNextPage: true, nodes: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] });
    const next = await h.gql('query ($a: String) { baselinePlans(first: 3, after: $a) { nodes { title } } }', { a: first.data!.baselinePlans.endCursor }, token);
    expect(next.data!.baselinePlans.nodes).toEqual([{ title: 'D' }, { title: 'E' }, { title: 'F' }]);
    expect((await h.gql('{ baselinePlans(first: 500) { totalCount } }', {}, token)).code).toBe('BAD_USER_INPUT');
  });
});

describe('staff view a baseline plan as a plan to edit', () => {
  it('gives staff of the plan school a token for the plan record; other schools get 404', async () => {
    const school = await withPlans();
    const plan = await f.buildBaselinePlan(school, { title: 'Health Sciences', description: 'Nursing' });
    const { staff, token } = await staffOf(school);
    const res = await h.api.post('/api/view-as-student/').set(h.auth(token)).send({ studentId: plan.id });
    expect(res.status).toBe(200);
    const me = await h.api.get('/api/current-user/').set(h.auth(res.body.token));
    expect(me.body).toMatchObject({ first_name: 'Health Sciences', last_name: 'Nursing', user_type: 4, viewing_as: { acting_user_id: staff.id, read_only: false } });

    const outsider = await staffOf(await withPlans());
    expect((await h.api.post('/api/view-as-student/').set(h.auth(outsider.token)).send({ studentId: plan.id })).status).toBe(404);
  });
});

describe('students choose a baseline plan', () => {
  async function setup() {
    const school = await withPlans();
    const e9 = await f.buildCourse(school, { courseId: '2401', title: 'English 9' });
    const e10 = await f.buildCourse(school, { courseId: '2501', title: 'English 10', prerequisites: [[e9]] });
    const bio = await f.buildCourse(school, { courseId: '7201', title: 'Biology' });
    const plan = await f.buildBaselinePlan(school, {
      title: 'Health Sciences',
      labels: ['Freshman', 'Sophomore', 'Junior', 'Senior'],
      courses: [
        { course: e9, term: 1 },
        { course: bio, term: 1 },
        { course: e10, term: 2 },
      ],
    });
    const student = await h.buildStudent({ school });
    return { school, plan, student, token: await h.tokenFor(student), e9, e10, bio };
  }

  it("lists only the student's school plans (REST and GraphQL)", async () => {
    const { school, plan, token } = await setup();
    await f.buildBaselinePlan(await withPlans(), { title: 'Elsewhere' });
    const res = await h.api.get('/api/baseline-plans-for-school/').set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: plan.id, first_name: 'Health Sciences', course_count: 3 })]);
    const g = await h.gql('{ baselinePlansForSchool { nodes { id title courseCount school { id } } } }', {}, token);
    expect(g.data!.baselinePlansForSchool.nodes).toEqual([{ id: plan.id, title: 'Health Sciences', courseCount: 3, school: { id: school.id } }]);
    // Staff use their own list; where the school has no baseline plans, students are refused.
    expect((await h.api.get('/api/baseline-plans-for-school/').set(h.auth(await h.tokenFor(await h.buildStaff({ school }))))).status).toBe(403);
    const off = await h.buildStudent({ school: await h.buildSchool() });
    const refused = await h.api.get('/api/baseline-plans-for-school/').set(h.auth(await h.tokenFor(off)));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: textOf(BASELINE_MESSAGES.disabled) });
  });

  it("assigning copies the plan's terms and courses over the student's own, in one go (REST)", async () => {
    const { plan, student, token, school } = await setup();
    const other = await f.buildCourse(school, { courseId: '9110', title: 'Accounting I' });
    await f.schedule(student, [{ course: other, term: 3 }]);
    const status = await h.api.get('/api/assign-plan-to-student/').set(h.auth(token));
    expect(status.body).toEqual({ has_courses: true, course_count: 1 });

    const res = await h.api.post('/api/assign-plan-to-student/').set(h.auth(token)).send({ planId: plan.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ course_count: 3 });
    expect(await f.planOf(student)).toEqual([
      { code: '2401', term: '1', position: 0 },
      { code: '7201', term: '1', position: 1 },
      { code: '2501', term: '2', position: 2 },
    ]);
    expect((await planRow(student.id)).academic_year_labels).toEqual(['Freshman', 'Sophomore', 'Junior', 'Senior']);
    // The plan itself is untouched.
    expect(await f.planOf(plan)).toHaveLength(3);
    expect((await h.api.get('/api/assign-plan-to-student/').set(h.auth(token))).body).toEqual({ has_courses: true, course_count: 3 });

    const cleared = await h.api.post('/api/clear-student-courses/').set(h.auth(token)).send({});
    expect(cleared.body).toEqual({ removed_courses: 3 });
    expect(await f.planOf(student)).toEqual([]);
    expect((await h.api.get('/api/assign-plan-to-student/').set(h.auth(token))).body).toEqual({ has_courses: false, course_count: 0 });
  });

  it('works through GraphQL, and the status lists the courses', async () => {
    const { plan, token } = await setup();
    const empty = await h.gql('{ planAssignmentStatus { hasCourses courseCount } }', {}, token);
    expect(empty.data).toEqual({ planAssignmentStatus: { hasCourses: false, courseCount: 0 } });
    const a = await h.gql('mutation ($id: Int!) { assignPlanToStudent(planId: $id) }', { id: plan.id }, token);
    expect(a.data).toEqual({ assignPlanToStudent: 3 });
    const s = await h.gql('{ planAssignmentStatus { hasCourses courseCount courses { courseCode title term position units } } }', {}, token);
    expect(s.data!.planAssignmentStatus).toEqual({
      hasCourses: true,
      courseCount: 3,
      courses: [
        { courseCode: '2401', title: 'English 9', term: '1', position: 0, units: 1 },
        { courseCode: '7201', title: 'Biology', term: '1', position: 1, units: 1 },
        { courseCode: '2501', title: 'English 10', term: '2', position: 2, units: 1 },
      ],
    });
    expect((await h.gql('mutation { clearStudentCourses }', {}, token)).data).toEqual({ clearStudentCourses: 3 });
  });

  it("refuses another school's plan (404), a missing planId (400), parents viewing (403) and staff (403)", async () => {
    const { student, token, school, e9 } = await setup();
    await f.schedule(student, [{ course: e9, term: 1 }]);
    const foreign = await f.buildBaselinePlan(await withPlans(), { title: 'Elsewhere' });
    const res = await h.api.post('/api/assign-plan-to-student/').set(h.auth(token)).send({ planId: foreign.id });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: textOf(BASELINE_MESSAGES.notFound) });
    const notAPlan = await h.api.post('/api/assign-plan-to-student/').set(h.auth(token)).send({ planId: student.id });
    expect(notAPlan.status).toBe(404);
    expect((await h.api.post('/api/assign-plan-to-student/').set(h.auth(token)).send({})).body).toMatchObject({ error: textOf(BASELINE_MESSAGES.planId) });

    const parent = await h.buildParent({ school, students: [student] });
    const parentView = await h.services.accounts.issueToken(student.id, { actingUserId: parent.id, readOnly: true, ttlMinutes: 60 });
    const ro = await h.api.post('/api/clear-student-courses/').set(h.auth(parentView)).send({});
    expect(ro.status).toBe(403);
    expect(ro.body).toMatchObject({ error: textOf(READ_ONLY_MESSAGE), reason: READ_ONLY_MESSAGE });
    expect((await h.gql('mutation { clearStudentCourses }', {}, parentView)).code).toBe('FORBIDDEN');
    // Reading the status is fine while viewing.
    expect((await h.api.get('/api/assign-plan-to-student/').set(h.auth(parentView))).body).toEqual({ has_courses: true, course_count: 1 });
    const staffToken = await h.tokenFor(await h.buildStaff({ school }));
    expect((await h.api.post('/api/clear-student-courses/').set(h.auth(staffToken)).send({})).status).toBe(403);
    expect(await f.planOf(student)).toEqual([{ code: '2401', term: '1', position: 0 }]);
  });
});

describe('demo baseline plans', () => {
  it('Lincoln has the STEM Pathway and Health Sciences plans, each with courses and no prerequisite out of order', async () => {
    const token = await h.login(DEMO.student);
    const res = await h.api.get('/api/baseline-plans-for-school/').set(h.auth(token));
    const byTitle = Object.fromEntries(res.body.map((p: { first_name: string; course_count: number }) => [p.first_name, p.course_count]));
    expect(byTitle['STEM Pathway']).toBeGreaterThanOrEqual(16);
    expect(byTitle['Health Sciences']).toBeGreaterThanOrEqual(16);
    const broken = await h.db.query(
      `SELECT sc.user_id, sc.course_id FROM scheduled_courses sc JOIN users u ON u.id = sc.user_id AND u.user_type = 4
        WHERE EXISTS (
          SELECT 1 FROM course_prerequisites g WHERE g.course_id = sc.course_id
           AND NOT EXISTS (SELECT 1 FROM course_prerequisites m JOIN scheduled_courses o ON o.course_id = m.prerequisite_id AND o.user_id = sc.user_id
                            WHERE m.course_id = g.course_id AND m.group_index = g.group_index AND o.term::int <= sc.term::int))`,
    );
    expect(broken).toEqual([]);
  });
});
