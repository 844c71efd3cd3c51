/** Student data deletion: staff of the student's school remove the account and every record about it; the access log keeps its rows. */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { insertForm } from '../consent-forms/consent-forms.factories.js';
import { buildCourse, schedule } from '../pathways/pathways.factories.js';

const h = useHarness();

const TABLES: [string, string][] = [
  ['users', 'id = $1'],
  ['scheduled_courses', 'user_id = $1'],
  ['consent_forms', 'student_id = $1'],
  ['cccapply_consents', 'student_id = $1'],
  ['parent_student_links', 'student_id = $1'],
  ['auth_tokens', 'user_id = $1'],
  ['password_resets', 'user_id = $1'],
  ['school_memberships', 'user_id = $1'],
];

async function counts(id: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [t, where] of TABLES) out[t] = (await h.db.query(`SELECT count(*)::int AS n FROM ${t} WHERE ${where}`, [id]))[0].n;
  return out;
}

async function studentWithRecords() {
  const school = await h.buildSchool({ hsFullAccessEnabled: true, fourYearPlanEnabled: true, parentFormEnabled: true, cccApplyEnabled: true });
  const student = await h.buildStudent({ school, firstName: 'Dee', lastName: 'Leted' });
  const sibling = await h.buildStudent({ school, firstName: 'Stay', lastName: 'Here' });
  const parent = await h.buildParent({ school, students: [student, sibling] });
  const admin = await h.buildStaff({ school, firstName: 'Ana', lastName: 'Admin' });
  const course = await buildCourse(h, school);
  await schedule(h, student, course, '1');
  await schedule(h, sibling, course, '1');
  await insertForm(h, student, 'both_signed', Buffer.from('%PDF-1.4 signed'));
  await h.db.query(`INSERT INTO cccapply_consents (student_id, electronic_signature) VALUES ($1, 'Dee Leted')`, [student.id]);
  await h.db.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, 'x', now() + interval '1 hour')`, [student.id]);
  await h.db.query(`INSERT INTO school_memberships (user_id, school_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [student.id, school.id]);
  await h.db.query(`INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ('email', $1, 'Hi', 'About your plan')`, [student.email]);
  // The guardian's consent text names the student: it is about them, though not to their address.
  await h.db.query(
    `INSERT INTO outbox_messages (channel, recipient, subject, body, school_id, user_id) VALUES ('sms', '+15550107777', 'Parent consent form', 'Dee Leted has signed', $1, $2)`,
    [school.id, student.id],
  );
  const studentToken = await h.tokenFor(student);
  const adminToken = await h.tokenFor(admin);
  // A view-as session and a log row from before the deletion.
  const view = await h.api.post('/api/view-as-student/').set(h.auth(adminToken)).send({ studentId: student.id });
  expect(view.status).toBe(200);
  return { school, student, sibling, parent, admin, course, studentToken, adminToken, viewToken: view.body.token as string };
}

describe('student data deletion', () => {
  it('REST: removes the account and every record about it in one go; the log keeps its rows and gains student_deleted', async () => {
    const w = await studentWithRecords();
    const before = await counts(w.student.id);
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);

    const res = await h.api.delete(`/api/students/${w.student.id}/`).set(h.auth(w.adminToken));
    expect(res.status).toBe(204);

    expect(await counts(w.student.id)).toEqual(Object.fromEntries(TABLES.map(([t]) => [t, 0])));
    expect((await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1`, [w.student.email]))[0].n).toBe(0);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE body = 'Dee Leted has signed' AND school_id = $1`, [w.school.id]))[0].n).toBe(0);
    // Nobody else's records go: the sibling's plan and link, the parent, the course.
    expect((await h.db.query(`SELECT count(*)::int AS n FROM scheduled_courses WHERE user_id = $1`, [w.sibling.id]))[0].n).toBe(1);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM parent_student_links WHERE student_id = $1`, [w.sibling.id]))[0].n).toBe(1);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM users WHERE id = $1`, [w.parent.id]))[0].n).toBe(1);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM courses WHERE id = $1`, [w.course.id]))[0].n).toBe(1);

    const log = await h.db.query(`SELECT action, actor_user_id, school_id FROM student_record_access WHERE student_id = $1 ORDER BY id`, [w.student.id]);
    expect(log).toEqual([
      { action: 'view_as', actor_user_id: w.admin.id, school_id: w.school.id },
      { action: 'student_deleted', actor_user_id: w.admin.id, school_id: w.school.id },
    ]);
    const shown = await h.api.get('/api/access-log/').query({ student_id: w.student.id }).set(h.auth(w.adminToken));
    expect(shown.body.results.map((r: any) => [r.action, r.student_name, r.actor_name])).toEqual([
      ['student_deleted', null, 'Ana Admin'],
      ['view_as', null, 'Ana Admin'],
    ]);

    // Their sessions ended with them; a second delete finds nothing.
    expect((await h.api.get('/api/current-user/').set(h.auth(w.studentToken))).status).toBe(401);
    expect((await h.api.get('/api/current-user/').set(h.auth(w.viewToken))).status).toBe(401);
    expect((await h.api.delete(`/api/students/${w.student.id}/`).set(h.auth(w.adminToken))).status).toBe(404);
  });

  it('GraphQL deleteStudent does the same', async () => {
    const w = await studentWithRecords();
    const res = await h.gql(`mutation Del($id: Int!) { deleteStudent(id: $id) }`, { id: w.student.id }, w.adminToken);
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteStudent).toBe(true);
    expect((await counts(w.student.id)).users).toBe(0);
    const log = await h.gql(`query { accessLog(action: student_deleted) { nodes { studentId actorName } } }`, {}, w.adminToken);
    expect(log.data!.accessLog.nodes).toEqual([{ studentId: w.student.id, actorName: 'Ana Admin' }]);
  });

  it("refuses another school's staff (404), the parent, the student, a view-as token, and anonymous callers, changing nothing", async () => {
    const w = await studentWithRecords();
    const before = await counts(w.student.id);
    const otherStaff = await h.tokenFor(await h.buildStaff());
    const attempts: [string | null, number][] = [
      [otherStaff, 404],
      [await h.tokenFor(w.parent), 403],
      [w.studentToken, 403],
      [w.viewToken, 403],
      [null, 401],
    ];
    for (const [token, status] of attempts) {
      let req = h.api.delete(`/api/students/${w.student.id}/`);
      if (token) req = req.set(h.auth(token));
      expect((await req).status).toBe(status);
    }
    expect((await h.gql(`mutation { deleteStudent(id: ${w.student.id}) }`, {}, otherStaff)).code).toBe('NOT_FOUND');
    // Staff and parents are not students: not deletable through this route.
    expect((await h.api.delete(`/api/students/${w.parent.id}/`).set(h.auth(w.adminToken))).status).toBe(404);
    expect((await h.api.delete(`/api/students/${w.admin.id}/`).set(h.auth(w.adminToken))).status).toBe(404);
    // Not an id at all: bad input, not "not found" (core/ids.ts).
    expect((await h.api.delete(`/api/students/abc/`).set(h.auth(w.adminToken))).status).toBe(400);
    expect(await counts(w.student.id)).toEqual(before);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM student_record_access WHERE student_id = $1 AND action = 'student_deleted'`, [w.student.id]))[0].n).toBe(0);
  });
});
