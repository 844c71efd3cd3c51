/**
 * Who reads the outbox: each message is listed to staff of the school recorded when it was queued
 * (never by matching its address), and its body only where nothing delivers its channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, uniqueEmail, useHarness } from '../../test/harness.js';
import { buildApplicant, buildDualSchool, completeRecords, SAMPLE_FILES } from '../admissions/admissions.factories.js';
import { consentSchool, studentWithGuardian } from '../consent-forms/consent-forms.factories.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { ROSTER_IMPORT_QUEUE } from '../roster/roster.service.js';
import type { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';

const h = useHarness();

interface Listed {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string | null;
}

/** GET /api/outbox/ as `token` (newest 200), on the test app or another one. */
async function outboxOf(token: string, api = h.api): Promise<Listed[]> {
  const res = await api.get('/api/outbox/?limit=200').set(h.auth(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The same through GraphQL. */
async function outboxGql(token: string): Promise<Listed[]> {
  const res = await h.gql('{ outboxMessages(limit: 200) { nodes { id channel recipient subject body } } }', {}, token);
  expect(res.errors).toBeUndefined();
  return res.data!.outboxMessages.nodes;
}

/** The student signs their consent form (PUT /api/parent-consent/, the typed name); answers the text queued for the guardian. */
async function signConsent(student: User, token: string): Promise<{ id: string; body: string; school_id: number; user_id: number }> {
  const signed = await h.api.put('/api/parent-consent/').set(h.auth(token)).field('name', `${student.firstName} ${student.lastName}`);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  expect(signed.body.state).toBe('student_signed');
  const [sms] = await h.db.query(`SELECT id, body, school_id, user_id FROM outbox_messages WHERE channel = 'sms' AND recipient = $1 ORDER BY created_at DESC LIMIT 1`, [
    student.guardianPhone,
  ]);
  return sms;
}

const PARENT_SIGN_LINK = /https?:\/\/\S+\/parent-sign\/[A-Za-z0-9_-]{43}/;

describe('the outbox of the demo (no transport configured)', () => {
  // Sam's seeded form is put back as it was: other files expect it unsigned.
  let samForm: unknown;
  let sam: User;
  beforeAll(async () => {
    sam = await h.userByEmail(DEMO.student);
    [{ row: samForm }] = await h.db.query(`SELECT to_jsonb(c) AS row FROM consent_forms c WHERE student_id = $1`, [sam.id]);
  });
  afterAll(async () => {
    await h.db.query(`DELETE FROM consent_forms WHERE student_id = $1`, [sam.id]);
    await h.db.query(`INSERT INTO consent_forms SELECT * FROM jsonb_populate_record(NULL::consent_forms, $1::jsonb)`, [JSON.stringify(samForm)]);
  });

  it("Sam's guardian text is never read by Dual School's staff through a student who joined it with the same guardian phone; Lincoln's staff read it", async () => {
    const lincoln = await h.schoolNamed('Lincoln High School');
    const dual = await h.schoolNamed('Dual School');
    const phone = sam.guardianPhone!;
    expect(phone).toBeTruthy();

    // Sam signs his consent form: his guardian is texted a parent-sign link.
    const sms = await signConsent(sam, await h.login(DEMO.student));
    expect(sms).toMatchObject({ school_id: lincoln.id, user_id: sam.id });
    const link = PARENT_SIGN_LINK.exec(sms.body)![0];

    // Someone signs up with Lincoln's student code, joins Dual School and gives that phone as guardian phone.
    const email = uniqueEmail('same.phone');
    const reg = await h.api.post('/api/register/').send({ signup_code: DEMO.codes.student, email, password: 'Orchard#2032', first_name: 'Casey', last_name: 'Vale' });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const token = reg.body.token as string;
    expect((await h.api.post(`/api/schools/${dual.uuid}/join/`).set(h.auth(token))).status).toBe(200);
    const info = await h.api
      .post('/api/student-info/')
      .set(h.auth(token))
      .send({ grade: '10', dob: '01022010', guardianFirstName: 'Jordan', guardianLastName: 'Lee', guardianPhone: phone });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(await h.userByEmail(email)).toMatchObject({ schoolId: dual.id, guardianPhone: phone });

    // Dual School's staff: neither the message nor its link, on either API.
    const dualStaff = await h.login(DEMO.admissions);
    for (const listed of [await outboxOf(dualStaff), await outboxGql(dualStaff)]) {
      expect(listed.find((m) => m.id === sms.id)).toBeUndefined();
      expect(listed.filter((m) => m.recipient === phone)).toEqual([]);
      expect(JSON.stringify(listed)).not.toContain(link);
    }

    // Lincoln's staff: the message with its body (nothing delivers texts here, the outbox is the only way to read it).
    const lincolnStaff = await h.login(DEMO.admin);
    for (const listed of [await outboxOf(lincolnStaff), await outboxGql(lincolnStaff)]) {
      const ours = listed.find((m) => m.id === sms.id);
      expect(ours).toMatchObject({ channel: 'sms', recipient: phone, subject: 'Parent consent form', body: sms.body });
      expect(ours!.body).toContain(link);
    }
  });
});

describe("one school's messages are never listed to another school's staff", () => {
  let a: School;
  let b: School;
  let staffA: string;
  let staffB: string;
  beforeAll(async () => {
    a = await buildDualSchool(h, { parentFormEnabled: true });
    b = await buildDualSchool(h, { parentFormEnabled: true });
    staffA = await h.tokenFor(await h.buildStaff({ school: a }));
    staffB = await h.tokenFor(await h.buildStaff({ school: b }));
  });

  /** Each kind of message, queued through its own journey for school `school`; answers its id. */
  const kinds: Record<string, (school: School, staffToken: string) => Promise<string>> = {
    'consent text to a guardian': async (school) => {
      const student = await studentWithGuardian(h, school);
      return (await signConsent(student, await h.tokenFor(student))).id;
    },
    'password reset': async (school) => {
      const parent = await h.buildParent({ school });
      expect((await h.api.post('/api/request-reset-password/').send({ email: parent.email })).status).toBeLessThan(300);
      return (await h.db.query(`SELECT id FROM outbox_messages WHERE recipient = $1`, [parent.email]))[0].id;
    },
    'set-password link of a roster import': async (_school, staffToken) => {
      const email = uniqueEmail('rostered');
      const up = await h.api
        .post('/api/roster-import/')
        .set(h.auth(staffToken))
        .attach('file', Buffer.from(`sourcedId,givenName,familyName,email,grade\r\nR-1,Rae,Ross,${email},10`), { filename: 'r.csv', contentType: 'text/csv' });
      expect(up.status, JSON.stringify(up.body)).toBe(202);
      await new JobWorker(h.db, { [ROSTER_IMPORT_QUEUE]: backgroundHandlers(h.db, h.services, {})[ROSTER_IMPORT_QUEUE] }).runOnce();
      return (await h.db.query(`SELECT id FROM outbox_messages WHERE recipient = $1`, [email]))[0].id;
    },
    'admissions decision': async (school, staffToken) => {
      const parent = await buildApplicant(h, school);
      const token = await h.tokenFor(parent);
      expect((await h.api.post('/api/application/').set(h.auth(token)).attach('file', SAMPLE_FILES.pdf, 'grades.pdf')).status).toBe(201);
      expect((await h.api.patch('/api/application/').set(h.auth(token)).send({ form_data: completeRecords(), application_status: 'complete' })).status).toBe(200);
      const [app] = await h.db.query(`SELECT id FROM applications WHERE parent_id = $1`, [parent.id]);
      expect((await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(staffToken)).send({ decision: 'accepted', reason: '' })).status).toBe(200);
      return (await h.db.query(`SELECT id FROM outbox_messages WHERE recipient = $1`, [parent.email]))[0].id;
    },
  };

  it.each(Object.keys(kinds))('%s', async (kind) => {
    const id = await kinds[kind](a, staffA);
    const [row] = await h.db.query(`SELECT school_id FROM outbox_messages WHERE id = $1`, [id]);
    expect(row.school_id).toBe(a.id);
    for (const listed of [await outboxOf(staffB), await outboxGql(staffB)]) expect(listed.map((m) => m.id)).not.toContain(id);
    const ours = (await outboxOf(staffA)).find((m) => m.id === id);
    expect(ours?.body).toMatch(/https?:\/\/\S+\/(parent-sign|reset-password|enrollment-contract)/);
    // Staff of both schools (a district office) read it too.
    const both = await h.buildStaff({ school: b });
    await h.db.query(`INSERT INTO school_memberships (user_id, school_id) VALUES ($1, $2)`, [both.id, a.id]);
    expect((await outboxOf(await h.tokenFor(both))).map((m) => m.id)).toContain(id);
  });

  it("another staff member's reset link is listed only to them, and a message of no school to nobody", async () => {
    const colleague = await h.buildStaff({ school: a });
    await h.api.post('/api/request-reset-password/').send({ email: colleague.email });
    const [reset] = await h.db.query(`SELECT id FROM outbox_messages WHERE recipient = $1`, [colleague.email]);
    expect((await outboxOf(staffA)).map((m) => m.id)).not.toContain(reset.id);
    expect((await outboxOf(await h.tokenFor(colleague))).find((m) => m.id === reset.id)?.body).toContain('/reset-password/');

    // A message queued before messages recorded their school (text to a phone; not attributable).
    const student = await studentWithGuardian(h, a);
    const [old] = await h.db.query(`INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ('sms', $1, 'Parent consent form', 'old link') RETURNING id`, [
      student.guardianPhone,
    ]);
    expect((await outboxOf(staffA)).map((m) => m.id)).not.toContain(old.id);
    expect((await outboxOf(await h.login(DEMO.admin))).map((m) => m.id)).not.toContain(old.id);
  });
});

describe('bodies where a transport delivers', () => {
  const smsGateway = { url: 'https://sms.invalid', accountSid: 'AC-test', authToken: 'token', from: '+15550001111' };

  it("are never shown on a server that delivers mail or texts, even to staff of the message's school", async () => {
    const school = await consentSchool(h);
    const staff = await h.tokenFor(await h.buildStaff({ school }));
    const student = await studentWithGuardian(h, school);
    const sms = await signConsent(student, await h.tokenFor(student));
    await h.api.post('/api/request-reset-password/').send({ email: student.email });
    const [mail] = await h.db.query(`SELECT id FROM outbox_messages WHERE recipient = $1`, [student.email]);

    const delivering = await h.appWith({ smtpUrl: 'smtp://relay.invalid:587', smsGateway });
    const both = await outboxOf(staff, delivering);
    expect(both.find((m) => m.id === sms.id)).toMatchObject({ channel: 'sms', recipient: student.guardianPhone, body: null });
    expect(both.find((m) => m.id === mail.id)).toMatchObject({ channel: 'email', recipient: student.email, body: null });
    expect(JSON.stringify(both)).not.toMatch(/parent-sign|reset-password/);

    // Mail delivered, texts not: still a server that delivers, so no body of either channel.
    const mailOnly = await outboxOf(staff, await h.appWith({ smtpUrl: 'smtp://relay.invalid:587', smsGateway: null }));
    expect(mailOnly.find((m) => m.id === mail.id)?.body).toBeNull();
    expect(mailOnly.find((m) => m.id === sms.id)?.body).toBeNull();
    // Nothing delivers: the staff of the message's school read it.
    const demo = await outboxOf(staff, await h.appWith({ smtpUrl: '', smsGateway: null }));
    expect(demo.find((m) => m.id === sms.id)?.body).toBe(sms.body);

    // A district's production server on PostgreSQL never shows bodies, delivered or not.
    const production = await outboxOf(staff, await h.appWith({ nodeEnv: 'production', smtpUrl: '', smsGateway: null }));
    if (h.kind === 'server') {
      expect(production.find((m) => m.id === sms.id)?.body).toBeNull();
      expect(production.find((m) => m.id === mail.id)?.body).toBeNull();
    } else {
      // The embedded demo under `npm start` (production, nothing delivers): the outbox is how links are read.
      expect(production.find((m) => m.id === sms.id)?.body).toBe(sms.body);
    }
  });
});
