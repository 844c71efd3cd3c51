/** The parent consent form requested after sign-up, through REST and GraphQL. */
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useHarness } from '../../test/harness.js';

const h = useHarness();

const forms = (studentId: number) => h.db.query(`SELECT id, school_id, state FROM consent_forms WHERE student_id = $1`, [studentId]);

describe('create-parent-form', () => {
  it('creates the form in state admin_signed for a student of a school that uses them, once', async () => {
    const school = await h.buildSchool({ parentFormEnabled: true });
    const student = await h.buildStudent({ school });
    const token = await h.tokenFor(student);
    const res = await h.api.post('/api/create-parent-form/').set(h.auth(token));
    expect(res.status).toBe(201);
    expect(res.body.state).toBe('admin_signed');
    expect(await forms(student.id)).toEqual([{ id: res.body.id, school_id: school.id, state: 'admin_signed' }]);

    const again = await h.api.post('/api/create-parent-form/').set(h.auth(token));
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ id: res.body.id, state: 'admin_signed' });
    expect(await forms(student.id)).toHaveLength(1);
  });

  it('creates it through GraphQL', async () => {
    const student = await h.buildStudent({ school: await h.buildSchool({ parentFormEnabled: true }) });
    const g = await h.gql('mutation { createParentForm }', {}, await h.tokenFor(student));
    expect(g.data).toEqual({ createParentForm: 'admin_signed' });
    expect(await forms(student.id)).toHaveLength(1);
  });

  it('works for a new Lincoln student right after sign-up', async () => {
    const reg = await h.api.post('/api/register/').send({
      signup_code: 'LINCOLN-STUDENT',
      email: uniqueEmail('consent'),
      password: 'Planner#2026',
      first_name: 'Kai',
      last_name: 'Moss',
    });
    expect(reg.status).toBe(201);
    const res = await h.api.post('/api/create-parent-form/').set(h.auth(reg.body.token));
    expect(res.status).toBe(201);
    expect(res.body.state).toBe('admin_signed');
  });

  it('is refused for staff (403) and parents (403), creating nothing', async () => {
    const school = await h.buildSchool({ parentFormEnabled: true });
    for (const user of [await h.buildStaff({ school }), await h.buildParent({ school })]) {
      const token = await h.tokenFor(user);
      const res = await h.api.post('/api/create-parent-form/').set(h.auth(token));
      expect(res.status).toBe(403);
      expect((await h.gql('mutation { createParentForm }', {}, token)).code).toBe('FORBIDDEN');
      expect(await forms(user.id)).toEqual([]);
    }
  });

  it('is refused where the school does not use consent forms', async () => {
    const student = await h.buildStudent({ school: await h.buildSchool({ parentFormEnabled: false }) });
    const res = await h.api.post('/api/create-parent-form/').set(h.auth(await h.tokenFor(student)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Parent consent forms are not used at your school.' });
    expect(await forms(student.id)).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await h.api.post('/api/create-parent-form/')).status).toBe(401);
    expect((await h.gql('mutation { createParentForm }')).code).toBe('UNAUTHENTICATED');
  });
});
