/** Viewing the product as a student (admin and parent) and returning, through REST and GraphQL. */
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../core/passwords.js';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { DEMO, useHarness } from '../../test/harness.js';
import { User } from './user.entity.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

const SESSION_ENDED = 'Your own session has ended. Please sign in again.';
const VIEW_AS = 'mutation ($id: Int!) { viewAsStudent(studentId: $id) { token } }';
const ME = '{ currentUser { id email userType viewingAs { actingUserId readOnly } } }';

async function viewAs(viewerToken: string, studentId: number) {
  return h.api.post('/api/view-as-student/').set(h.auth(viewerToken)).send({ studentId });
}

async function me(token: string) {
  return h.api.get('/api/current-user/').set(h.auth(token));
}

describe('admin views a student', () => {
  it('gives the Lincoln admin a token for the demo student, and returning revokes it', async () => {
    const admin = await h.userByEmail(DEMO.admin);
    const student = await h.userByEmail(DEMO.student);
    const adminToken = await h.login(DEMO.admin);

    const res = await viewAs(adminToken, student.id);
    expect(res.status).toBe(200);
    const viewToken: string = res.body.token;
    expect(viewToken).not.toBe(adminToken);

    const asStudent = await me(viewToken);
    expect(asStudent.status).toBe(200);
    expect(asStudent.body).toMatchObject({
      user_id: student.id,
      email: DEMO.student,
      user_type: 1,
      viewing_as: { acting_user_id: admin.id, read_only: false },
    });
    const [row] = await h.db.query(`SELECT user_id, acting_user_id, read_only FROM auth_tokens WHERE token_hash = $1`, [sha256(viewToken)]);
    expect(row).toEqual({ user_id: student.id, acting_user_id: admin.id, read_only: false });

    const back = await h.api.post('/api/return-to-admin-view/').set(h.auth(viewToken)).send({ adminToken });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ token: adminToken });
    expect((await me(viewToken)).status).toBe(401);
    const asAdmin = await me(adminToken);
    expect(asAdmin.body).toMatchObject({ user_id: admin.id, user_type: 2, viewing_as: null });
  });

  it('works through GraphQL', async () => {
    const admin = await h.userByEmail(DEMO.admin);
    const student = await h.userByEmail(DEMO.student);
    const adminToken = await h.login(DEMO.admin);
    const g = await h.gql(VIEW_AS, { id: student.id }, adminToken);
    expect(g.errors).toBeUndefined();
    const viewToken: string = g.data!.viewAsStudent.token;
    const m = await h.gql(ME, {}, viewToken);
    expect(m.data!.currentUser).toEqual({ id: student.id, email: DEMO.student, userType: 'Student', viewingAs: { actingUserId: admin.id, readOnly: false } });

    const back = await h.gql('mutation ($t: String!) { returnToAdminView(adminToken: $t) { token } }', { t: adminToken }, viewToken);
    expect(back.data).toEqual({ returnToAdminView: { token: adminToken } });
    expect((await h.gql(ME, {}, viewToken)).data).toEqual({ currentUser: null });
  });

  it("lets an admin's view write as the student", async () => {
    const school = await h.buildSchool();
    const student = await h.buildStudent({ school });
    const adminToken = await h.tokenFor(await h.buildStaff({ school }));
    const viewToken = (await viewAs(adminToken, student.id)).body.token;
    const res = await h.api
      .put('/api/update-user-labels/')
      .set(h.auth(viewToken))
      .send({ academic_year_labels: ['Fall', 'Spring'] });
    expect(res.status).toBe(200);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: student.id })).academicYearLabels).toEqual(['Fall', 'Spring']);
  });

  it("ends the counselor's view-as tokens when the counselor signs out: writes and reads answer 401", async () => {
    const school = await h.buildSchool();
    const student = await h.buildStudent({ school });
    const counselor = await h.buildStaff({ school });
    const ownToken = await h.login(counselor.email);
    const viewToken = (await viewAs(ownToken, student.id)).body.token;
    const otherDeviceView = (await viewAs(await h.tokenFor(counselor), student.id)).body.token;
    // Another counselor's view of the same student is not theirs to end.
    const colleagueView = (await viewAs(await h.tokenFor(await h.buildStaff({ school })), student.id)).body.token;
    expect((await me(viewToken)).status).toBe(200);

    expect((await h.api.post('/api/logout/').set(h.auth(ownToken))).status).toBe(200);

    for (const token of [viewToken, otherDeviceView]) {
      const write = await h.api
        .put('/api/update-user-labels/')
        .set(h.auth(token))
        .send({ academic_year_labels: ['Fall', 'Spring'] });
      expect(write.status).toBe(401);
      expect((await me(token)).status).toBe(401);
      expect((await h.gql(ME, {}, token)).data).toEqual({ currentUser: null });
    }
    expect((await h.db.getRepository(User).findOneByOrFail({ id: student.id })).academicYearLabels).toEqual(student.academicYearLabels);
    expect((await me(colleagueView)).status).toBe(200);
    // The student's own sessions are untouched.
    expect((await me(await h.tokenFor(student))).status).toBe(200);
  });

  it('signing out from inside a view ends every view of that counselor (GraphQL logout)', async () => {
    const school = await h.buildSchool();
    const [a, b] = [await h.buildStudent({ school }), await h.buildStudent({ school })];
    const counselorToken = await h.tokenFor(await h.buildStaff({ school }));
    const viewA = (await viewAs(counselorToken, a.id)).body.token;
    const viewB = (await viewAs(counselorToken, b.id)).body.token;
    expect((await h.gql('mutation { logout }', {}, viewA)).data).toEqual({ logout: true });
    expect((await me(viewA)).status).toBe(401);
    expect((await me(viewB)).status).toBe(401);
  });

  it('lets staff view students of a school they joined, and baseline-plan records of their school', async () => {
    const home = await h.buildSchool();
    const joined = await h.buildSchool();
    const staff = await h.buildStaff({ school: home });
    const token = await h.tokenFor(staff);
    const student = await h.buildStudent({ school: joined });
    expect((await viewAs(token, student.id)).status).toBe(404);
    // Staff cannot add themselves to another school; a membership (from that school's sign-up code) opens it.
    expect((await h.api.post(`/api/schools/${joined.uuid}/join/`).set(h.auth(token))).status).toBe(403);
    await h.db.query('INSERT INTO school_memberships (user_id, school_id) VALUES ($1, $2)', [staff.id, joined.id]);
    expect((await viewAs(token, student.id)).status).toBe(200);

    const baseline = await h.userByEmail(DEMO.baseline);
    const viaAdmin = await viewAs(await h.login(DEMO.admin), baseline.id);
    expect(viaAdmin.status).toBe(200);
    expect((await me(viaAdmin.body.token)).body.user_type).toBe(4);
  });

  it('answers 404 to an admin of another school, to a student, and for an unknown id', async () => {
    const student = await h.userByEmail(DEMO.student);
    const otherAdminUser = await h.buildStaff();
    const otherAdmin = await h.tokenFor(otherAdminUser);
    const res = await viewAs(otherAdmin, student.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Student not found.' });
    const g = await h.gql(VIEW_AS, { id: student.id }, otherAdmin);
    expect(g.code).toBe('NOT_FOUND');
    expect(g.data).toBeNull();

    const classmate = await h.tokenFor(await h.buildStudent({ school: await h.schoolNamed('Lincoln High School') }));
    const byStudent = await viewAs(classmate, student.id);
    expect(byStudent.status).toBe(404);
    expect(byStudent.body).toMatchObject({ error: 'Student not found.' });

    const lincolnAdmin = await h.login(DEMO.admin);
    expect((await viewAs(lincolnAdmin, 2_000_000_000)).status).toBe(404);
    // Another admin is not a student: no view of staff accounts.
    const colleague = await h.buildStaff({ school: await h.schoolNamed('Lincoln High School') });
    expect((await viewAs(lincolnAdmin, colleague.id)).status).toBe(404);

    // No token was issued for the refused viewer.
    expect(await h.db.query(`SELECT 1 FROM auth_tokens WHERE acting_user_id = $1`, [otherAdminUser.id])).toEqual([]);
  });

  it('asks which student, and needs a token', async () => {
    const token = await h.login(DEMO.admin);
    const res = await h.api.post('/api/view-as-student/').set(h.auth(token)).send({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Please choose a student.' });
    expect((await h.api.post('/api/view-as-student/').send({ studentId: 1 })).status).toBe(401);
  });

  it('refuses viewing another student from inside a view', async () => {
    const school = await h.buildSchool();
    const [a, b] = [await h.buildStudent({ school }), await h.buildStudent({ school })];
    const adminToken = await h.tokenFor(await h.buildStaff({ school }));
    const viewToken = (await viewAs(adminToken, a.id)).body.token;
    const nested = await viewAs(viewToken, b.id);
    expect(nested.status).toBe(403);
    expect(nested.body).toMatchObject({ error: 'Return to your own view before viewing another student.' });
    const g = await h.gql(VIEW_AS, { id: b.id }, viewToken);
    expect(g.code).toBe('FORBIDDEN');
  });

  it("returns only with the same admin's own token", async () => {
    const school = await h.buildSchool();
    const student = await h.buildStudent({ school });
    const admin = await h.buildStaff({ school });
    const adminToken = await h.tokenFor(admin);
    const otherAdminToken = await h.tokenFor(await h.buildStaff({ school }));
    const viewToken = (await viewAs(adminToken, student.id)).body.token;

    const wrong = await h.api.post('/api/return-to-admin-view/').set(h.auth(viewToken)).send({ adminToken: otherAdminToken });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: SESSION_ENDED });
    // The view token itself is not accepted as the admin's token.
    expect((await h.api.post('/api/return-to-admin-view/').set(h.auth(viewToken)).send({ adminToken: viewToken })).status).toBe(403);
    const missing = await h.api.post('/api/return-to-admin-view/').set(h.auth(viewToken)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: SESSION_ENDED });
    // Still viewing after the refusals.
    expect((await me(viewToken)).status).toBe(200);

    // Not viewing at all: nothing to return from.
    const notViewing = await h.api.post('/api/return-to-admin-view/').set(h.auth(adminToken)).send({ adminToken });
    expect(notViewing.status).toBe(400);
    expect(notViewing.body).toMatchObject({ error: 'You are not viewing as a student.' });

    // The held token ended meanwhile (revoked, e.g. by a password change elsewhere): it no longer returns.
    await h.db.query(`UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = $1`, [sha256(adminToken)]);
    const ended = await h.api.post('/api/return-to-admin-view/').set(h.auth(viewToken)).send({ adminToken });
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({ error: SESSION_ENDED });

    // The admin signs out (from another session of theirs): the view ends with it.
    expect((await h.api.post('/api/logout/').set(h.auth(await h.tokenFor(admin)))).status).toBe(200);
    expect((await me(viewToken)).status).toBe(401);
  });
});

