/** The consent form's state machine through the spec's calls: student signs, parent signs by the texted code. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import { PDFDocument } from 'pdf-lib';
import { consentSchool, insertForm, studentWithGuardian } from './consent-forms.factories.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';

const h = useHarness();

let school: School;
beforeAll(async () => {
  school = await consentSchool(h, { name: 'Consent Signing High' });
});

const formRow = async (studentId: number) =>
  (
    await h.db.query(`SELECT id, state, page_count, parent_code_hash, student_signed_at, parent_signed_at, signed_pdf FROM consent_forms WHERE student_id = $1`, [
      studentId,
    ])
  )[0];
const smsTo = (phone: string) =>
  h.db.query(`SELECT recipient, body, subject, status FROM outbox_messages WHERE channel = 'sms' AND recipient = $1 ORDER BY created_at`, [phone]);

/** GET the form's PDF bytes through the returned path. */
async function fetchPdf(path: string, token?: string): Promise<Buffer> {
  let req = h.api
    .get(path)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  if (token) req = req.set(h.auth(token));
  const res = await req;
  expect(res.status, `GET ${path}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.body as Buffer;
}

/** The signing screens' request: multipart text fields (name, printed_name, strokes); the server composes the PDF. */
type SignFields = Record<string, string>;
const withFields = <T extends { field(name: string, value: string): T }>(req: T, fields: SignFields) => Object.entries(fields).reduce((r, [k, v]) => r.field(k, v), req);
const signAsStudent = (token: string, fields: SignFields = { name: 'Avery Stone' }) => withFields(h.api.put('/api/parent-consent/').set(h.auth(token)), fields);
const signAsParent = (code: string, fields: SignFields = { name: 'Pat Stone' }) => withFields(h.api.put(`/api/sign-parent-form/${code}/`), fields);

/** Signs as the student and returns the code of the texted link. */
async function studentSigns(student: User): Promise<{ code: string; token: string }> {
  const token = await h.tokenFor(student);
  const res = await signAsStudent(token, { name: `${student.firstName} ${student.lastName}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [sms] = await smsTo(student.guardianPhone!);
  const code = /\/parent-sign\/([A-Za-z0-9_-]+)$/.exec(sms.body)![1];
  return { code, token };
}

describe('the student signs', () => {
  it('GET /api/parent-consent/ creates the form on the first visit and serves the default template', async () => {
    const student = await studentWithGuardian(h, school);
    const token = await h.tokenFor(student);
    const res = await h.api.get('/api/parent-consent/').set(h.auth(token));
    expect(res.status).toBe(200);
    const row = await formRow(student.id);
    expect(res.body).toEqual({ pdf: `/files/consent-forms/${row.id}.pdf`, field_config: expect.any(Object), state: 'admin_signed' });
    expect(Object.keys(res.body.field_config).sort()).toEqual(['parent_signature', 'student_info', 'student_signature']);
    expect(res.body.field_config.student_info.dob).toMatchObject({ source: 'user.dob', transform: 'format_dob', font: 'helvetica' });
    expect(Object.keys(res.body.field_config.parent_signature).sort()).toEqual(['date', 'printed_name', 'signature']);
    const pdf = await fetchPdf(res.body.pdf, token);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Parent/Guardian Consent for Dual Enrollment');
    for (const label of [
      'Student First Name:',
      'School:',
      'Date of Birth:',
      'Current Grade:',
      'Expected Graduation Year:',
      'Student Signature:',
      'Parent/Guardian Printed Name:',
      'Parent/Guardian Signature:',
    ]) {
      expect(text).toContain(label);
    }
    // A second visit finds the same form.
    expect((await h.api.get('/api/parent-consent/').set(h.auth(token))).body.pdf).toBe(res.body.pdf);
  });

  it('composes the signed PDF, moves to student_signed and texts the guardian a link with a long random code stored hashed', async () => {
    const student = await studentWithGuardian(h, school, { firstName: 'Mira', lastName: 'Castillo' });
    const token = await h.tokenFor(student);
    const form = (await h.api.get('/api/parent-consent/').set(h.auth(token))).body;
    const res = await signAsStudent(token, { name: 'Mira Castillo' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ pdf: form.pdf, field_config: form.field_config, state: 'student_signed' });

    const row = await formRow(student.id);
    expect(row.state).toBe('student_signed');
    // The template's page with the name drawn on it, then the trail page.
    expect(row.page_count).toBe(1);
    expect((await PDFDocument.load(row.signed_pdf)).getPageCount()).toBe(2);
    expect(row.student_signed_at).toBeInstanceOf(Date);
    const sms = await smsTo(student.guardianPhone!);
    expect(sms).toHaveLength(1);
    expect(sms[0].status).toBe('pending');
    const m =
      /^Consent Signing High: a parent consent form for dual enrollment is waiting for your signature\. Review and sign it: http:\/\/planner\.test\/parent-sign\/([A-Za-z0-9_-]{43})$/.exec(
        sms[0].body,
      );
    expect(m, sms[0].body).not.toBeNull();
    const code = m![1];
    expect(row.parent_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.parent_code_hash).not.toContain(code);
    // The student's served PDF is now the signed one.
    expect(await pdfText(await fetchPdf(form.pdf, token))).toContain('Mira Castillo');
  });

  it('draws the form a Vietnamese or Chinese student opens and signs on the letter in their language, names exactly; the parent signs that form', async () => {
    for (const [locale, first, last, heading, label] of [
      ['vi', 'Thị Minh', 'Nguyễn', 'Thông tin học sinh / Student Information', 'Tên của học sinh:'],
      ['zh', '小明', '王', '学生信息 / Student Information', '学生名字：'],
    ] as const) {
      const student = await studentWithGuardian(h, school, { firstName: first, lastName: last });
      await h.db.query(`UPDATE users SET locale = $2 WHERE id = $1`, [student.id, locale]);
      const token = await h.tokenFor(student);
      const form = (await h.api.get('/api/parent-consent/').set(h.auth(token))).body;
      const unsigned = await pdfText(await fetchPdf(form.pdf, token));
      expect(unsigned, locale).toContain(heading);
      expect(unsigned, locale).toContain(label);
      const { code } = await studentSigns(student);
      const signed = await pdfText((await formRow(student.id)).signed_pdf);
      for (const s of [heading, label, `${first} ${last}`, 'Dual enrollment lets a high school student']) expect(signed, `${locale} ${s}`).toContain(s);
      expect((await signAsParent(code, { name: 'Lan Trần' })).status).toBe(200);
      const both = await pdfText((await formRow(student.id)).signed_pdf);
      expect(both, locale).toContain(heading);
      expect(both, locale).toContain('Lan Trần');
    }
  });

  it("refuses a second signature with 409 'You have already signed this form.' and keeps the first", async () => {
    const student = await studentWithGuardian(h, school);
    const { token } = await studentSigns(student);
    const before = await formRow(student.id);
    const again = await signAsStudent(token, { name: 'Second Try' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'You have already signed this form.' });
    const after = await formRow(student.id);
    expect(after.state).toBe('student_signed');
    expect(Buffer.compare(after.signed_pdf, before.signed_pdf)).toBe(0);
    expect(after.parent_code_hash).toBe(before.parent_code_hash);
    expect(await smsTo(student.guardianPhone!)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous signatures through', async () => {
    const student = await studentWithGuardian(h, school);
    const token = await h.tokenFor(student);
    await h.api.get('/api/parent-consent/').set(h.auth(token));
    const results = await Promise.all([signAsStudent(token), signAsStudent(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await smsTo(student.guardianPhone!)).toHaveLength(1);
  });

  it('records no text message when the student gave no guardian phone, and still moves on', async () => {
    const student = await studentWithGuardian(h, school, { phone: null });
    const token = await h.tokenFor(student);
    const before = (await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages`))[0].n;
    expect((await signAsStudent(token)).status).toBe(200);
    expect((await formRow(student.id)).state).toBe('student_signed');
    expect((await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages`))[0].n).toBe(before);
  });

  it('moves a parent_signed form to both_signed without texting anyone', async () => {
    const student = await studentWithGuardian(h, school);
    await insertForm(h, student, 'parent_signed', null);
    expect((await signAsStudent(await h.tokenFor(student))).status).toBe(200);
    const row = await formRow(student.id);
    expect(row.state).toBe('both_signed');
    expect(row.parent_code_hash).toBeNull();
    expect(await smsTo(student.guardianPhone!)).toEqual([]);
  });

  it('refuses staff, parents, an admin viewing as the student, a parent view-as token, and no token', async () => {
    const student = await studentWithGuardian(h, school);
    for (const user of [await h.buildStaff({ school }), await h.buildParent({ school, students: [student] })]) {
      const token = await h.tokenFor(user);
      expect((await signAsStudent(token)).status).toBe(403);
      expect((await h.api.get('/api/parent-consent/').set(h.auth(token))).status).toBe(403);
    }
    const staffToken = await h.tokenFor(await h.buildStaff({ school }));
    const adminView = await h.api.post('/api/view-as-student/').set(h.auth(staffToken)).send({ studentId: student.id });
    expect(adminView.status).toBe(200);
    // The admin may look at the form, not sign it.
    expect((await h.api.get('/api/parent-consent/').set(h.auth(adminView.body.token))).status).toBe(200);
    const asAdmin = await signAsStudent(adminView.body.token);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toMatchObject({ error: 'Only the student can sign their own consent form.' });

    const parentToken = await h.tokenFor(await h.buildParent({ school, students: [student] }));
    const parentView = await h.api.post('/api/view-as-student/').set(h.auth(parentToken)).send({ studentId: student.id });
    expect(parentView.status).toBe(200);
    expect((await signAsStudent(parentView.body.token)).status).toBe(403);
    expect((await h.api.put('/api/parent-consent/').field('name', 'Avery Stone')).status).toBe(401);
    expect((await h.api.get('/api/parent-consent/')).status).toBe(401);
    expect((await formRow(student.id)).state).toBe('admin_signed');
  });

  it('is refused where the school does not use consent forms', async () => {
    const other = await h.buildSchool({ parentFormEnabled: false });
    const student = await studentWithGuardian(h, other);
    const token = await h.tokenFor(student);
    const res = await h.api.get('/api/parent-consent/').set(h.auth(token));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Parent consent forms are not used at your school.' });
    expect((await signAsStudent(token)).status).toBe(400);
    expect(await formRow(student.id)).toBeUndefined();
  });
});

describe('the parent signs through the texted link', () => {
  it('reads the student-signed form with the code, signs, completes the form and spends the code', async () => {
    const student = await studentWithGuardian(h, school, { firstName: 'Noah', lastName: 'Becker' });
    const { code, token } = await studentSigns(student);

    const got = await h.api.get(`/api/sign-parent-form/${code}/`);
    expect(got.status).toBe(200);
    const row = await formRow(student.id);
    expect(got.body).toEqual({ pdf: `/files/consent-forms/${row.id}.pdf?code=${code}`, field_config: expect.any(Object), state: 'student_signed' });
    const studentSigned = await fetchPdf(got.body.pdf);
    expect(await pdfText(studentSigned)).toContain('Noah Becker');

    const res = await signAsParent(code, { name: 'Pat Becker' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ state: 'both_signed' });
    const done = await formRow(student.id);
    expect(done.state).toBe('both_signed');
    expect(done.parent_code_hash).toBeNull();
    expect(done.parent_signed_at).toBeInstanceOf(Date);
    const final = await pdfText(await fetchPdf(`/files/consent-forms/${row.id}.pdf`, token));
    expect(final).toContain('Noah Becker');
    expect(final).toContain('Pat Becker');

    // The code expired with the completed form: it reveals nothing any more.
    for (const r of [await h.api.get(`/api/sign-parent-form/${code}/`), await signAsParent(code, { name: 'Pat Becker' }), await h.api.get(got.body.pdf)]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: 'Not found.' });
    }
    // The student cannot sign again either.
    expect((await signAsStudent(token)).status).toBe(409);
  });

  it('answers 404 Not found. for a wrong, malformed or guessed code', async () => {
    const student = await studentWithGuardian(h, school);
    const { code } = await studentSigns(student);
    const wrong = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const c of [wrong, 'abc', 'LHSDEMO10', 'x'.repeat(500)]) {
      const res = await h.api.get(`/api/sign-parent-form/${c}/`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Not found.' });
      expect((await signAsParent(c)).status).toBe(404);
    }
    expect((await formRow(student.id)).state).toBe('student_signed');
  });

  it('refuses a parent before the student (409) and after a parent signature (409)', async () => {
    const student = await studentWithGuardian(h, school);
    const { code } = await studentSigns(student);
    await h.db.query(`UPDATE consent_forms SET state = 'admin_signed' WHERE student_id = $1`, [student.id]);
    const early = await signAsParent(code);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: 'The student has not signed this form yet.' });
    await h.db.query(`UPDATE consent_forms SET state = 'parent_signed' WHERE student_id = $1`, [student.id]);
    const twice = await signAsParent(code);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: 'You have already signed this form.' });
    expect((await formRow(student.id)).state).toBe('parent_signed');
  });

  it('the code opens only its own form', async () => {
    const a = await studentWithGuardian(h, school);
    const b = await studentWithGuardian(h, school);
    const { code } = await studentSigns(a);
    const formB = (await h.api.get('/api/parent-consent/').set(h.auth(await h.tokenFor(b)))).body;
    expect((await h.api.get(`${formB.pdf}?code=${code}`)).status).toBe(404);
  });
});

