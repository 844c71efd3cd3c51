import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { buildCourse, buildScheduled } from '../plans/plans.factories.js';

const h = useHarness();

const REVIEW = `query($id: Int) { planReview(studentId: $id) { studentId enabled status comment approvedVersion canSubmit canReview
  events { action actorName comment version } changes { kind courseCode title fromTermLabel toTermLabel fromGrade toGrade } } }`;
const SUBMIT = `mutation($id: Int) { submitPlanForReview(studentId: $id) { status } }`;
const APPROVE = `mutation($id: Int) { approvePlan(studentId: $id) { status approvedVersion } }`;
const RETURN = `mutation($id: Int, $comment: String!) { returnPlan(studentId: $id, comment: $comment) { status comment } }`;
const CASELOAD = `{ caseload(first: 50) { nodes { studentId reviewStatus } } }`;

/** A school with plan review on: Ana (two courses planned), her counselor, her Spanish-speaking parent who prefers email and her Vietnamese-speaking parent who prefers texts. */
async function world(o: { enabled?: boolean } = {}) {
  const school = await h.buildSchool({ planApprovalEnabled: o.enabled ?? true });
  const student = await h.buildStudent({ school, firstName: 'Ana', lastName: 'Reyes' });
  const counselor = await h.buildStaff({ school, firstName: 'Cam', lastName: 'Counselor' });
  const mom = await h.buildParent({ school, students: [student], firstName: 'Marta' });
  const dad = await h.buildParent({ school, students: [student], firstName: 'Minh' });
  await h.db.query(`UPDATE users SET locale = 'es' WHERE id = $1`, [mom.id]);
  await h.db.query(`UPDATE users SET locale = 'vi', contact_preference = 'sms', phone = '+12015550222' WHERE id = $1`, [dad.id]);
  const algebra = await buildCourse(h.db, school, { title: 'Algebra 1', courseId: `ALG${student.id}` });
  const english = await buildCourse(h.db, school, { title: 'English 9', courseId: `ENG${student.id}` });
  const biology = await buildCourse(h.db, school, { title: 'Biology', courseId: `BIO${student.id}` });
  await buildScheduled(h.db, student.id, algebra, 1);
  await buildScheduled(h.db, student.id, english, 1);
  return {
    school,
    student,
    counselor,
    mom,
    dad,
    algebra,
    english,
    biology,
    studentToken: await h.tokenFor(student),
    counselorToken: await h.tokenFor(counselor),
    momToken: await h.tokenFor(mom),
  };
}

const outboxOf = (studentId: number) =>
  h.db.query(`SELECT channel, recipient, subject, body FROM outbox_messages WHERE user_id = $1 ORDER BY created_at, id`, [studentId]) as Promise<
    { channel: string; recipient: string; subject: string; body: string }[]
  >;

