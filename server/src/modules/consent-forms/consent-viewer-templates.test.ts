/** The staff side: the form viewer by parent code (logged), file authorisation, and the school's template. */
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import type { School } from '../schools/school.entity.js';
import { DEFAULT_FIELD_CONFIG } from '@planner/shared/consent-form';
import { buildPdf, consentSchool, insertForm, studentWithGuardian } from './consent-forms.factories.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';

const h = useHarness();

let school: School;
let staffToken: string;
let staffId: number;
beforeAll(async () => {
  school = await consentSchool(h, { name: 'Viewer High' });
  const staff = await h.buildStaff({ school });
  staffId = staff.id;
  staffToken = await h.tokenFor(staff);
});

const VIEWER = `query ($code: String!) { parentFormViewer(parentCode: $code) { state pdf fieldConfig student { id firstName lastName } } }`;

describe('parent-form-viewer', () => {
  it("gives staff of the student's school the current PDF and logs the opening", async () => {
    const student = await studentWithGuardian(h, school, { firstName: 'Lena', lastName: 'Ortiz' });
    const id = await insertForm(h, student, 'both_signed', await buildPdf(['Lena Ortiz', 'Carmen Ortiz']));
    const res = await h.api.get(`/api/parent-form-viewer/${student.parentCode}/`).set(h.auth(staffToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pdf: `/files/consent-forms/${id}.pdf`,
      state: 'both_signed',
      student: { id: student.id, first_name: 'Lena', last_name: 'Ortiz' },
    });
    expect(res.body.field_config.student_info.first_name.source).toBe('user.first_name');
    const file = await h.api
      .get(res.body.pdf)
      .set(h.auth(staffToken))
      .buffer(true)
      .parse((r, cb) => {
        const c: Buffer[] = [];
        r.on('data', (d: Buffer) => c.push(d));
        r.on('end', () => cb(null, Buffer.concat(c)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(await pdfText(file.body)).toContain('Carmen Ortiz');
    const log = await h.db.query(`SELECT actor_user_id, action, reason FROM student_record_access WHERE student_id = $1`, [student.id]);
    expect(log).toEqual([{ actor_user_id: staffId, action: 'consent_form_view', reason: 'viewer' }]);

    const g = await h.gql(VIEWER, { code: student.parentCode }, staffToken);
    expect(g.errors).toBeUndefined();
    expect(g.data!.parentFormViewer).toMatchObject({ state: 'both_signed', pdf: `/files/consent-forms/${id}.pdf`, student: { firstName: 'Lena', lastName: 'Ortiz' } });
  });

  it('answers 404 for an unknown code, another school, or a student without a form', async () => {
    const other = await studentWithGuardian(h, await consentSchool(h));
    await insertForm(h, other, 'both_signed', await buildPdf());
    for (const code of ['NOPE123', other.parentCode!]) {
      const res = await h.api.get(`/api/parent-form-viewer/${code}/`).set(h.auth(staffToken));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Not found.' });
    }
    const formless = await studentWithGuardian(h, school);
    const none = await h.api.get(`/api/parent-form-viewer/${formless.parentCode}/`).set(h.auth(staffToken));
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: 'This student has no parent consent form yet.' });
    expect(await h.db.query(`SELECT 1 FROM student_record_access WHERE student_id = $1`, [other.id])).toEqual([]);
  });

  it('refuses students and parents (403) and callers without a token (401)', async () => {
    const student = await studentWithGuardian(h, school);
    await insertForm(h, student, 'admin_signed', null);
    expect((await h.api.get(`/api/parent-form-viewer/${student.parentCode}/`).set(h.auth(await h.tokenFor(student)))).status).toBe(403);
    const parent = await h.buildParent({ school, students: [student] });
    expect((await h.api.get(`/api/parent-form-viewer/${student.parentCode}/`).set(h.auth(await h.tokenFor(parent)))).status).toBe(403);
    expect((await h.api.get(`/api/parent-form-viewer/${student.parentCode}/`)).status).toBe(401);
    expect((await h.gql(VIEWER, { code: student.parentCode })).code).toBe('UNAUTHENTICATED');
  });
});

describe('/files/consent-forms/{id}.pdf', () => {
  it('serves the student, staff of the school; refuses other students and other schools; 404 for unknown ids', async () => {
    const student = await studentWithGuardian(h, school);
    const id = await insertForm(h, student, 'student_signed', await buildPdf(['Mine']));
    const path = `/files/consent-forms/${id}.pdf`;
    expect((await h.api.get(path).set(h.auth(await h.tokenFor(student)))).status).toBe(200);
    expect((await h.api.get(path).set(h.auth(staffToken))).status).toBe(200);
    const classmate = await studentWithGuardian(h, school);
    expect((await h.api.get(path).set(h.auth(await h.tokenFor(classmate)))).status).toBe(403);
    expect((await h.api.get(path).set(h.auth(await h.login(DEMO.admin)))).status).toBe(403);
    expect((await h.api.get(path)).status).toBe(401);
    expect((await h.api.get(`/files/consent-forms/00000000-0000-4000-8000-000000000000.pdf`).set(h.auth(staffToken))).status).toBe(404);
    // Not a form id at all: bad input, not "not found" (core/ids.ts).
    expect((await h.api.get(`/files/consent-forms/not-a-uuid.pdf`).set(h.auth(staffToken))).status).toBe(400);
  });
});

describe('consent template (staff)', () => {
  it('starts from the default template and its field_config', async () => {
    const res = await h.api.get('/api/consent-template/').set(h.auth(staffToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pdf: '/files/consent-templates/default.pdf', page_count: 1, custom: false });
    expect(res.body.field_config).toEqual(DEFAULT_FIELD_CONFIG);
    const pdf = await h.api.get(res.body.pdf).set(h.auth(staffToken));
    expect(pdf.status).toBe(200);
  });

  it('saves edited positions for the school only, and validates them', async () => {
    const s = await consentSchool(h);
    const token = await h.tokenFor(await h.buildStaff({ school: s }));
    const config = structuredClone(DEFAULT_FIELD_CONFIG);
    config.student_info.first_name.x = 300;
    config.parent_signature.signature.font = 'courier';
    const res = await h.api.patch('/api/consent-template/').set(h.auth(token)).send({ field_config: config });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ custom: true, pdf: `/files/consent-templates/${s.id}.pdf`, page_count: 1 });
    expect(res.body.field_config.student_info.first_name.x).toBe(300);
    // A student of that school gets the new positions; another school keeps the default.
    const student = await studentWithGuardian(h, s);
    const form = await h.api.get('/api/parent-consent/').set(h.auth(await h.tokenFor(student)));
    expect(form.body.field_config.student_info.first_name.x).toBe(300);
    expect((await h.api.get('/api/consent-template/').set(h.auth(staffToken))).body.custom).toBe(false);

    const bad: [unknown, string][] = [
      [{ ...config, student_info: { x: { ...config.student_info.first_name, font: 'comic_sans' } } }, 'The field configuration is not valid (student_info.x.font: '],
      [
        { ...config, student_info: { x: { ...config.student_info.first_name, source: 'user.password' } } },
        'The field configuration is not valid (student_info.x.source: ',
      ],
      [
        { ...config, student_signature: { signature: { ...config.student_signature.signature, page: 1 }, date: config.student_signature.date } },
        'The field student_signature.signature is placed on page 2, but the template has 1 page.',
      ],
      [
        { ...config, student_signature: { signature: { ...config.student_signature.signature, color: [0, 0] }, date: config.student_signature.date } },
        'The field configuration is not valid (student_signature.signature.color',
      ],
      [undefined, 'The field configuration is not valid ('],
    ];
    for (const [value, message] of bad) {
      const r = await h.api.patch('/api/consent-template/').set(h.auth(token)).send({ field_config: value });
      expect(r.status).toBe(400);
      expect(r.body.error.startsWith(message), r.body.error).toBe(true);
    }
    expect((await h.api.get('/api/consent-template/').set(h.auth(token))).body.field_config.student_info.first_name.x).toBe(300);
  });

  it('uploads a school template; signed PDFs must then have its page count; reset returns to the default', async () => {
    const s = await consentSchool(h);
    const token = await h.tokenFor(await h.buildStaff({ school: s }));
    const upload = await h.api
      .put('/api/consent-template/')
      .set(h.auth(token))
      .attach('pdf', await buildPdf(['Our own consent letter'], 2), 'ours.pdf');
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ custom: true, page_count: 2 });
    const served = await h.api
      .get(upload.body.pdf)
      .set(h.auth(token))
      .buffer(true)
      .parse((r, cb) => {
        const c: Buffer[] = [];
        r.on('data', (d: Buffer) => c.push(d));
        r.on('end', () => cb(null, Buffer.concat(c)));
      });
    expect(await pdfText(served.body)).toContain('Our own consent letter');
    // Another school's staff cannot read it.
    expect((await h.api.get(upload.body.pdf).set(h.auth(staffToken))).status).toBe(403);

    const student = await studentWithGuardian(h, s);
    const st = await h.tokenFor(student);
    const form = await h.api.get('/api/parent-consent/').set(h.auth(st));
    const unsigned = await h.api
      .get(form.body.pdf)
      .set(h.auth(st))
      .buffer(true)
      .parse((r, cb) => {
        const c: Buffer[] = [];
        r.on('data', (d: Buffer) => c.push(d));
        r.on('end', () => cb(null, Buffer.concat(c)));
      });
    expect(await pdfText(unsigned.body)).toContain('Our own consent letter');
    // The student's signature is composed onto the school's two pages, followed by the trail page.
    expect((await h.api.put('/api/parent-consent/').set(h.auth(st)).field('name', 'Own Letter Signer')).status).toBe(200);
    const [signed] = await h.db.query(`SELECT signed_pdf, page_count FROM consent_forms WHERE student_id = $1`, [student.id]);
    expect(signed.page_count).toBe(2);
    expect((await PDFDocument.load(signed.signed_pdf)).getPageCount()).toBe(3);
    expect(await pdfText(signed.signed_pdf)).toContain('Our own consent letter');
    expect(await pdfText(signed.signed_pdf)).toContain('Own Letter Signer');

    expect((await h.api.put('/api/consent-template/').set(h.auth(token)).attach('pdf', Buffer.from('not a pdf'), 'x.pdf')).status).toBe(400);
    const reset = await h.api.delete('/api/consent-template/').set(h.auth(token));
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ custom: false, page_count: 1, pdf: '/files/consent-templates/default.pdf' });
  });

  it('through GraphQL; refused to students', async () => {
    const s = await consentSchool(h);
    const token = await h.tokenFor(await h.buildStaff({ school: s }));
    const q = await h.gql('{ consentTemplate { pdf pageCount custom fieldConfig updatedAt } }', {}, token);
    expect(q.data!.consentTemplate).toMatchObject({ pageCount: 1, custom: false });
    const config = structuredClone(DEFAULT_FIELD_CONFIG);
    config.student_info.grade.font_size = 14;
    const m = await h.gql('mutation ($c: JSONObject!) { updateConsentTemplate(fieldConfig: $c) { custom fieldConfig } }', { c: config }, token);
    expect(m.errors).toBeUndefined();
    expect(m.data!.updateConsentTemplate.custom).toBe(true);
    expect(m.data!.updateConsentTemplate.fieldConfig.student_info.grade.font_size).toBe(14);
    const r = await h.gql('mutation { resetConsentTemplate { custom } }', {}, token);
    expect(r.data!.resetConsentTemplate.custom).toBe(false);
    const student = await studentWithGuardian(h, s);
    expect((await h.gql('{ consentTemplate { pdf } }', {}, await h.tokenFor(student))).code).toBe('FORBIDDEN');
    expect((await h.api.get('/api/consent-template/').set(h.auth(await h.tokenFor(student)))).status).toBe(403);
  });
});
