/**
 * A parent's contact preference (users.contact_preference, users.phone): how they hear of their
 * student's plan review. Read on currentUser and GET /api/current-user/, saved with
 * updateContactPreference and PUT /api/contact-preference/; only parents (profile.policy.ts).
 */
import { describe, expect, it } from 'vitest';
import { REASONS } from '@planner/shared';
import { useHarness } from '../../test/harness.js';
import { User } from './user.entity.js';

const h = useHarness();

const ME = '{ currentUser { id contactPreference phone } }';
const UPDATE = `mutation ($p: ContactPreference!, $phone: String) { updateContactPreference(contactPreference: $p, phone: $phone) { id contactPreference phone } }`;

const saved = async (id: number) => {
  const u = await h.db.getRepository(User).findOneByOrFail({ id });
  return { contactPreference: u.contactPreference, phone: u.phone };
};

describe('contact preference', () => {
  it('defaults to email with no phone for a parent, and is null for students and staff', async () => {
    const parent = await h.buildParent();
    expect((await h.gql(ME, {}, await h.tokenFor(parent))).data!.currentUser).toEqual({ id: parent.id, contactPreference: 'email', phone: null });
    const me = await h.api.get('/api/current-user/').set(h.auth(await h.tokenFor(parent)));
    expect(me.body).toMatchObject({ contact_preference: 'email', phone: null });

    const student = await h.buildStudent();
    expect((await h.gql(ME, {}, await h.tokenFor(student))).data!.currentUser).toEqual({ id: student.id, contactPreference: null, phone: null });
    const staff = await h.api.get('/api/current-user/').set(h.auth(await h.tokenFor(await h.buildStaff())));
    expect(staff.body).toMatchObject({ contact_preference: null, phone: null });
  });

  it('lets a parent choose texts with a phone through GraphQL and read it back, the phone saved in E.164', async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    const res = await h.gql(UPDATE, { p: 'sms', phone: '(201) 555-0123' }, token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateContactPreference).toEqual({ id: parent.id, contactPreference: 'sms', phone: '+12015550123' });
    expect((await h.gql(ME, {}, token)).data!.currentUser).toEqual({ id: parent.id, contactPreference: 'sms', phone: '+12015550123' });
    expect(await saved(parent.id)).toEqual({ contactPreference: 'sms', phone: '+12015550123' });

    // Back to email: the phone stays unless it is removed.
    expect((await h.gql(UPDATE, { p: 'email' }, token)).data!.updateContactPreference).toMatchObject({ contactPreference: 'email', phone: '+12015550123' });
    expect((await h.gql(UPDATE, { p: 'email', phone: null }, token)).data!.updateContactPreference).toMatchObject({ contactPreference: 'email', phone: null });
  });

  it('lets a parent choose texts through PUT /api/contact-preference/ and read it on GET /api/current-user/', async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    const res = await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms', phone: '+1 212 555 0199' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ contact_preference: 'sms', phone: '+12125550199' });
    const me = await h.api.get('/api/current-user/').set(h.auth(token));
    expect(me.body).toMatchObject({ contact_preference: 'sms', phone: '+12125550199' });

    // With a phone saved, texts can be chosen again without sending it.
    await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'email' });
    const again = await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ contact_preference: 'sms', phone: '+12125550199' });
  });

  it('refuses hostile phones and unknown preferences with 400 and a clear message, saving nothing', async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'email', phone: '201 555 0111' });
    const before = await saved(parent.id);
    expect(before).toEqual({ contactPreference: 'email', phone: '+12015550111' });

    const phones = ['call me', '555-CALL-NOW', '123', '1'.repeat(40), '<script>alert(1)</script>', '555\u00001234567', 5551234567, ['5551234567']];
    for (const phone of phones) {
      const res = await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms', phone });
      // Bodies and GraphQL arguments pass the one text rule first (core/validation.ts): a NUL is refused as such.
      const reason = typeof phone === 'string' && phone.includes('\u0000') ? 'NUL_CHARACTER' : 'PHONE_INVALID';
      expect(res.status, JSON.stringify(phone)).toBe(400);
      expect(res.body).toMatchObject({ error: REASONS[reason], reason });
      if (typeof phone === 'string') {
        const g = await h.gql(UPDATE, { p: 'sms', phone }, token);
        expect(g.code).toBe('BAD_USER_INPUT');
        expect(g.errors![0]!.message).toBe(REASONS[reason]);
        expect(g.errors![0]!.extensions).toMatchObject({ reason });
      }
    }
    for (const contact_preference of ['fax', 'SMS', '', null, 42, '<script>']) {
      const res = await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference, phone: '2015550123' });
      expect(res.status, JSON.stringify(contact_preference)).toBe(400);
      expect(res.body).toMatchObject({ error: REASONS.CONTACT_PREFERENCE_INVALID, reason: 'CONTACT_PREFERENCE_INVALID' });
    }
    expect((await h.api.put('/api/contact-preference/').set(h.auth(token)).send({})).body.reason).toBe('CONTACT_PREFERENCE_INVALID');
    expect((await h.api.put('/api/contact-preference/').set(h.auth(token)).send(['sms'])).status).toBe(400);
    // GraphQL's ContactPreference enum refuses it before the resolver, with GraphQL's own message.
    const g = await h.gql(UPDATE, { p: 'pigeon' }, token);
    expect(g.status).toBe(400);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0]!.message).toBe('Variable "$p" got invalid value "pigeon"; Value "pigeon" does not exist in "ContactPreference" enum.');
    expect(await saved(parent.id)).toEqual(before);
  });

  it("refuses a number outside the district's countries, or one that is not a mobile number, with 400 on both APIs, saving nothing", async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    const refused = {
      PHONE_COUNTRY: ['+44 7400 123456', '+44 20 7946 0958', '+882 1234 5678', '+88213 1234 5678', '+1 416 555 0123', '+52 55 1234 5678'],
      // Premium-rate, toll-free, an area code nobody has, and a US number with digits too many.
      PHONE_NOT_MOBILE: ['+1 900 555 0123', '1-900-555-0123', '+1 976 555 0123', '(800) 555-0123', '(555) 123-4567', '+1 201 555 01234567'],
      // A short code, too long, letters.
      PHONE_INVALID: ['12345', '1'.repeat(16), '201-555-CALL', 'text 2015550123'],
    } as const;
    for (const [reason, phones] of Object.entries(refused) as [keyof typeof refused, readonly string[]][]) {
      const text = reason === 'PHONE_COUNTRY' ? 'Text messages can go only to phone numbers in US.' : REASONS[reason];
      for (const phone of phones) {
        const res = await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms', phone });
        expect(res.status, phone).toBe(400);
        expect(res.body, phone).toMatchObject({ error: text, reason });
        const g = await h.gql(UPDATE, { p: 'sms', phone }, token);
        expect(g.code, phone).toBe('BAD_USER_INPUT');
        expect(g.errors![0]!.message, phone).toBe(text);
        expect(g.errors![0]!.extensions, phone).toMatchObject({ reason });
      }
    }
    expect(await saved(parent.id)).toEqual({ contactPreference: 'email', phone: null });

    // SMS_COUNTRIES decides: where Canada is listed, a Toronto mobile is saved.
    const northAmerica = await h.appWith({ smsRules: { ...h.config.smsRules, countries: ['US', 'CA'] } });
    const res = await northAmerica.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms', phone: '+1 416 555 0123' });
    expect(res.body).toEqual({ contact_preference: 'sms', phone: '+14165550123' });
    const uk = await northAmerica.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms', phone: '+44 7400 123456' });
    expect(uk.body).toMatchObject({ error: 'Text messages can go only to phone numbers in US, CA.', reason: 'PHONE_COUNTRY', params: { countries: 'US, CA' } });
  });

  it('refuses texts without a phone, given or saved, with 400 and saves nothing', async () => {
    const parent = await h.buildParent();
    const token = await h.tokenFor(parent);
    for (const body of [
      { contact_preference: 'sms' },
      { contact_preference: 'sms', phone: '' },
      { contact_preference: 'sms', phone: '   ' },
      { contact_preference: 'sms', phone: null },
    ]) {
      const res = await h.api.put('/api/contact-preference/').set(h.auth(token)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: REASONS.SMS_PHONE_REQUIRED, reason: 'SMS_PHONE_REQUIRED' });
    }
    const g = await h.gql(UPDATE, { p: 'sms' }, token);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0]!.message).toBe(REASONS.SMS_PHONE_REQUIRED);
    expect(await saved(parent.id)).toEqual({ contactPreference: 'email', phone: null });

    // Removing the phone while texts are chosen is the same refusal: the texts would have nowhere to go.
    await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms', phone: '2015550123' });
    const cleared = await h.api.put('/api/contact-preference/').set(h.auth(token)).send({ contact_preference: 'sms', phone: '' });
    expect(cleared.status).toBe(400);
    expect(await saved(parent.id)).toEqual({ contactPreference: 'sms', phone: '+12015550123' });
  });

  it('refuses students, staff and a parent viewing as their student with 403, changing nothing', async () => {
    const student = await h.buildStudent();
    const staff = await h.buildStaff({ school: null });
    const parent = await h.buildParent({ students: [student] });
    const body = { contact_preference: 'sms', phone: '2015550123' };
    for (const who of [student, staff]) {
      const token = await h.tokenFor(who);
      const res = await h.api.put('/api/contact-preference/').set(h.auth(token)).send(body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: REASONS.CONTACT_PREFERENCE_PARENTS_ONLY, reason: 'CONTACT_PREFERENCE_PARENTS_ONLY' });
      const g = await h.gql(UPDATE, { p: 'sms', phone: '2015550123' }, token);
      expect(g.code).toBe('FORBIDDEN');
      expect(await saved(who.id)).toEqual({ contactPreference: 'email', phone: null });
    }
    // Refused before the input is read: a student's bad input is still a 403.
    expect(
      (
        await h.api
          .put('/api/contact-preference/')
          .set(h.auth(await h.tokenFor(student)))
          .send({ contact_preference: 'fax' })
      ).status,
    ).toBe(403);

    const view = await h.api
      .post('/api/view-as-student/')
      .set(h.auth(await h.tokenFor(parent)))
      .send({ studentId: student.id });
    const res = await h.api.put('/api/contact-preference/').set(h.auth(view.body.token)).send(body);
    expect(res.status).toBe(403);
    expect(await saved(parent.id)).toEqual({ contactPreference: 'email', phone: null });
    expect(await saved(student.id)).toEqual({ contactPreference: 'email', phone: null });

    expect((await h.api.put('/api/contact-preference/').send(body)).status).toBe(401);
  });
});