describe('plan review', () => {
  it('runs submit, return with a comment, resubmit, approve, change and re-approve, telling the parents in their language', async () => {
    const w = await world();
    const own = await h.gql(REVIEW, {}, w.studentToken);
    expect(own.data!.planReview).toMatchObject({ studentId: w.student.id, enabled: true, status: 'draft', canSubmit: true, canReview: false, events: [] });

    expect((await h.gql(SUBMIT, {}, w.studentToken)).data!.submitPlanForReview).toEqual({ status: 'submitted' });
    // The counselor returns it through REST, as a district script would.
    const returned = await h.api
      .post(`/api/students/${w.student.id}/plan-review/return/`)
      .set(h.auth(w.counselorToken))
      .send({ comment: 'Add a science course in 10th grade.' });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'returned', comment: 'Add a science course in 10th grade.', can_review: false });

    const seen = (await h.gql(REVIEW, {}, w.studentToken)).data!.planReview;
    expect(seen).toMatchObject({ status: 'returned', comment: 'Add a science course in 10th grade.', canSubmit: true });
    expect(seen.events.map((e: { action: string; actorName: string }) => [e.action, e.actorName])).toEqual([
      ['returned', 'Cam Counselor'],
      ['submitted', 'Ana Reyes'],
    ]);

    // Each parent hears of the return, by the channel they prefer, in their language.
    const afterReturn = await outboxOf(w.student.id);
    expect(afterReturn).toHaveLength(2);
    expect(afterReturn.find((m) => m.recipient === w.mom.email)).toMatchObject({
      channel: 'email',
      subject: 'Se devolvió el plan académico de Ana Reyes con comentarios',
    });
    expect(afterReturn.find((m) => m.recipient === w.mom.email)!.body).toContain('Add a science course in 10th grade.');
    expect(afterReturn.find((m) => m.recipient === '+12015550222')).toMatchObject({ channel: 'sms', subject: 'Kế hoạch học tập được gửi lại kèm góp ý' });

    await buildScheduled(h.db, w.student.id, w.biology, 2);
    expect((await h.gql(SUBMIT, {}, w.studentToken)).data!.submitPlanForReview).toEqual({ status: 'submitted' });
    expect((await h.gql(APPROVE, { id: w.student.id }, w.counselorToken)).data!.approvePlan).toEqual({ status: 'approved', approvedVersion: 1 });
    const approvedMail = (await outboxOf(w.student.id)).slice(2);
    expect(approvedMail.map((m) => m.subject).sort()).toEqual(['Kế hoạch học tập đã được phê duyệt', 'Se aprobó el plan académico de Ana Reyes'].sort());
    const [snapshot] = await h.db.query(
      `SELECT count(*)::int AS n FROM plan_approved_entries e JOIN plan_approved_versions v ON v.id = e.version_id WHERE v.student_id = $1`,
      [w.student.id],
    );
    expect(snapshot.n).toBe(3);

    // The student changes the approved plan through the plan's own calls: English removed, Algebra moved, a course added.
    const chemistry = await buildCourse(h.db, w.school, { title: 'Chemistry', courseId: `CHEM${w.student.id}` });
    const [algebraEntry] = await h.db.query(`SELECT id FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [w.student.id, w.algebra.id]);
    expect((await h.api.delete(`/api/remove-scheduled-course/${w.english.id}/`).set(h.auth(w.studentToken))).status).toBe(200);
    expect((await h.api.put(`/api/courses/${algebraEntry.id}/`).set(h.auth(w.studentToken)).send({ term: '2' })).status).toBe(200);
    expect((await h.api.post('/api/add-scheduled-course/').set(h.auth(w.studentToken)).send({ course_id: chemistry.id, term: '3' })).status).toBe(201);

    const changed = (await h.gql(REVIEW, { id: w.student.id }, w.counselorToken)).data!.planReview;
    expect(changed.status).toBe('changed_since_approval');
    expect(changed.changes).toEqual([
      { kind: 'added', courseCode: `CHEM${w.student.id}`, title: 'Chemistry', fromTermLabel: null, toTermLabel: '11th Grade', fromGrade: null, toGrade: '' },
      { kind: 'removed', courseCode: `ENG${w.student.id}`, title: 'English 9', fromTermLabel: '9th Grade', toTermLabel: null, fromGrade: '', toGrade: null },
      { kind: 'moved', courseCode: `ALG${w.student.id}`, title: 'Algebra 1', fromTermLabel: '9th Grade', toTermLabel: '10th Grade', fromGrade: '', toGrade: '' },
    ]);
    expect(changed.canReview).toBe(true);
    // The caseload agrees.
    const rows = (await h.gql(CASELOAD, {}, w.counselorToken)).data!.caseload.nodes as { studentId: number; reviewStatus: string }[];
    expect(rows.find((r) => r.studentId === w.student.id)!.reviewStatus).toBe('changed_since_approval');

    expect((await h.gql(APPROVE, { id: w.student.id }, w.counselorToken)).data!.approvePlan).toEqual({ status: 'approved', approvedVersion: 2 });
    const again = (await h.gql(REVIEW, { id: w.student.id }, w.counselorToken)).data!.planReview;
    expect(again.changes).toEqual([]);
    expect(again.events.map((e: { action: string; version: number | null }) => [e.action, e.version])).toEqual([
      ['approved', 2],
      ['approved', 1],
      ['submitted', null],
      ['returned', null],
      ['submitted', null],
    ]);

    // A linked parent reads the state, without the counselor's diff.
    const parentView = (await h.gql(REVIEW, { id: w.student.id }, w.momToken)).data!.planReview;
    expect(parentView).toMatchObject({ status: 'approved', approvedVersion: 2, changes: null, canSubmit: false, canReview: false });
  });

  it('texts a parent who chose text messages on their profile, at the phone they gave, on return and on approval: the school and a link, no name or comment', async () => {
    const w = await world();
    // A self-registered student types their own name: here one that reads as an instruction with a link.
    await h.db.query(`UPDATE users SET first_name = 'Claim your prize at http://evil.example/x', last_name = '<a href=x>click</a>' WHERE id = $1`, [w.student.id]);
    // Marta (email until now) picks texts on My Profile.
    const picked = await h.gql(`mutation { updateContactPreference(contactPreference: sms, phone: "(201) 555-0333") { contactPreference phone } }`, {}, w.momToken);
    expect(picked.data!.updateContactPreference).toEqual({ contactPreference: 'sms', phone: '+12015550333' });

    await h.gql(SUBMIT, {}, w.studentToken);
    await h.gql(RETURN, { id: w.student.id, comment: 'Add a science course.' }, w.counselorToken);
    const returned = (await outboxOf(w.student.id)).find((m) => m.recipient === '+12015550333');
    expect(returned).toMatchObject({ channel: 'sms', subject: 'Plan académico devuelto con comentarios' });
    expect(returned!.body).toBe(
      `${w.school.name}: se devolvió el plan académico de su hijo/a con comentarios. Inicie sesión para verlos: http://planner.test/parent-students`,
    );
    expect((await outboxOf(w.student.id)).some((m) => m.recipient === w.mom.email)).toBe(false);

    await h.gql(SUBMIT, {}, w.studentToken);
    await h.gql(APPROVE, { id: w.student.id }, w.counselorToken);
    const toMarta = (await outboxOf(w.student.id)).filter((m) => m.recipient === '+12015550333');
    expect(toMarta.map((m) => [m.channel, m.subject, m.body])).toEqual([
      ['sms', 'Plan académico devuelto con comentarios', returned!.body],
      ['sms', 'Plan académico aprobado', `${w.school.name}: se aprobó el plan académico de su hijo/a. Inicie sesión para verlo: http://planner.test/parent-students`],
    ]);
    // Nothing the student typed reaches the phone: not the name, not its link.
    for (const m of toMarta) for (const typed of ['evil', 'Claim', '<a', 'click']) expect(`${m.subject} ${m.body}`, typed).not.toContain(typed);
  });

  it("logs staff reads of a review in the access log, not the student's own", async () => {
    const w = await world();
    await h.gql(REVIEW, {}, w.studentToken);
    expect((await h.api.get(`/api/students/${w.student.id}/plan-review/`).set(h.auth(w.counselorToken))).status).toBe(200);
    const rows = await h.db.query(`SELECT actor_user_id, action FROM student_record_access WHERE student_id = $1 ORDER BY id`, [w.student.id]);
    expect(rows).toEqual([{ actor_user_id: w.counselor.id, action: 'plan_review_view' }]);
  });

  it('refuses other schools, unlinked parents, a parent view token, a student approving their own plan and staff submitting', async () => {
    const w = await world();
    const other = await h.buildSchool({ planApprovalEnabled: true });
    const otherStaff = await h.tokenFor(await h.buildStaff({ school: other }));
    const unlinked = await h.tokenFor(await h.buildParent({ school: w.school }));
    const otherStudent = await h.tokenFor(await h.buildStudent({ school: w.school }));
    const viewToken = await h.services.accounts.issueToken(w.student.id, { actingUserId: w.mom.id, readOnly: true });
    const url = `/api/students/${w.student.id}/plan-review/`;

    for (const token of [otherStaff, unlinked, otherStudent]) {
      const res = await h.api.get(url).set(h.auth(token));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Student not found.');
    }
    expect((await h.api.post(`${url}approve/`).set(h.auth(otherStaff))).status).toBe(404);

    // The parent's view token reads but cannot act.
    expect((await h.api.get(url).set(h.auth(viewToken))).body.status).toBe('draft');
    const viewSubmit = await h.gql(SUBMIT, {}, viewToken);
    expect(viewSubmit.code).toBe('FORBIDDEN');

    // The student cannot approve their own plan; staff cannot submit it for them.
    await h.gql(SUBMIT, {}, w.studentToken);
    const selfApprove = await h.api.post(`${url}approve/`).set(h.auth(w.studentToken));
    expect(selfApprove.status).toBe(403);
    expect(selfApprove.body.error).toBe("Only staff of the student's school can approve or return a plan.");
    const parentReturn = await h.gql(RETURN, { id: w.student.id, comment: 'No' }, w.momToken);
    expect(parentReturn.code).toBe('FORBIDDEN');
    const staffSubmit = await h.api.post(`${url}submit/`).set(h.auth(w.counselorToken));
    expect(staffSubmit.status).toBe(403);
    expect(staffSubmit.body.error).toBe('Only the student can submit their plan for review.');

    // A counselor viewing as the student may approve.
    const asStudent = await h.services.accounts.issueToken(w.student.id, { actingUserId: w.counselor.id, readOnly: false });
    expect((await h.gql(APPROVE, {}, asStudent)).data!.approvePlan.status).toBe('approved');
    const [event] = await h.db.query(`SELECT actor_user_id FROM plan_review_events WHERE student_id = $1 AND action = 'approved'`, [w.student.id]);
    expect(event.actor_user_id).toBe(w.counselor.id);
  });

  it('answers a transition from the wrong state with a 409 that says why, and a return without comment with a 400', async () => {
    const w = await world();
    const url = `/api/students/${w.student.id}/plan-review/`;
    const early = await h.api.post(`${url}approve/`).set(h.auth(w.counselorToken));
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('This plan has not been submitted for review yet.');
    const earlyGql = await h.gql(RETURN, { id: w.student.id, comment: 'x' }, w.counselorToken);
    expect(earlyGql.code).toBe('CONFLICT');

    await h.api.post(`${url}submit/`).set(h.auth(w.studentToken));
    const twice = await h.api.post(`${url}submit/`).set(h.auth(w.studentToken));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('This plan is already submitted for review.');

    for (const body of [{}, { comment: '   ' }, { comment: 5 }]) {
      const res = await h.api.post(`${url}return/`).set(h.auth(w.counselorToken)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please write a comment telling the student what to change.');
    }
    expect(
      (
        await h.api
          .post(`${url}return/`)
          .set(h.auth(w.counselorToken))
          .send({ comment: 'x'.repeat(2001) })
      ).body.error,
    ).toBe('A comment may have at most 2000 characters.');
    await h.api.post(`${url}return/`).set(h.auth(w.counselorToken)).send({ comment: 'Please add science.' });
    const approveReturned = await h.api.post(`${url}approve/`).set(h.auth(w.counselorToken));
    expect(approveReturned.status).toBe(409);
    expect(approveReturned.body.error).toBe('This plan was returned to the student; it can be reviewed again once they submit it.');

    await h.api.post(`${url}submit/`).set(h.auth(w.studentToken));
    await h.api.post(`${url}approve/`).set(h.auth(w.counselorToken));
    const noChange = await h.api.post(`${url}submit/`).set(h.auth(w.studentToken));
    expect(noChange.status).toBe(409);
    expect(noChange.body.error).toBe('This plan is approved and has not changed since; there is nothing to submit.');
    expect((await h.api.post(`${url}approve/`).set(h.auth(w.counselorToken))).body.error).toBe('This plan is already approved and has not changed since.');
  });

  it('changes nothing with the flag off: every plan is a draft and every action is refused', async () => {
    const w = await world({ enabled: false });
    const res = await h.api.get(`/api/students/${w.student.id}/plan-review/`).set(h.auth(w.studentToken));
    expect(res.body).toMatchObject({ enabled: false, status: 'draft', can_submit: false, can_review: false });
    const submit = await h.api.post(`/api/students/${w.student.id}/plan-review/submit/`).set(h.auth(w.studentToken));
    expect(submit.status).toBe(403);
    expect(submit.body.error).toBe("Plan review is not turned on at this student's school.");
    expect(await h.db.query(`SELECT 1 FROM plan_review_events WHERE student_id = $1`, [w.student.id])).toEqual([]);
  });

  it('answers bad and unknown student ids with 400 and 404', async () => {
    const w = await world();
    for (const bad of ['abc', '0', '1e3', '99999999999']) {
      const res = await h.api.get(`/api/students/${bad}/plan-review/`).set(h.auth(w.counselorToken));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Not a valid student id/);
    }
    expect((await h.api.get('/api/students/2147483000/plan-review/').set(h.auth(w.counselorToken))).status).toBe(404);
    expect((await h.api.get(`/api/students/${w.counselor.id}/plan-review/`).set(h.auth(w.counselorToken))).status).toBe(404);
    expect((await h.api.get(`/api/students/${w.student.id}/plan-review/`)).status).toBe(401);
  });

  it('lets staff switch the flag for their school through both APIs, and no one else', async () => {
    const w = await world({ enabled: false });
    const rest = await h.api.put('/api/schools/plan-approval/').set(h.auth(w.counselorToken)).send({ enabled: true });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ uuid: w.school.uuid, plan_approval_enabled: true });
    const gql = await h.gql(`mutation { setPlanApprovalEnabled(enabled: false) { planApprovalEnabled } }`, {}, w.counselorToken);
    expect(gql.data!.setPlanApprovalEnabled).toEqual({ planApprovalEnabled: false });
    const student = await h.api.put('/api/schools/plan-approval/').set(h.auth(w.studentToken)).send({ enabled: true });
    expect(student.status).toBe(403);
    expect((await h.api.put('/api/schools/plan-approval/').set(h.auth(w.counselorToken)).send({ enabled: 'yes' })).status).toBe(400);
    const [school] = await h.db.query(`SELECT plan_approval_enabled FROM schools WHERE id = $1`, [w.school.id]);
    expect(school.plan_approval_enabled).toBe(false);
  });
});
