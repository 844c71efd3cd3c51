/** Parents' linked students and linking by parent code, through REST and GraphQL. */
import { describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';

const h = useHarness();

const CODE_INVALID = 'No student was found with this parent code. Please check the code and try again.';
const ADD = 'mutation ($c: String!) { addStudent(parentCode: $c) { id firstName lastName email } }';

const links = (parentId: number) => h.db.query(`SELECT student_id FROM parent_student_links WHERE parent_id = $1 ORDER BY student_id`, [parentId]);

describe('parent-students', () => {
  it('lists the linked students, by first name, and no others (REST)', async () => {
    const school = await h.buildSchool();
    const zoe = await h.buildStudent({ school, firstName: 'Zoe', lastName: 'Park' });
    const ada = await h.buildStudent({ school, firstName: 'Ada', lastName: 'Park' });
    await h.buildStudent({ school, firstName: 'Unlinked', lastName: 'Park' });
    const parent = await h.buildParent({ school, students: [zoe, ada] });
    const res = await h.api.get('/api/parent-students/').set(h.auth(await h.tokenFor(parent)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: ada.id, first_name: 'Ada', last_name: 'Park', email: ada.email },
      { id: zoe.id, first_name: 'Zoe', last_name: 'Park', email: zoe.email },
    ]);
  });

  it('lists them through GraphQL; the demo parent sees the demo student', async () => {
    const g = await h.gql('{ parentStudents { id firstName lastName email } }', {}, await h.login(DEMO.parent));
    expect(g.errors).toBeUndefined();
    const student = await h.userByEmail(DEMO.student);
    expect(g.data!.parentStudents).toEqual([{ id: student.id, firstName: 'Sam', lastName: 'Lee', email: DEMO.student }]);
  });

  it('is empty for a parent without links', async () => {
    const res = await h.api.get('/api/parent-students/').set(h.auth(await h.tokenFor(await h.buildParent())));
    expect(res.body).toEqual([]);
  });

  it('is refused for students (403) and without a token (401)', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    const res = await h.api.get('/api/parent-students/').set(h.auth(token));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'You do not have permission to perform this action.' });
    expect((await h.gql('{ parentStudents { id } }', {}, token)).code).toBe('FORBIDDEN');
    expect((await h.api.get('/api/parent-students/')).status).toBe(401);
  });
});

describe('add-student', () => {
  it('links the student whose parent code it is; linking twice is harmless (REST)', async () => {
    const student = await h.buildStudent({ firstName: 'Mia', lastName: 'Cruz' });
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    const res = await h.api
      .post('/api/add-student/')
      .set(h.auth(token))
      .send({ parent_code: ` ${student.parentCode!.toLowerCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ student: { id: student.id, first_name: 'Mia', last_name: 'Cruz', email: student.email } });
    expect(await links(parent.id)).toEqual([{ student_id: student.id }]);

    const again = await h.api.post('/api/add-student/').set(h.auth(token)).send({ parent_code: student.parentCode });
    expect(again.status).toBe(200);
    expect(await links(parent.id)).toEqual([{ student_id: student.id }]);
    const list = await h.api.get('/api/parent-students/').set(h.auth(token));
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([student.id]);
  });

  it('links through GraphQL', async () => {
    const student = await h.buildStudent({ firstName: 'Noah' });
    const parent = await h.buildParent();
    const g = await h.gql(ADD, { c: student.parentCode }, await h.tokenFor(parent));
    expect(g.data).toEqual({ addStudent: { id: student.id, firstName: 'Noah', lastName: 'Student', email: student.email } });
    expect(await links(parent.id)).toEqual([{ student_id: student.id }]);
  });

  it('refuses a wrong code with the message and links nothing', async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    const res = await h.api.post('/api/add-student/').set(h.auth(token)).send({ parent_code: 'NOSUCHCODE' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: CODE_INVALID });
    const g = await h.gql(ADD, { c: 'NOSUCHCODE' }, token);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0].message).toBe(CODE_INVALID);
    const empty = await h.api.post('/api/add-student/').set(h.auth(token)).send({ parent_code: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'Please enter a parent code.' });
    expect(await links(parent.id)).toEqual([]);
  });

  it('is refused for students (403) and staff (403)', async () => {
    const target = await h.buildStudent();
    for (const user of [await h.buildStudent(), await h.buildStaff()]) {
      const token = await h.tokenFor(user);
      const res = await h.api.post('/api/add-student/').set(h.auth(token)).send({ parent_code: target.parentCode });
      expect(res.status).toBe(403);
      expect((await h.gql(ADD, { c: target.parentCode }, token)).code).toBe('FORBIDDEN');
    }
    expect(await h.db.query(`SELECT 1 FROM parent_student_links WHERE student_id = $1`, [target.id])).toEqual([]);
  });

  it('limits guessing: the 21st attempt within the window gets 429', async () => {
    const token = await h.tokenFor(await h.buildParent());
    for (let i = 1; i <= 20; i++) {
      const res = await h.api
        .post('/api/add-student/')
        .set(h.auth(token))
        .send({ parent_code: `GUESS${i}` });
      expect(res.status, `attempt ${i}`).toBe(400);
    }
    const blocked = await h.api.post('/api/add-student/').set(h.auth(token)).send({ parent_code: 'GUESS21' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many parent code attempts. Please wait 15 minutes and try again.');
  });
});
