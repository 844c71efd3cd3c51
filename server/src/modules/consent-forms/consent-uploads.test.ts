/** Uploaded PDFs are checked before they replace anything: part name, magic bytes, parsing, pages, size. */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import { buildPdf, consentSchool, stampPdf, studentWithGuardian } from './consent-forms.factories.js';

const h = useHarness();

const state = async (student: User) =>
  (await h.db.query(`SELECT state, signed_pdf IS NULL AS empty FROM consent_forms WHERE student_id = $1`, [student.id]))[0];
const smsCount = async (phone: string) =>
  (await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1`, [phone]))[0].n;

async function freshStudent() {
  const student = await studentWithGuardian(h, await consentSchool(h));
  const token = await h.tokenFor(student);
  await h.api.get('/api/parent-consent/').set(h.auth(token));
  return { student, token };
}

describe('student upload validation', () => {
  const cases: [string, () => Promise<{ part: string; bytes: Buffer; type?: string }>, string][] = [
    ['a file under another part name', async () => ({ part: 'file', bytes: await buildPdf() }), 'Please attach the PDF as the part named pdf.'],
    ['a text file', async () => ({ part: 'pdf', bytes: Buffer.from('hello, I am not a PDF') }), 'The uploaded file is not a PDF.'],
    ['a PNG named .pdf', async () => ({ part: 'pdf', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }), 'The uploaded file is not a PDF.'],
    ['PDF magic with garbage after it', async () => ({ part: 'pdf', bytes: Buffer.from('%PDF-1.7\n garbage without objects') }), 'The uploaded PDF could not be read.'],
    ['a PDF with more pages than the form', async () => ({ part: 'pdf', bytes: await buildPdf(['Two pages'], 2) }), 'The signed PDF has 2 pages; the form has 1 page.'],
  ];

  for (const [what, make, message] of cases) {
    it(`refuses ${what} with 400 and leaves the form as it was`, async () => {
      const { student, token } = await freshStudent();
      const { part, bytes } = await make();
      const res = await h.api.put('/api/parent-consent/').set(h.auth(token)).attach(part, bytes, { filename: 'x.pdf', contentType: 'application/pdf' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
      expect(await state(student)).toEqual({ state: 'admin_signed', empty: true });
      expect(await smsCount(student.guardianPhone!)).toBe(0);
    });
  }

  it('refuses a request without any file (JSON body)', async () => {
    const { student, token } = await freshStudent();
    const res = await h.api.put('/api/parent-consent/').set(h.auth(token)).send({ pdf: 'JVBERi0xLjc=' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please attach the PDF as the part named pdf.' });
    expect((await state(student)).state).toBe('admin_signed');
  });

  it('refuses a PDF over the size limit', async () => {
    const api = await h.appWith({ consentPdfMaxBytes: 2048 });
    const { student, token } = await freshStudent();
    const big = await stampPdf(await buildPdf(), Array.from({ length: 120 }, (_, i) => `Line ${i} ${'x'.repeat(40)}`));
    expect(big.length).toBeGreaterThan(2048);
    const res = await api.put('/api/parent-consent/').set(h.auth(token)).attach('pdf', big, 'big.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The PDF is larger than the limit of 2 KB.' });
    expect((await state(student)).state).toBe('admin_signed');
    // The default limit is 5 MB.
    expect(h.config.consentPdfMaxBytes).toBe(5 * 1024 * 1024);
  });

  it('the parent upload is checked the same way and the code keeps working after a refusal', async () => {
    const { student, token } = await freshStudent();
    expect((await h.api.put('/api/parent-consent/').set(h.auth(token)).attach('pdf', await buildPdf(), 'a.pdf')).status).toBe(200);
    const [sms] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1`, [student.guardianPhone]);
    const code = sms.body.split('/parent-sign/')[1];
    const bad = await h.api.put(`/api/sign-parent-form/${code}/`).attach('pdf', Buffer.from('nope'), 'a.pdf');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'The uploaded file is not a PDF.' });
    const pages = await h.api.put(`/api/sign-parent-form/${code}/`).attach('pdf', await buildPdf(['x'], 3), 'a.pdf');
    expect(pages.status).toBe(400);
    expect(pages.body).toEqual({ error: 'The signed PDF has 3 pages; the form has 1 page.' });
    expect((await state(student)).state).toBe('student_signed');
    expect((await h.api.get(`/api/sign-parent-form/${code}/`)).status).toBe(200);
    expect((await h.api.put(`/api/sign-parent-form/${code}/`).attach('pdf', await buildPdf(), 'a.pdf')).status).toBe(200);
    expect((await state(student)).state).toBe('both_signed');
  });
});
