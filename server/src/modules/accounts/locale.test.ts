/** The interface language remembered per person (issue 12): users.locale, currentUser.locale, updateLocale, PUT /api/locale/. */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { User } from './user.entity.js';

const h = useHarness();

const ME = '{ currentUser { id locale } }';
const UPDATE = 'mutation ($l: Locale!) { updateLocale(locale: $l) }';

describe('locale', () => {
  it('defaults to English and is saved through GraphQL', async () => {
    const student = await h.buildStudent();
    const token = await h.tokenFor(student);
    expect((await h.gql(ME, {}, token)).data!.currentUser).toEqual({ id: student.id, locale: 'en' });

    const res = await h.gql(UPDATE, { l: 'es' }, token);
    expect(res.data).toEqual({ updateLocale: 'es' });
    expect((await h.gql(ME, {}, token)).data!.currentUser.locale).toBe('es');
    expect((await h.db.getRepository(User).findOneByOrFail({ id: student.id })).locale).toBe('es');
  });

  it('saves Vietnamese and Chinese, shows them back, and the emails follow the same setting', async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    const res = await h.gql(UPDATE, { l: 'vi' }, token);
    expect(res.data).toEqual({ updateLocale: 'vi' });
    expect((await h.gql(ME, {}, token)).data!.currentUser).toEqual({ id: parent.id, locale: 'vi' });
    expect((await h.db.getRepository(User).findOneByOrFail({ id: parent.id })).locale).toBe('vi');

    const zh = await h.api.put('/api/locale/').set(h.auth(token)).send({ locale: 'zh' });
    expect(zh.status).toBe(200);
    expect(zh.body).toEqual({ locale: 'zh' });
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).body.locale).toBe('zh');
  });

  it('is saved through PUT /api/locale/ and shown on GET /api/current-user/', async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    const res = await h.api.put('/api/locale/').set(h.auth(token)).send({ locale: 'es' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ locale: 'es' });
    const me = await h.api.get('/api/current-user/').set(h.auth(token));
    expect(me.body.locale).toBe('es');

    const back = await h.api.put('/api/locale/').set(h.auth(token)).send({ locale: 'en' });
    expect(back.body).toEqual({ locale: 'en' });
  });

  it('refuses a language the product does not have with 400, and needs a signed-in caller', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    for (const locale of ['fr', '', 42, undefined]) {
      const res = await h.api.put('/api/locale/').set(h.auth(token)).send({ locale });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'locale must be one of: en, es, vi, zh.' });
    }
    // GraphQL's Locale enum refuses it before the resolver, with GraphQL's own message.
    const g = await h.gql(UPDATE, { l: 'de' }, token);
    expect(g.status).toBe(400);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0]!.message).toBe('Variable "$l" got invalid value "de"; Value "de" does not exist in "Locale" enum.');

    const anonymous = await h.api.put('/api/locale/').send({ locale: 'es' });
    expect(anonymous.status).toBe(401);
  });

  it("belongs to the parent while the parent views as a student: the parent's choice is shown and saved, the student's stays", async () => {
    const student = await h.buildStudent();
    const parent = await h.buildParent({ students: [student] });
    await h.db.getRepository(User).update({ id: parent.id }, { locale: 'es' });
    const parentToken = await h.tokenFor(parent);
    const view = await h.api.post('/api/view-as-student/').set(h.auth(parentToken)).send({ studentId: student.id });
    expect(view.status).toBe(200);
    const viewToken: string = view.body.token;

    expect((await h.gql(ME, {}, viewToken)).data!.currentUser).toEqual({ id: student.id, locale: 'es' });
    // The read-only view may change the language: it is the parent's setting, not the student's data.
    const res = await h.api.put('/api/locale/').set(h.auth(viewToken)).send({ locale: 'en' });
    expect(res.status).toBe(200);
    const repo = h.db.getRepository(User);
    expect((await repo.findOneByOrFail({ id: parent.id })).locale).toBe('en');
    expect((await repo.findOneByOrFail({ id: student.id })).locale).toBe('en');
    await repo.update({ id: parent.id }, { locale: 'es' });
    expect((await repo.findOneByOrFail({ id: student.id })).locale).toBe('en');
    expect((await h.gql(ME, {}, viewToken)).data!.currentUser.locale).toBe('es');
  });
});