describe('parent views a student', () => {
  it('gives the linked parent a read-only token: reads work, writes are refused with 403', async () => {
    const parent = await h.userByEmail(DEMO.parent);
    const student = await h.userByEmail(DEMO.student);
    const parentToken = await h.login(DEMO.parent);
    const res = await viewAs(parentToken, student.id);
    expect(res.status).toBe(200);
    const viewToken: string = res.body.token;

    const asStudent = await me(viewToken);
    expect(asStudent.body).toMatchObject({ user_id: student.id, viewing_as: { acting_user_id: parent.id, read_only: true } });

    const labels = await h.api
      .put('/api/update-user-labels/')
      .set(h.auth(viewToken))
      .send({ academic_year_labels: ['X', 'Y'] });
    expect(labels.status).toBe(403);
    expect(labels.body).toMatchObject({ error: textOf(READ_ONLY_MESSAGE), reason: READ_ONLY_MESSAGE });
    const form = await h.api.post('/api/create-parent-form/').set(h.auth(viewToken));
    expect(form.status).toBe(403);
    expect(form.body).toMatchObject({ error: textOf(READ_ONLY_MESSAGE), reason: READ_ONLY_MESSAGE });
    const lincoln = await h.schoolNamed('Lincoln High School');
    expect((await h.api.post(`/api/schools/${lincoln.uuid}/join/`).set(h.auth(viewToken))).status).toBe(403);

    const g = await h.gql('mutation { updateUserLabels(labels: ["X", "Y"]) }', {}, viewToken);
    expect(g.code).toBe('FORBIDDEN');
    expect(g.errors![0].message).toBe(textOf(READ_ONLY_MESSAGE));
    const gForm = await h.gql('mutation { createParentForm }', {}, viewToken);
    expect(gForm.code).toBe('FORBIDDEN');

    const saved = await h.db.getRepository(User).findOneByOrFail({ id: student.id });
    expect(saved.academicYearLabels).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade']);

    const back = await h.api.post('/api/return-to-parent-view/').set(h.auth(viewToken)).send({ parentToken });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ token: parentToken });
    expect((await me(viewToken)).status).toBe(401);
    expect((await me(parentToken)).body.user_type).toBe(3);
  });

  it('works through GraphQL, and the read-only view may still return', async () => {
    const student = await h.buildStudent();
    const parentToken = await h.tokenFor(await h.buildParent({ students: [student] }));
    const g = await h.gql(VIEW_AS, { id: student.id }, parentToken);
    const viewToken: string = g.data!.viewAsStudent.token;
    expect((await h.gql(ME, {}, viewToken)).data!.currentUser.viewingAs.readOnly).toBe(true);
    const back = await h.gql('mutation ($t: String!) { returnToParentView(parentToken: $t) { token } }', { t: parentToken }, viewToken);
    expect(back.data).toEqual({ returnToParentView: { token: parentToken } });
    expect((await me(viewToken)).status).toBe(401);
  });

  it('lets the read-only view sign out', async () => {
    const student = await h.buildStudent();
    const parentToken = await h.tokenFor(await h.buildParent({ students: [student] }));
    const viewToken = (await viewAs(parentToken, student.id)).body.token;
    expect((await h.api.post('/api/logout/').set(h.auth(viewToken))).status).toBe(200);
    expect((await me(viewToken)).status).toBe(401);
  });

  it('answers 404 to a parent who is not linked to the student', async () => {
    const student = await h.buildStudent();
    await h.buildParent({ students: [student] });
    const stranger = await h.tokenFor(await h.buildParent({ students: [await h.buildStudent()] }));
    const res = await viewAs(stranger, student.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Student not found.' });
    expect((await h.gql(VIEW_AS, { id: student.id }, stranger)).code).toBe('NOT_FOUND');
  });

  it("returns only with the same parent's token; another parent's token gets 403", async () => {
    const student = await h.buildStudent();
    const parentToken = await h.tokenFor(await h.buildParent({ students: [student] }));
    const otherParentToken = await h.tokenFor(await h.buildParent({ students: [student] }));
    const viewToken = (await viewAs(parentToken, student.id)).body.token;

    const wrong = await h.api.post('/api/return-to-parent-view/').set(h.auth(viewToken)).send({ parentToken: otherParentToken });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: SESSION_ENDED });
    const g = await h.gql('mutation ($t: String!) { returnToParentView(parentToken: $t) { token } }', { t: otherParentToken }, viewToken);
    expect(g.code).toBe('FORBIDDEN');
    expect((await me(viewToken)).status).toBe(200);

    // A parent's view cannot leave through the admin door.
    const viaAdmin = await h.api.post('/api/return-to-admin-view/').set(h.auth(viewToken)).send({ adminToken: parentToken });
    expect(viaAdmin.status).toBe(403);

    const right = await h.api.post('/api/return-to-parent-view/').set(h.auth(viewToken)).send({ parentToken });
    expect(right.body).toEqual({ token: parentToken });
  });

  it("refuses an admin's view returning through the parent door", async () => {
    const school = await h.buildSchool();
    const student = await h.buildStudent({ school });
    const adminToken = await h.tokenFor(await h.buildStaff({ school }));
    const viewToken = (await viewAs(adminToken, student.id)).body.token;
    const res = await h.api.post('/api/return-to-parent-view/').set(h.auth(viewToken)).send({ parentToken: adminToken });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: SESSION_ENDED });
  });
});
