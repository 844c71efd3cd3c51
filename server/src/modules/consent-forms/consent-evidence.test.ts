/**
 * A signed consent form is evidence (issue: a student could complete the parent's consent alone):
 * the server composes the signed PDF from the template and the signature sent, refuses whole PDFs,
 * refuses hostile signature payloads without saving anything, keeps an audit trail that the
 * exported PDF carries, emails linked parent accounts, and flags suspicious guardian phones.
 */
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import { buildPdf, consentSchool, stampPdf, studentWithGuardian } from './consent-forms.factories.js';
import { formPagesOnly } from './consent-pdf.js';
import { SIGNATURE_MESSAGES } from './consent-signature.js';
import { formatDate } from '@planner/shared/consent-prefill';
import { NAMES_IN_EVERY_SCRIPT, pdfStrings, pdfText } from '../../../../shared/testing/pdf-text.js';
import { readZip } from './testing/zip-reader.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

let school: School;
let staffToken: string;
beforeAll(async () => {
  school = await consentSchool(h, { name: 'Evidence High' });
  staffToken = await h.tokenFor(await h.buildStaff({ school }));
});

type SignFields = Record<string, string>;
const withFields = <T extends { field(name: string, value: string): T }>(req: T, fields: SignFields) => Object.entries(fields).reduce((r, [k, v]) => r.field(k, v), req);
const signAsStudent = (token: string, fields: SignFields) =>
  withFields(h.api.put('/api/parent-consent/').set(h.auth(token)).set('User-Agent', 'StudentBrowser/1.0'), fields);
const signAsParent = (code: string, fields: SignFields) => withFields(h.api.put(`/api/sign-parent-form/${code}/`).set('User-Agent', 'ParentBrowser/2.0'), fields);
const uploadPdf = (req: ReturnType<typeof h.api.put>, pdf: Buffer) =>
  req.field('name', 'Someone Signing').attach('pdf', pdf, { filename: 'signed.pdf', contentType: 'application/pdf' });

const SIGNATURE = JSON.stringify([
  [
    [0.05, 0.6],
    [0.2, 0.2],
    [0.35, 0.7],
    [0.5, 0.3],
  ],
  [
    [0.55, 0.5],
    [0.9, 0.45],
  ],
]);

const formRow = async (studentId: number) =>
  (
    await h.db.query(
      `SELECT id, state, page_count, signed_pdf, parent_code_hash, parent_phone, parent_phone_set_at, parent_request_sent_at, notified_parent_ids
       FROM consent_forms WHERE student_id = $1`,
      [studentId],
    )
  )[0];
const signatures = (formId: string) =>
  h.db.query(
    `SELECT role, user_id, typed_name, printed_name, drawn_strokes, signed_at, client_ip, user_agent FROM consent_signatures WHERE form_id = $1 ORDER BY role DESC`,
    [formId],
  );
const messagesTo = (recipient: string) =>
  h.db.query(`SELECT channel, recipient, subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY created_at`, [recipient]);
const codeIn = (body: string) => /\/parent-sign\/([A-Za-z0-9_-]{43})$/.exec(body)![1];
const binary = (req: ReturnType<typeof h.api.get>) =>
  req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The student signs through the composed path; returns the texted code. */