describe('GraphQL', () => {
  it('parentConsentForm and parentSignForm give state, pdf path and field_config', async () => {
    const student = await studentWithGuardian(h, school);
    const token = await h.tokenFor(student);
    const q = await h.gql('{ parentConsentForm { id state pdf fieldConfig } }', {}, token);
    expect(q.errors).toBeUndefined();
    expect(q.data!.parentConsentForm).toMatchObject({ state: 'admin_signed', pdf: `/files/consent-forms/${q.data!.parentConsentForm.id}.pdf` });
    expect(q.data!.parentConsentForm.fieldConfig.student_signature.signature.font).toBe('times_roman_italic');

    const { code } = await studentSigns(student);
    const p = await h.gql('query ($code: String!) { parentSignForm(code: $code) { state pdf } }', { code });
    expect(p.data!.parentSignForm).toEqual({ state: 'student_signed', pdf: `/files/consent-forms/${q.data!.parentConsentForm.id}.pdf?code=${code}` });
    const bad = await h.gql('query ($code: String!) { parentSignForm(code: $code) { state } }', { code: 'nope' });
    expect(bad.code).toBe('NOT_FOUND');
    expect(bad.errors![0].message).toBe('Not found.');
  });
});

describe('the demo', () => {
  it('gives Sam Lee guardian Jordan Lee with a phone and a form in admin_signed', async () => {
    const sam = await h.userByEmail(DEMO.student);
    expect(sam).toMatchObject({ guardianFirstName: 'Jordan', guardianLastName: 'Lee', dob: '03142010', grade: '10' });
    expect(sam.guardianPhone).toBeTruthy();
    expect((await formRow(sam.id)).state).toBe('admin_signed');
  });
});
