/** The append-only student-record access log: what is recorded, who may read it, and that rows cannot change. */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';

const h = useHarness();

async function schoolWithStudent() {
  const school = await h.buildSchool({ hsFullAccessEnabled: true });
  const student = await h.buildStudent({ school, firstName: 'Lia', lastName: 'Logged' });
  const admin = await h.buildStaff({ school, firstName: 'Ana', lastName: 'Admin' });
  const parent = await h.buildParent({ school, students: [student] });
  return { school, student, admin, parent };
}

describe('access log', () => {
  it('records view-as starts and plan PDF exports, and shows them to the school staff with filters', async () => {
    const { student, admin, parent } = await schoolWithStudent();
    const adminToken = await h.tokenFor(admin);
    const view = await h.api.post('/api/view-as-student/').set(h.auth(adminToken)).send({ studentId: student.id });
    expect(view.status).toBe(200);
    expect((await h.api.get('/api/plan-pdf/').set(h.auth(view.body.token))).status).toBe(200);
    const parentView = await h.api
      .post('/api/view-as-student/')
      .set(h.auth(await h.tokenFor(parent)))
      .send({ studentId: student.id });
    expect(parentView.status).toBe(200);

    const res = await h.api.get('/api/access-log/').query({ student_id: student.id }).set(h.auth(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((r: any) => [r.action, r.actor_name, r.student_name])).toEqual([
      ['view_as', `${parent.firstName} ${parent.lastName}`, 'Lia Logged'],
      ['plan_pdf_export', 'Ana Admin', 'Lia Logged'],
      ['view_as', 'Ana Admin', 'Lia Logged'],
    ]);
    expect(res.body.results[1].reason).toBe('plan PDF exported while viewing as the student');

    const byActor = await h.api.get('/api/access-log/').query({ student_id: student.id, actor_id: parent.id }).set(h.auth(adminToken));
    expect(byActor.body.results.map((r: any) => r.action)).toEqual(['view_as']);
    const byAction = await h.api.get('/api/access-log/').query({ student_id: student.id, action: 'plan_pdf_export' }).set(h.auth(adminToken));
    expect(byAction.body.count).toBe(1);
    const past = await h.api.get('/api/access-log/').query({ student_id: student.id, to: '2020-01-01' }).set(h.auth(adminToken));
    expect(past.body.count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const paged = await h.api.get('/api/access-log/').query({ student_id: student.id, from: today, first: 2 }).set(h.auth(adminToken));
    expect(paged.body.results).toHaveLength(2);
    const rest = await h.api.get('/api/access-log/').query({ student_id: student.id, first: 2, after: paged.body.next_cursor }).set(h.auth(adminToken));
    expect(rest.body.results.map((r: any) => r.action)).toEqual(['view_as']);
    expect(rest.body.next_cursor).toBeNull();
  });

  it("is only for staff, and only their own school's rows", async () => {
    const { student, admin } = await schoolWithStudent();
    await h.api
      .post('/api/view-as-student/')
      .set(h.auth(await h.tokenFor(admin)))
      .send({ studentId: student.id });
    const other = await h.api
      .get('/api/access-log/')
      .query({ student_id: student.id })
      .set(h.auth(await h.tokenFor(await h.buildStaff())));
    expect(other.status).toBe(200);
    expect(other.body.count).toBe(0);
    expect((await h.api.get('/api/access-log/').set(h.auth(await h.tokenFor(student)))).status).toBe(403);
    expect((await h.api.get('/api/access-log/')).status).toBe(401);
  });

  it('refuses malformed filters with a message', async () => {
    const token = await h.tokenFor(await h.buildStaff());
    for (const q of [{ from: 'yesterday' }, { action: 'drop table' }, { first: 0 }, { student_id: 'abc' }]) {
      const res = await h.api.get('/api/access-log/').query(q).set(h.auth(token));
      expect(res.status, JSON.stringify(q)).toBe(400);
    }
    const backwards = await h.api.get('/api/access-log/').query({ from: '2026-02-01', to: '2026-01-01' }).set(h.auth(token));
    expect(backwards.body).toMatchObject({ error: 'The start date must be on or before the end date.' });
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE of its rows', async () => {
    const { student, admin } = await schoolWithStudent();
    await h.api
      .post('/api/view-as-student/')
      .set(h.auth(await h.tokenFor(admin)))
      .send({ studentId: student.id });
    await expect(h.db.query(`UPDATE student_record_access SET reason = 'nothing' WHERE student_id = $1`, [student.id])).rejects.toThrow(/append-only/);
    await expect(h.db.query(`DELETE FROM student_record_access WHERE student_id = $1`, [student.id])).rejects.toThrow(/append-only/);
    await expect(h.db.query(`TRUNCATE student_record_access`)).rejects.toThrow(/append-only/);
    const rows = await h.db.query(`SELECT action, reason, school_id FROM student_record_access WHERE student_id = $1`, [student.id]);
    expect(rows).toEqual([{ action: 'view_as', reason: 'view-as started by staff', school_id: student.schoolId }]);
  });

  it('GraphQL accessLog: the same rows, text filters on student and actor, acting-for, cursor pages, staff only', async () => {
    const { student, admin, parent } = await schoolWithStudent();
    const adminToken = await h.tokenFor(admin);
    const view = await h.api.post('/api/view-as-student/').set(h.auth(adminToken)).send({ studentId: student.id });
    expect((await h.api.get('/api/plan-pdf/').set(h.auth(view.body.token))).status).toBe(200);
    await h.api
      .post('/api/view-as-student/')
      .set(h.auth(await h.tokenFor(parent)))
      .send({ studentId: student.id });
    const q = `query Log($student: String, $actor: String, $action: AccessAction, $from: String, $to: String, $first: Int, $after: String) {
      accessLog(student: $student, actor: $actor, action: $action, from: $from, to: $to, first: $first, after: $after) {
        totalCount endCursor hasNextPage nodes { action reason studentName actorName actingName createdAt }
      }
    }`;
    const all = await h.gql(q, { student: 'lia logg' }, adminToken);
    expect(all.errors).toBeUndefined();
    expect(all.data!.accessLog.totalCount).toBe(3);
    expect(all.data!.accessLog.nodes.map((n: any) => [n.action, n.actorName, n.actingName])).toEqual([
      ['view_as', `${parent.firstName} ${parent.lastName}`, null],
      ['plan_pdf_export', 'Ana Admin', 'Lia Logged'],
      ['view_as', 'Ana Admin', null],
    ]);
    const byEmail = await h.gql(q, { student: student.email.toUpperCase() }, adminToken);
    expect(byEmail.data!.accessLog.totalCount).toBe(3);
    const byActor = await h.gql(q, { student: 'Lia', actor: 'ana adm', action: 'view_as' }, adminToken);
    expect(byActor.data!.accessLog.nodes.map((n: any) => n.reason)).toEqual(['view-as started by staff']);
    const nobody = await h.gql(q, { student: '%' }, adminToken);
    expect(nobody.data!.accessLog.totalCount).toBe(0);
    const first = await h.gql(q, { student: 'Lia Logged', first: 2 }, adminToken);
    expect(first.data!.accessLog.hasNextPage).toBe(true);
    const next = await h.gql(q, { student: 'Lia Logged', first: 2, after: first.data!.accessLog.endCursor }, adminToken);
    expect(next.data!.accessLog.nodes.map((n: any) => n.action)).toEqual(['view_as']);
    expect(next.data!.accessLog.hasNextPage).toBe(false);
    const bad = await h.gql(q, { from: 'yesterday' }, adminToken);
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect((await h.gql(q, {}, await h.tokenFor(student))).code).toBe('FORBIDDEN');
    expect((await h.gql(q, {}, null)).code).toBe('UNAUTHENTICATED');
    const rest = await h.api.get('/api/access-log/').query({ student: 'lia', action: 'plan_pdf_export' }).set(h.auth(adminToken));
    expect(rest.body.results.map((r: any) => [r.acting_name, r.acting_user_id])).toEqual([['Lia Logged', student.id]]);
  });
});