async function studentSigns(student: User, fields: SignFields = { name: `${student.firstName} ${student.lastName}` }) {
  const token = await h.tokenFor(student);
  const res = await signAsStudent(token, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [sms] = await messagesTo(student.guardianPhone!);
  return { token, code: codeIn(sms.body) };
}

describe('the signed PDF is composed on the server', () => {
  it("draws the student's information, typed name and date on the template's pages and adds the trail page", async () => {
    const student = await studentWithGuardian(h, school, { firstName: 'Iris', lastName: 'Navarro', phone: '+15550107777' });
    const token = await h.tokenFor(student);
    const res = await signAsStudent(token, { name: '  Iris   Navarro ', strokes: SIGNATURE });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const template = (await PDFDocument.load(await buildDefaultBytes())).getPageCount();
    const row = await formRow(student.id);
    const pdf = await PDFDocument.load(row.signed_pdf);
    expect(row.page_count).toBe(template);
    expect(pdf.getPageCount()).toBe(template + 1);
    const text = await pdfText(row.signed_pdf);
    // Prefilled from the student's record, not from anything the browser sent.
    for (const s of ['Iris', 'Navarro', 'Evidence High', '07/04/2009', '11', 'Iris Navarro']) expect(text).toContain(s);
    const [sig] = await signatures(row.id);
    expect(sig).toMatchObject({
      role: 'student',
      user_id: student.id,
      typed_name: 'Iris Navarro',
      printed_name: null,
      drawn_strokes: 2,
      user_agent: 'StudentBrowser/1.0',
    });
    expect(sig.client_ip).toMatch(/127\.0\.0\.1|::1/);
    expect(text).toContain('Signature record');
    expect(text).toContain(`Signed at: ${utc(sig.signed_at)}`);
    expect(text).toContain(`Signed in as user #${student.id}`);
    expect(text).toContain('Drawn signature: 2 strokes');
    expect(text).toContain('Text message to: +15550107777');
    expect(text).toContain('Browser: StudentBrowser/1.0');

    // The trail (addresses, browsers) is for staff: the student is served the form's own pages.
    const own = (await binary(h.api.get(`/files/consent-forms/${row.id}.pdf`).set(h.auth(token)))).body as Buffer;
    expect((await PDFDocument.load(own)).getPageCount()).toBe(template);
    expect(await pdfText(own)).toContain('Iris Navarro');
    expect(await pdfText(own)).not.toContain('Signature record');
    const staff = (await binary(h.api.get(`/files/consent-forms/${row.id}.pdf`).set(h.auth(staffToken)))).body as Buffer;
    expect(await pdfText(staff)).toContain('Signature record');
  });

  it('accepts the same fields as JSON', async () => {
    const student = await studentWithGuardian(h, school);
    const res = await h.api
      .put('/api/parent-consent/')
      .set(h.auth(await h.tokenFor(student)))
      .send({ name: 'Json Signer', strokes: JSON.parse(SIGNATURE) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await signatures((await formRow(student.id)).id))[0]).toMatchObject({ typed_name: 'Json Signer', drawn_strokes: 2 });
  });
});

let defaultBytes: Buffer | undefined;
async function buildDefaultBytes(): Promise<Buffer> {
  defaultBytes ??= Buffer.from((await h.db.query(`SELECT pdf FROM consent_templates WHERE is_default`))[0].pdf);
  return defaultBytes;
}

describe('forms signed before the server composed them', () => {
  it('are served to their signers as stored: no trail page to remove, or not readable as a PDF', async () => {
    const legacy = await buildPdf(['Uploaded Before']);
    expect(Buffer.compare(await formPagesOnly(legacy, 1), legacy)).toBe(0);
    const broken = Buffer.from('%PDF-1.7 not really');
    expect(Buffer.compare(await formPagesOnly(broken, 1), broken)).toBe(0);
  });
});

describe('names in any script', () => {
  it('stores the typed name exactly and draws it exactly, with a Latin and a Chinese name in one field', async () => {
    const student = await studentWithGuardian(h, school);
    const res = await signAsStudent(await h.tokenFor(student), { name: 'Zoë Łukasz 李' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await formRow(student.id);
    expect((await signatures(row.id))[0].typed_name).toBe('Zoë Łukasz 李');
    expect(await pdfText(row.signed_pdf)).toContain('Typed name: Zoë Łukasz 李');
    // Drawn at the signature line, before the date.
    expect(await pdfStrings(row.signed_pdf)).toContain(`Zoë Łukasz 李 ${formatDate(new Date())}`);
  });

  it('prints every name exactly on the signed form: the prefilled names, both signatures, the printed name and the trail', async () => {
    for (const [i, n] of NAMES_IN_EVERY_SCRIPT.entries()) {
      const parent = NAMES_IN_EVERY_SCRIPT[(i + 1) % NAMES_IN_EVERY_SCRIPT.length];
      const studentName = `${n.first} ${n.last}`;
      const parentName = `${parent.first} ${parent.last}`;
      const student = await studentWithGuardian(h, school, { firstName: n.first, lastName: n.last });
      const { code } = await studentSigns(student);
      const signed = await signAsParent(code, { name: parentName, printed_name: parentName, strokes: SIGNATURE });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      const pdf = (await formRow(student.id)).signed_pdf;
      const strings = await pdfStrings(pdf);
      // The prefilled first and last names, each in its blank.
      expect(strings, studentName).toEqual(expect.arrayContaining([n.first, n.last]));
      const text = await pdfText(pdf);
      for (const s of [`${studentName} ${formatDate(new Date())}`, `Typed name: ${studentName}`, `Typed name: ${parentName}`, `Printed name: ${parentName}`]) {
        expect(text, studentName).toContain(s);
      }
      // The printed name field, the typed name under the drawn strokes, and twice in the trail.
      expect(text.split(parentName), studentName).toHaveLength(5);
      // No letter lost: the template's own "Questions?" is the only question mark.
      expect(text.split('?'), studentName).toHaveLength(2);
      expect(text, studentName).not.toContain('\uFFFD');
    }
  });
});

describe('whole PDFs are refused', () => {
  it('refuses the untouched template from the student with a clear message, saving nothing', async () => {
    const student = await studentWithGuardian(h, school);
    const token = await h.tokenFor(student);
    const form = (await h.api.get('/api/parent-consent/').set(h.auth(token))).body;
    const template = (await binary(h.api.get(form.pdf).set(h.auth(token)))).body as Buffer;
    const res = await uploadPdf(h.api.put('/api/parent-consent/').set(h.auth(token)), template);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: textOf(SIGNATURE_MESSAGES.templateUnchanged) });
    // Saved again by pdf-lib, pages unchanged: still the unsigned form.
    const resaved = Buffer.from(await (await PDFDocument.load(template)).save());
    expect((await uploadPdf(h.api.put('/api/parent-consent/').set(h.auth(token)), resaved)).body).toMatchObject({ error: textOf(SIGNATURE_MESSAGES.templateUnchanged) });
    // A PDF with something drawn on it is refused too: the server composes the signature.
    const stamped = await stampPdf(template, ['Not A Signature']);
    const other = await uploadPdf(h.api.put('/api/parent-consent/').set(h.auth(token)), stamped);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: textOf(SIGNATURE_MESSAGES.pdfNotAccepted) });
    const row = await formRow(student.id);
    expect(row.state).toBe('admin_signed');
    expect(row.signed_pdf).toBeNull();
    expect(await signatures(row.id)).toEqual([]);
    expect(await messagesTo(student.guardianPhone!)).toEqual([]);
  });

  it('a student texting their own phone cannot complete the form by uploading the untouched template as the parent', async () => {
    const student = await studentWithGuardian(h, school, { phone: '+15550109999' });
    const { code } = await studentSigns(student);
    const template = await buildDefaultBytes();
    const res = await uploadPdf(h.api.put(`/api/sign-parent-form/${code}/`), template);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: textOf(SIGNATURE_MESSAGES.templateUnchanged) });
    const served = (await binary(h.api.get(`/files/consent-forms/${(await formRow(student.id)).id}.pdf?code=${code}`))).body as Buffer;
    const stamped = await uploadPdf(h.api.put(`/api/sign-parent-form/${code}/`), await stampPdf(served, ['Pat Forged']));
    expect(stamped.status).toBe(400);
    expect(stamped.body).toMatchObject({ error: textOf(SIGNATURE_MESSAGES.pdfNotAccepted) });
    const row = await formRow(student.id);
    expect(row.state).toBe('student_signed');
    expect((await signatures(row.id)).map((s: { role: string }) => s.role)).toEqual(['student']);

    // Only the composed path completes it, and the trail says the link went to that phone.
    const ok = await signAsParent(code, { name: 'Pat Stone', printed_name: 'Patricia Stone', strokes: SIGNATURE });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ state: 'both_signed' });
    const done = await formRow(student.id);
    expect(done.state).toBe('both_signed');
    const [, parent] = await signatures(done.id);
    expect(parent).toMatchObject({
      role: 'parent',
      user_id: null,
      typed_name: 'Pat Stone',
      printed_name: 'Patricia Stone',
      drawn_strokes: 2,
      user_agent: 'ParentBrowser/2.0',
    });
    const pdf = await PDFDocument.load(done.signed_pdf);
    // Still the template's pages plus one trail page (the student's trail page was replaced).
    expect(pdf.getPageCount()).toBe(done.page_count + 1);
    const text = await pdfText(done.signed_pdf);
    expect(text).toContain('Patricia Stone');
    expect(text).toContain('Parent/guardian signature');
    expect(text).toContain('Signed in: no (through the texted link)');
    expect(text.match(/Signature record/g)).toHaveLength(1);
    // Before signing, the parent's link served the student-signed form without its trail.
    expect(await pdfText(served)).not.toContain('Client address');
  });
});

