/**
 * The signing routes take the signature, not a PDF: any file attached to them is refused before it
 * replaces anything (the server composes the signed form), whatever it holds, and over the size
 * limit the upload is cut short with its own message.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import { buildPdf, consentSchool, stampPdf, studentWithGuardian } from './consent-forms.factories.js';
import { SIGNATURE_MESSAGES } from './consent-signature.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

const state = async (student: User) => (await h.db.query(`SELECT state, signed_pdf IS NULL AS empty FROM consent_forms WHERE student_id = $1`, [student.id]))[0];
const smsCount = async (phone: string) => (await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1`, [phone]))[0].n;

async function freshStudent() {
  const student = await studentWithGuardian(h, await consentSchool(h));
  const token = await h.tokenFor(student);
  await h.api.get('/api/parent-consent/').set(h.auth(token));
  return { student, token };
}

describe('files sent to the student signing route', () => {
  const cases: [string, () => Promise<{ part: string; bytes: Buffer }>][] = [
    ['a signed-looking PDF', async () => ({ part: 'pdf', bytes: await buildPdf(['Avery Stone']) })],
    ['a file under another part name', async () => ({ part: 'file', bytes: await buildPdf() })],
    ['a text file', async () => ({ part: 'pdf', bytes: Buffer.from('hello, I am not a PDF') })],
    ['a PNG named .pdf', async () => ({ part: 'pdf', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') })],
    ['PDF magic with garbage after it', async () => ({ part: 'pdf', bytes: Buffer.from('%PDF-1.7\n garbage without objects') })],
    ['a PDF with more pages than the form', async () => ({ part: 'pdf', bytes: await buildPdf(['Two pages'], 2) })],
  ];

  for (const [what, make] of cases) {
    it(`refuses ${what} with 400, even with a name, and leaves the form as it was`, async () => {
      const { student, token } = await freshStudent();
      const { part, bytes } = await make();
      const res = await h.api
        .put('/api/parent-consent/')
        .set(h.auth(token))
        .field('name', 'Avery Stone')
        .attach(part, bytes, { filename: 'x.pdf', contentType: 'application/pdf' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: textOf(SIGNATURE_MESSAGES.pdfNotAccepted) });
      expect(await state(student)).toEqual({ state: 'admin_signed', empty: true });
      expect(await smsCount(student.guardianPhone!)).toBe(0);
    });
  }

  it('answers a JSON body without a name with the missing-signature message', async () => {
    const { student, token } = await freshStudent();
    const res = await h.api.put('/api/parent-consent/').set(h.auth(token)).send({ pdf: 'JVBERi0xLjc=' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Please provide your signature (your full name).' });
    expect((await state(student)).state).toBe('admin_signed');
  });

  it('cuts off a file over the size limit', async () => {
    const api = await h.appWith({ consentPdfMaxBytes: 2048 });
    const { student, token } = await freshStudent();
    const big = await stampPdf(
      await buildPdf(),
      Array.from({ length: 120 }, (_, i) => `Line ${i} ${'x'.repeat(40)}`),
    );
    expect(big.length).toBeGreaterThan(2048);
    const res = await api.put('/api/parent-consent/').set(h.auth(token)).attach('pdf', big, 'big.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'The PDF is larger than the limit of 2 KB.' });
    expect((await state(student)).state).toBe('admin_signed');
    // The default limit is 5 MB.
    expect(h.config.consentPdfMaxBytes).toBe(5 * 1024 * 1024);
  });

  it('the parent route refuses files the same way and the code keeps working after a refusal', async () => {
    const { student, token } = await freshStudent();
    expect((await h.api.put('/api/parent-consent/').set(h.auth(token)).field('name', 'Avery Stone')).status).toBe(200);
    const [sms] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1`, [student.guardianPhone]);
    const code = sms.body.split('/parent-sign/')[1];
    for (const bytes of [Buffer.from('nope'), await buildPdf(['x'], 3), await buildPdf(['Pat Stone'])]) {
      const bad = await h.api.put(`/api/sign-parent-form/${code}/`).field('name', 'Pat Stone').attach('pdf', bytes, 'a.pdf');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: textOf(SIGNATURE_MESSAGES.pdfNotAccepted) });
    }
    expect((await state(student)).state).toBe('student_signed');
    expect((await h.api.get(`/api/sign-parent-form/${code}/`)).status).toBe(200);
    expect((await h.api.put(`/api/sign-parent-form/${code}/`).field('name', 'Pat Stone')).status).toBe(200);
    expect((await state(student)).state).toBe('both_signed');
  });
});