describe('hostile signature payloads', () => {
  const many = (n: number, points = 2) => JSON.stringify(Array.from({ length: n }, () => Array.from({ length: points }, (_, i) => [i % 2, 0.5])));
  const cases: [string, SignFields, string][] = [
    ['no name', { strokes: SIGNATURE }, 'Please provide your signature (your full name).'],
    ['a blank name', { name: '   \t ' }, 'Please provide your signature (your full name).'],
    ['a name too long', { name: 'A'.repeat(101) }, textOf(SIGNATURE_MESSAGES.nameTooLong)],
    ['a NUL in the name', { name: 'Ava\u0000 Stone' }, textOf(SIGNATURE_MESSAGES.nameInvalid)],
    ['a name without letters', { name: '12345 !!' }, textOf(SIGNATURE_MESSAGES.nameInvalid)],
    ['a direction override in the name', { name: 'Ava \u202eenotS' }, textOf(SIGNATURE_MESSAGES.nameInvalid)],
    ['strokes that are not JSON', { name: 'Ava Stone', strokes: '[[[0.1,0.2],' }, textOf(SIGNATURE_MESSAGES.strokesInvalid)],
    ['strokes of the wrong shape', { name: 'Ava Stone', strokes: '{"a":1}' }, textOf(SIGNATURE_MESSAGES.strokesInvalid)],
    ['points off the pad', { name: 'Ava Stone', strokes: '[[[0.1,0.2],[2,-1]]]' }, textOf(SIGNATURE_MESSAGES.strokesInvalid)],
    ['points that are text', { name: 'Ava Stone', strokes: '[[["0.1","0.2"],[0.3,0.4]]]' }, textOf(SIGNATURE_MESSAGES.strokesInvalid)],
    ['an empty drawing', { name: 'Ava Stone', strokes: '[]' }, textOf(SIGNATURE_MESSAGES.strokesEmpty)],
    ['a drawing of dots only', { name: 'Ava Stone', strokes: '[[[0.5,0.5]],[[0.5,0.5],[0.5,0.5]]]' }, textOf(SIGNATURE_MESSAGES.strokesEmpty)],
    ['too many strokes', { name: 'Ava Stone', strokes: many(41) }, textOf(SIGNATURE_MESSAGES.strokesTooMany)],
    ['a stroke of too many points', { name: 'Ava Stone', strokes: many(1, 1001) }, textOf(SIGNATURE_MESSAGES.strokesTooMany)],
    ['too many points in all', { name: 'Ava Stone', strokes: many(5, 1000) }, textOf(SIGNATURE_MESSAGES.strokesTooMany)],
    ['a huge strokes text', { name: 'Ava Stone', strokes: ' '.repeat(150_000) }, textOf(SIGNATURE_MESSAGES.strokesTooMany)],
    ['a field larger than any upload', { name: 'Ava Stone', strokes: '['.repeat(300_000) }, 'The upload could not be read.'],
  ];

  it.each(cases)('refuses %s with 400 and saves nothing', async (_label, fields, message) => {
    const student = await studentWithGuardian(h, school);
    const token = await h.tokenFor(student);
    const res = await signAsStudent(token, fields);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
    const row = await formRow(student.id);
    expect(row?.state ?? 'admin_signed').toBe('admin_signed');
    expect(row?.signed_pdf ?? null).toBeNull();
    if (row) expect(await signatures(row.id)).toEqual([]);
    expect(await messagesTo(student.guardianPhone!)).toEqual([]);
  });

  it('refuses a hostile parent payload with 400 and keeps the code working', async () => {
    const student = await studentWithGuardian(h, school);
    const { code } = await studentSigns(student);
    for (const [fields, message] of [
      [{}, 'Please provide your full name as signature.'],
      [{ name: 'Pat Stone', printed_name: 'x'.repeat(500) }, textOf(SIGNATURE_MESSAGES.nameTooLong)],
      [{ name: 'Pat Stone', strokes: many(100) }, textOf(SIGNATURE_MESSAGES.strokesTooMany)],
    ] as [SignFields, string][]) {
      const res = await signAsParent(code, fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message });
    }
    const row = await formRow(student.id);
    expect(row.state).toBe('student_signed');
    expect(row.parent_code_hash).not.toBeNull();
    expect((await signAsParent(code, { name: 'Pat Stone' })).status).toBe(200);
  });
});

describe('linked parent accounts', () => {
  it('emails the signing link to each linked parent account, and the trail names them', async () => {
    const student = await studentWithGuardian(h, school, { firstName: 'Theo', lastName: 'Marsh' });
    const mom = await h.buildParent({ school, students: [student], firstName: 'Alma', lastName: 'Marsh' });
    const dad = await h.buildParent({ school, students: [student], firstName: 'Ben', lastName: 'Marsh' });
    const stranger = await h.buildParent({ school, students: [await studentWithGuardian(h, school)] });
    const { code } = await studentSigns(student);
    for (const p of [mom, dad]) {
      const mail = await messagesTo(p.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ channel: 'email', subject: 'Parent consent form' });
      expect(mail[0].body).toContain('Theo Marsh has signed the parent consent form');
      expect(codeIn(mail[0].body)).toBe(code);
    }
    expect(await messagesTo(stranger.email)).toEqual([]);
    const row = await formRow(student.id);
    expect([...row.notified_parent_ids].sort((a: number, b: number) => a - b)).toEqual([mom.id, dad.id].sort((a, b) => a - b));
    const text = await pdfText(row.signed_pdf);
    expect(text).toContain(`Alma Marsh <${mom.email}> (user #${mom.id})`);
    expect(text).toContain(`Ben Marsh <${dad.email}> (user #${dad.id})`);
  });
});

describe('the staff viewer flags the guardian phone', () => {
  const VIEWER = `query ($code: String!) { parentFormViewer(parentCode: $code) { guardianPhoneChangedAfterSent guardianPhoneShared } }`;
  const flags = async (student: User) => {
    const rest = await h.api.get(`/api/parent-form-viewer/${student.parentCode}/`).set(h.auth(staffToken));
    expect(rest.status).toBe(200);
    const g = await h.gql(VIEWER, { code: student.parentCode }, staffToken);
    expect(g.errors).toBeUndefined();
    expect(g.data!.parentFormViewer).toEqual({
      guardianPhoneChangedAfterSent: rest.body.guardian_phone_changed_after_sent,
      guardianPhoneShared: rest.body.guardian_phone_shared,
    });
    return { changed: rest.body.guardian_phone_changed_after_sent, shared: rest.body.guardian_phone_shared };
  };

  it('flags a phone changed after the link was sent, not one entered before', async () => {
    const student = await studentWithGuardian(h, school, { phone: '+15550201111' });
    await studentSigns(student);
    expect(await flags(student)).toEqual({ changed: false, shared: false });
    const row = await formRow(student.id);
    expect(row.parent_phone).toBe('+15550201111');
    expect(row.parent_phone_set_at).toBeInstanceOf(Date);
    expect(row.parent_phone_set_at.getTime()).toBeLessThanOrEqual(row.parent_request_sent_at.getTime());
    await h.db.query(`UPDATE users SET guardian_phone = '+15550202222' WHERE id = $1`, [student.id]);
    expect(await flags(student)).toEqual({ changed: true, shared: false });
  });

  it('flags a phone shared with a student of another family, not with a sibling', async () => {
    const phone = '555-030-4444';
    const student = await studentWithGuardian(h, school, { phone });
    const sibling = await studentWithGuardian(h, school, { phone: '(555) 030 4444' });
    await h.buildParent({ school, students: [student, sibling] });
    await studentSigns(student);
    expect(await flags(student)).toEqual({ changed: false, shared: false });
    // Another school's student, no parent in common, the same digits.
    await studentWithGuardian(h, await consentSchool(h), { phone: '555.030.4444' });
    expect(await flags(student)).toEqual({ changed: false, shared: true });
  });
});

describe('the export carries the trail', () => {
  it("the exported PDF holds the parent's name, signing time and the phone the link went to", async () => {
    const grade = 'Evidence-9';
    const student = await studentWithGuardian(h, school, { firstName: 'Ruth', lastName: 'Okafor', phone: '+15550405555', grade });
    const { code } = await studentSigns(student);
    expect((await signAsParent(code, { name: 'Grace Okafor', strokes: SIGNATURE })).status).toBe(200);
    const res = await binary(h.api.post('/api/export-parent-forms/').set(h.auth(staffToken)).send({ grade, school_id: school.id }) as never);
    expect(res.status).toBe(200);
    const [entry] = readZip(res.body as Buffer);
    expect(entry.name).toBe(`Okafor_Ruth_${student.id}.pdf`);
    const text = await pdfText(entry.data);
    const [studentSig, parentSig] = await signatures((await formRow(student.id)).id);
    expect(text).toContain('Typed name: Grace Okafor');
    expect(text).toContain(`Signed at: ${utc(parentSig.signed_at)}`);
    expect(text).toContain(`Signed at: ${utc(studentSig.signed_at)}`);
    expect(text).toContain('Text message to: +15550405555');
    expect(text).toContain('Grace Okafor');
  });
});
