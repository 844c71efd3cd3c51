/** Dual School admissions through REST and GraphQL on a real database: save, resume, submit, uploads, refusals, staff review. */
import { proposedSchoolYear, schoolYearStartOf } from '../payments/pricing.js';
import { graphql } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLoaders } from '../../loaders.js';
import { countQueries } from '../../db/query-counter.js';
import { buildAppSchema } from '../../graphql/schema.js';
import { resumeStep, toRecords, emptyValues } from '@planner/shared/application';
import { DEMO, useHarness } from '../../test/harness.js';
import { User } from '../accounts/user.entity.js';
import { OutboxMessage } from '../outbox/outbox.entity.js';
import type { School } from '../schools/school.entity.js';
import { Application, TranscriptFile } from './application.entity.js';
import { buildApplicant, buildDualSchool, completeRecords, completeValues, SAMPLE_FILES } from './admissions.factories.js';

const h = useHarness();

let dual: School;
let staffToken: string;

beforeAll(async () => {
  dual = await buildDualSchool(h);
  staffToken = await h.tokenFor(await h.buildStaff({ school: dual }));
});

const getApp = (token: string) => h.api.get('/api/application/').set(h.auth(token));
const patchApp = (token: string, body: unknown) =>
  h.api
    .patch('/api/application/')
    .set(h.auth(token))
    .send(body as object);
const upload = (token: string, name: string, bytes: Buffer, field = 'file') => h.api.post('/api/application/').set(h.auth(token)).attach(field, bytes, name);
const statusOf = async (id: number) => (await h.db.getRepository(User).findOneByOrFail({ id })).applicationStatus;
const outboxFor = (email: string) => h.db.getRepository(OutboxMessage).find({ where: { recipient: email }, order: { createdAt: 'ASC' } });

async function applicant() {
  const parent = await buildApplicant(h, dual);
  return { parent, token: await h.tokenFor(parent) };
}

/** A parent whose application is submitted (complete), with one transcript. */
async function submitted() {
  const a = await applicant();
  expect((await upload(a.token, 'grades.pdf', SAMPLE_FILES.pdf)).status).toBe(201);
  const res = await patchApp(a.token, { form_data: completeRecords(), application_status: 'complete' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const app = await h.db.getRepository(Application).findOneByOrFail({ parentId: a.parent.id });
  return { ...a, app };
}

describe('the parent saves, resumes and submits (REST)', () => {
  it('reads an application that was never saved as not_started with no data', async () => {
    const { token } = await applicant();
    const res = await getApp(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: null, application_status: 'not_started', form_data: [], submitted_at: null });
  });

  it('saves as in_progress, merges later saves, and resumes at the last step with data', async () => {
    const { parent, token } = await applicant();
    const first = await patchApp(token, {
      form_data: [{ step: 1, title: 'Applicant Information', data: { studentFullName: 'Riley Applicant', studentEmail: 'r@example.org' } }],
      application_status: 'in_progress',
    });
    expect(first.status).toBe(200);
    expect(first.body.application_status).toBe('in_progress');
    expect(await statusOf(parent.id)).toBe('in_progress');

    // The wizard sends the whole form each time; blank steps are saved too.
    const whole = toRecords({ ...emptyValues(), studentFullName: 'Riley Applicant', studentEmail: 'r@example.org', parent1FullName: 'Pat', schoolName: 'Reno MS' });
    expect((await patchApp(token, { form_data: whole, application_status: 'in_progress' })).status).toBe(200);

    const res = await getApp(token);
    expect(res.body.id).toEqual(expect.any(Number));
    expect(res.body.application_status).toBe('in_progress');
    expect(res.body.form_data.map((r: { step: number }) => r.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10]);
    expect(res.body.form_data[0]).toMatchObject({ step: 1, title: 'Applicant Information', data: { studentFullName: 'Riley Applicant', studentEmail: 'r@example.org' } });
    expect(res.body.form_data[3].data.schoolName).toBe('Reno MS');
    expect(resumeStep(res.body.application_status, res.body.form_data)).toBe(3);
    // The current user carries the new status (the restricted state reads it).
    const me = await h.api.get('/api/current-user/').set(h.auth(token));
    expect(me.body.application_status).toBe('in_progress');
  });

  it('refuses a submit with blank required fields, names them, and saves nothing', async () => {
    const { parent, token } = await applicant();
    await patchApp(token, { form_data: [{ step: 1, title: 'x', data: { studentFullName: 'Kept' } }], application_status: 'in_progress' });
    const res = await patchApp(token, {
      form_data: completeRecords({ studentFullName: '', parent1Email: '  ', studentDOB: 'changed' }),
      application_status: 'complete',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Please complete the required fields: Full Legal Name, Parent/Guardian #1 Email.',
      reason: 'APPLICATION_FIELDS_REQUIRED',
      params: { fields: 'Full Legal Name, Parent/Guardian #1 Email' },
    });
    expect(await statusOf(parent.id)).toBe('in_progress');
    const saved = await h.db.getRepository(Application).findOneByOrFail({ parentId: parent.id });
    expect(saved.formData).toEqual([{ step: 1, title: 'Applicant Information', data: { studentFullName: 'Kept' } }]);
  });

  it('applies the emergency-contact rule on submit', async () => {
    const { token } = await applicant();
    const blank = { emergencyName: '', emergencyRelationship: '', emergencyPrimaryPhone: '' };
    const refused = await patchApp(token, { form_data: completeRecords(blank), application_status: 'complete' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Please complete the required fields: Emergency Contact Name, Emergency Contact Relationship, Emergency Contact Primary Phone.');
    const ok = await patchApp(token, { form_data: completeRecords({ ...blank, emergencySameAsParent1: true }), application_status: 'complete' });
    expect(ok.status).toBe(200);
    expect(ok.body.application_status).toBe('complete');
  });

  it('submits as complete with a submitted date, then refuses every change with 409', async () => {
    const { parent, token, app } = await submitted();
    expect(app.submittedAt).toBeInstanceOf(Date);
    expect(await statusOf(parent.id)).toBe('complete');
    const again = await patchApp(token, { form_data: completeRecords(), application_status: 'in_progress' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'This application has already been submitted and can no longer be changed.' });
    const resubmit = await patchApp(token, { form_data: completeRecords(), application_status: 'complete' });
    expect(resubmit.status).toBe(409);
    const file = await upload(token, 'late.pdf', SAMPLE_FILES.pdf);
    expect(file.status).toBe(409);
    expect(await h.db.getRepository(TranscriptFile).countBy({ applicationId: app.id })).toBe(1);
    // A submitted application opens at step 0.
    const res = await getApp(token);
    expect(resumeStep(res.body.application_status, res.body.form_data)).toBe(0);
  });

  it('refuses malformed payloads with a 400 and a message', async () => {
    const { token } = await applicant();
    expect((await patchApp(token, { form_data: 'x', application_status: 'in_progress' })).body.error).toBe('form_data must be a list of { step, title, data } records.');
    const status = await patchApp(token, { form_data: [], application_status: 'accepted' });
    expect(status.status).toBe(400);
    expect(status.body.error).toBe('application_status must be in_progress or complete.');
    const field = await patchApp(token, { form_data: [{ step: 1, title: 't', data: { isAdmin: true } }], application_status: 'in_progress' });
    expect(field.status).toBe(400);
    expect(field.body.error).toBe('Unknown field "isAdmin" in step 1.');
    const bad = await h.api.patch('/api/application/').set(h.auth(token)).set('Content-Type', 'application/json').send('{bad');
    expect(bad.status).toBe(400);
  });

  it('keeps each parent to their own application, and refuses others', async () => {
    const a = await submitted();
    const b = await applicant();
    const other = await getApp(b.token);
    expect(other.body.id).toBeNull();
    expect(other.body.form_data).toEqual([]);
    // A parent of a school without the dual school, a student and staff have no application.
    const lincoln = await getApp(await h.login(DEMO.parent));
    expect(lincoln.status).toBe(403);
    expect(lincoln.body).toMatchObject({ error: 'Only parent accounts of Dual School have an admission application.' });
    expect((await getApp(await h.tokenFor(await h.buildStudent({ school: dual })))).status).toBe(403);
    expect((await patchApp(staffToken, { form_data: [], application_status: 'in_progress' })).status).toBe(403);
    expect((await h.api.get('/api/application/')).status).toBe(401);
    // b saving does not touch a's application.
    await patchApp(b.token, { form_data: [{ step: 1, title: 't', data: { studentFullName: 'B child' } }], application_status: 'in_progress' });
    const aApp = await h.db.getRepository(Application).findOneByOrFail({ id: a.app.id });
    expect(aApp.formData[0].data.studentFullName).toBe('Riley Applicant');
  });

  it('works for a parent who signed up with the dual-school code', async () => {
    const email = `dual-${Date.now()}@example.org`;
    const reg = await h.api.post('/api/register/').send({ first_name: 'Dana', last_name: 'Signup', email, password: 'Str0ng#Pass', signup_code: 'DUAL-PARENT' });
    expect(reg.status).toBe(201);
    const res = await getApp(reg.body.token);
    expect(res.status).toBe(200);
    expect(res.body.application_status).toBe('not_started');
    const saved = await patchApp(reg.body.token, { form_data: [{ step: 1, title: 't', data: { studentFullName: 'Kid' } }], application_status: 'in_progress' });
    expect(saved.status).toBe(200);
    const app = await h.db.getRepository(Application).findOneByOrFail({ id: saved.body.id });
    expect(app.schoolId).toBe((await h.schoolNamed('Dual School')).id);
  });
});

describe('transcript uploads', () => {
  it('stores each allowed type, one file per request, in the database', async () => {
    const { parent, token } = await applicant();
    for (const [name, bytes] of [
      ['a.pdf', SAMPLE_FILES.pdf],
      ['b.png', SAMPLE_FILES.png],
      ['c.jpg', SAMPLE_FILES.jpg],
      ['d.jpeg', SAMPLE_FILES.jpg],
      ['e.doc', SAMPLE_FILES.doc],
      ['f.docx', SAMPLE_FILES.docx],
    ] as const) {
      const res = await upload(token, name, bytes);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({ file_name: name, size: bytes.length, url: `/files/transcripts/${res.body.id}` });
    }
    const app = await h.db.getRepository(Application).findOneByOrFail({ parentId: parent.id });
    const rows = await h.db.query(`SELECT file_name, content_type, data FROM transcript_files WHERE application_id = $1 ORDER BY id`, [app.id]);
    expect(rows.map((r: { file_name: string }) => r.file_name)).toEqual(['a.pdf', 'b.png', 'c.jpg', 'd.jpeg', 'e.doc', 'f.docx']);
    expect(rows[0].content_type).toBe('application/pdf');
    expect(Buffer.compare(rows[0].data, SAMPLE_FILES.pdf)).toBe(0);
    // An upload alone does not move the status.
    expect(await statusOf(parent.id)).toBe('not_started');
  });

  it('refuses a bad type, a disguised file, an empty or missing file, and a wrong field, saving nothing', async () => {
    const { parent, token } = await applicant();
    const exe = await upload(token, 'virus.exe', Buffer.from('MZ\x90\x00'));
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ error: 'Transcripts must be PDF, JPG, PNG, DOC or DOCX files.' });
    const fake = await upload(token, 'grades.pdf', Buffer.from('<html><script>alert(1)</script>'));
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ error: 'The file "grades.pdf" is not a valid PDF file.' });
    const pngAsPdf = await upload(token, 'grades.pdf', SAMPLE_FILES.png);
    expect(pngAsPdf.status).toBe(400);
    expect((await upload(token, 'empty.pdf', Buffer.alloc(0))).status).toBe(400);
    const none = await h.api.post('/api/application/').set(h.auth(token)).send({});
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'Please choose a file to upload (multipart field "file").' });
    const wrongField = await upload(token, 'a.pdf', SAMPLE_FILES.pdf, 'pdf');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ error: 'Send one file per request, in the multipart field "file".' });
    expect(await h.db.getRepository(Application).countBy({ parentId: parent.id })).toBe(0);
    expect(
      await h.db.query(`SELECT count(*)::int AS n FROM transcript_files t JOIN applications a ON a.id = t.application_id WHERE a.parent_id = $1`, [parent.id]),
    ).toEqual([{ n: 0 }]);
  });

  it('refuses a file over the size limit with a 400', async () => {
    const small = await h.appWith({ transcriptMaxBytes: 1024 * 1024 });
    const { token } = await applicant();
    const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await small.post('/api/application/').set(h.auth(token)).attach('file', big, 'big.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'The file is larger than 1 MB.' });
  });

  it('refuses uploads from anyone but a dual-school parent', async () => {
    expect((await upload(staffToken, 'a.pdf', SAMPLE_FILES.pdf)).status).toBe(403);
    expect((await upload(await h.login(DEMO.parent), 'a.pdf', SAMPLE_FILES.pdf)).status).toBe(403);
    expect((await h.api.post('/api/application/').attach('file', SAMPLE_FILES.pdf, 'a.pdf')).status).toBe(401);
  });

  it('serves a transcript to its parent and to dual-school staff only, as a sanitized attachment', async () => {
    const { token } = await applicant();
    const up = await upload(token, '../../report "card".pdf', SAMPLE_FILES.pdf);
    expect(up.status).toBe(201);
    expect(up.body.file_name).toBe('report card.pdf');
    const mine = await h.api
      .get(`/api/application/files/${up.body.id}/`)
      .set(h.auth(token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="report card.pdf"; filename*=UTF-8''report%20card.pdf`);
    expect(Buffer.compare(mine.body as Buffer, SAMPLE_FILES.pdf)).toBe(0);

    const staff = await h.api.get(`/files/transcripts/${up.body.id}`).set(h.auth(staffToken));
    expect(staff.status).toBe(200);
    expect(staff.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await h.api.get(`/files/transcripts/${up.body.id}`).set(h.auth(await h.login(DEMO.admissions)))).status).toBe(403);
    expect((await h.api.get(`/files/transcripts/${up.body.id}`).set(h.auth(await h.login(DEMO.admin)))).status).toBe(403);
    const other = await applicant();
    const refused = await h.api.get(`/files/transcripts/${up.body.id}`).set(h.auth(other.token));
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'File not found.' });
    expect((await h.api.get(`/files/transcripts/${up.body.id}`)).status).toBe(401);
    expect((await h.api.get(`/files/transcripts/999999999`).set(h.auth(token))).status).toBe(404);
    // Not an id at all: bad input, not "not found" (core/ids.ts).
    expect((await h.api.get(`/files/transcripts/abc`).set(h.auth(token))).status).toBe(400);
  });
});

describe('staff review (REST)', () => {
  it('lists the dual school applications with parent, student name, status and submitted date', async () => {
    const school = await buildDualSchool(h);
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const draft = await buildApplicant(h, school);
    await patchApp(await h.tokenFor(draft), { form_data: [{ step: 1, title: 't', data: { studentFullName: 'Draft Kid' } }], application_status: 'in_progress' });
    const done = await buildApplicant(h, school, { firstName: 'Done', lastName: 'Parent' });
    await patchApp(await h.tokenFor(done), { form_data: completeRecords({ studentFullName: 'Done Kid' }), application_status: 'complete' });

    const res = await h.api.get('/api/applications/').set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      parent: { id: done.id, first_name: 'Done', last_name: 'Parent', email: done.email },
      student_name: 'Done Kid',
      status: 'complete',
      submitted_at: expect.any(String),
    });
    expect(res.body[1]).toMatchObject({ student_name: 'Draft Kid', status: 'in_progress', submitted_at: null });
    const complete = await h.api.get('/api/applications/?status=complete').set(h.auth(token));
    expect(complete.body.map((r: { student_name: string }) => r.student_name)).toEqual(['Done Kid']);
    const paged = await h.api.get('/api/applications/?page_size=1').set(h.auth(token));
    expect(paged.body).toHaveLength(1);
    expect(paged.headers['x-next-cursor']).toBeTruthy();
    // Another dual school's staff does not see them.
    const seeded = await h.api.get('/api/applications/').set(h.auth(await h.login(DEMO.admissions)));
    expect(seeded.status).toBe(200);
    expect(seeded.body.map((r: { id: number }) => r.id)).not.toContain(res.body[0].id);
  });

  it('refuses the list to staff of a school without the dual school, parents and students', async () => {
    const lincoln = await h.api.get('/api/applications/').set(h.auth(await h.login(DEMO.admin)));
    expect(lincoln.status).toBe(403);
    expect(lincoln.body).toMatchObject({ error: 'Only staff of Dual School review admission applications.' });
    expect((await h.api.get('/api/applications/').set(h.auth((await applicant()).token))).status).toBe(403);
    expect((await h.api.get('/api/applications/')).status).toBe(401);
  });

  it('shows one application to staff with its form and transcripts', async () => {
    const { app, parent } = await submitted();
    const res = await h.api.get(`/api/applications/${app.id}/`).set(h.auth(staffToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: app.id, application_status: 'complete', parent: { id: parent.id } });
    expect(res.body.form_data).toHaveLength(9);
    expect(res.body.transcripts).toEqual([
      expect.objectContaining({ file_name: 'grades.pdf', content_type: 'application/pdf', url: expect.stringMatching(/^\/files\/transcripts\/\d+$/) }),
    ]);
    expect((await h.api.get(`/api/applications/${app.id}/`).set(h.auth(await h.login(DEMO.admissions)))).status).toBe(403);
    expect((await h.api.get(`/api/applications/99999999/`).set(h.auth(staffToken))).status).toBe(404);
  });

  it('accepts a complete application and emails the parent', async () => {
    const { app, parent } = await submitted();
    const res = await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(staffToken)).send({ decision: 'accepted', reason: '' });
    expect(res.status).toBe(200);
    expect(res.body.application_status).toBe('accepted');
    expect(await statusOf(parent.id)).toBe('accepted');
    const saved = await h.db.getRepository(Application).findOneByOrFail({ id: app.id });
    expect(saved.decidedAt).toBeInstanceOf(Date);
    const mail = await outboxFor(parent.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', subject: `Your ${dual.name} application has been accepted`, status: 'pending' });
    expect(mail[0].body).toContain('Riley Applicant');
    expect(mail[0].body).toContain(`${proposedSchoolYear(schoolYearStartOf(new Date().toISOString().slice(0, 10))).label} school year`);
    expect(mail[0].body).toContain('http://planner.test/enrollment-contract');
    // The parent's header and status follow.
    const me = await h.api.get('/api/current-user/').set(h.auth(await h.tokenFor(parent)));
    expect(me.body.application_status).toBe('accepted');
    // Deciding again is refused.
    const again = await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(staffToken)).send({ decision: 'declined', reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'Only submitted applications (status complete) can be declined.' });
  });

  it('declines a complete application with a reason and emails it', async () => {
    const { app, parent } = await submitted();
    const noReason = await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(staffToken)).send({ decision: 'declined' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ error: 'Please give a reason for declining the application.' });
    const res = await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(staffToken)).send({ decision: 'declined', reason: 'No seats left for grade 9.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ application_status: 'declined', decision_reason: 'No seats left for grade 9.' });
    expect(await statusOf(parent.id)).toBe('declined');
    const mail = await outboxFor(parent.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`An update on your ${dual.name} application`);
    expect(mail[0].body).toContain('Reason: No seats left for grade 9.');
    // A declined application stays closed to the parent.
    expect((await patchApp(await h.tokenFor(parent), { form_data: [], application_status: 'in_progress' })).status).toBe(409);
  });

  it('accepts only complete applications, and only by staff of its dual school', async () => {
    const { parent, token } = await applicant();
    const draft = await patchApp(token, { form_data: [{ step: 1, title: 't', data: { studentFullName: 'Kid' } }], application_status: 'in_progress' });
    const res = await h.api.post(`/api/applications/${draft.body.id}/decision/`).set(h.auth(staffToken)).send({ decision: 'accepted' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'Only submitted applications (status complete) can be accepted.' });
    expect(await statusOf(parent.id)).toBe('in_progress');
    expect(await outboxFor(parent.email)).toHaveLength(0);

    const { app } = await submitted();
    const bad = await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(staffToken)).send({ decision: 'enrolled' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'decision must be accepted or declined.' });
    expect(
      (
        await h.api
          .post(`/api/applications/${app.id}/decision/`)
          .set(h.auth(await h.login(DEMO.admissions)))
          .send({ decision: 'accepted' })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.api
          .post(`/api/applications/${app.id}/decision/`)
          .set(h.auth(await h.login(DEMO.admin)))
          .send({ decision: 'accepted' })
      ).status,
    ).toBe(403);
    expect((await h.api.post(`/api/applications/${app.id}/decision/`).set(h.auth(token)).send({ decision: 'accepted' })).status).toBe(403);
    expect((await h.api.post(`/api/applications/99999999/decision/`).set(h.auth(staffToken)).send({ decision: 'accepted' })).status).toBe(404);
    expect(await statusOf(app.parentId)).toBe('complete');
  });
});

const APPLICATION = `{ application { id applicationStatus submittedAt formData { step title data } } }`;
const SAVE = `mutation ($formData: [ApplicationStepInput!]!, $status: ApplicationStatus!) {
  saveApplication(formData: $formData, applicationStatus: $status) { id applicationStatus submittedAt formData { step data } } }`;
const LIST = `query ($first: Int, $after: String, $status: ApplicationStatus) {
  applications(first: $first, after: $after, status: $status) {
    totalCount hasNextPage endCursor
    nodes { id studentName applicationStatus submittedAt parent { firstName email } } } }`;
const ONE = `query ($id: Int!) { admissionApplication(id: $id) { id applicationStatus parent { email } transcripts { fileName url size } formData { step title data } } }`;
const DECIDE = `mutation ($id: Int!, $decision: ApplicationDecision!, $reason: String) { decideApplication(id: $id, decision: $decision, reason: $reason) { id applicationStatus decisionReason } }`;

describe('admissions on GraphQL', () => {
  it('reads, saves and submits the caller own application', async () => {
    const { token } = await applicant();
    const empty = await h.gql(APPLICATION, {}, token);
    expect(empty.data!.application).toEqual({ id: null, applicationStatus: 'not_started', submittedAt: null, formData: [] });
    const saved = await h.gql(SAVE, { formData: [{ step: 1, title: 'Applicant Information', data: { studentFullName: 'Gql Kid' } }], status: 'in_progress' }, token);
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.saveApplication).toMatchObject({ applicationStatus: 'in_progress', formData: [{ step: 1, data: { studentFullName: 'Gql Kid' } }] });
    const missing = await h.gql(SAVE, { formData: [], status: 'complete' }, token);
    expect(missing.code).toBe('BAD_USER_INPUT');
    expect(missing.errors![0].message).toMatch(/^Please complete the required fields: Date of Birth, /);
    const done = await h.gql(SAVE, { formData: toRecords(completeValues({ studentFullName: 'Gql Kid' })), status: 'complete' }, token);
    expect(done.data!.saveApplication.applicationStatus).toBe('complete');
    expect(done.data!.saveApplication.submittedAt).toEqual(expect.any(String));
    const after = await h.gql(SAVE, { formData: [], status: 'in_progress' }, token);
    expect(after.code).toBe('CONFLICT');
    expect((await h.gql(APPLICATION, {}, await h.login(DEMO.parent))).code).toBe('FORBIDDEN');
  });

  it('lets staff list, open and decide, batching parents and transcripts', async () => {
    const school = await buildDualSchool(h);
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const makeSubmitted = async (name: string) => {
      const parent = await buildApplicant(h, school);
      const t = await h.tokenFor(parent);
      await upload(t, `${name}.pdf`, SAMPLE_FILES.pdf);
      await patchApp(t, { form_data: completeRecords({ studentFullName: name }), application_status: 'complete' });
      return parent;
    };
    await makeSubmitted('Kid A');
    await makeSubmitted('Kid B');

    const list = await h.gql(LIST, { first: 1 }, token);
    expect(list.errors).toBeUndefined();
    expect(list.data!.applications).toMatchObject({ totalCount: 2, hasNextPage: true, nodes: [{ studentName: 'Kid B', applicationStatus: 'complete' }] });
    expect(list.data!.applications.nodes[0].parent.firstName).toBe('Pat');
    const next = await h.gql(LIST, { first: 1, after: list.data!.applications.endCursor }, token);
    expect(next.data!.applications.nodes[0].studentName).toBe('Kid A');

    const id = list.data!.applications.nodes[0].id;
    const one = await h.gql(ONE, { id }, token);
    expect(one.data!.admissionApplication.transcripts).toEqual([
      { fileName: 'Kid B.pdf', url: expect.stringMatching(/^\/files\/transcripts\/\d+$/), size: SAMPLE_FILES.pdf.length },
    ]);
    expect(one.data!.admissionApplication.formData.map((r: { title: string }) => r.title)).toContain('Signature & Acknowledgment');

    // The statement count of the list does not grow with the number of applications.
    const schema = await buildAppSchema();
    const run = async () => {
      const caller = await h.services.accounts.authenticate(token);
      const contextValue = { caller, ip: 'test', db: h.db, config: h.config, services: h.services, loaders: createLoaders(h.db) };
      const { result, statements } = await countQueries(() => graphql({ schema, source: LIST, variableValues: { first: 50 }, contextValue }));
      expect(result.errors).toBeUndefined();
      return { rows: (result.data as any).applications.nodes.length as number, statements: statements.length };
    };
    const before = await run();
    await makeSubmitted('Kid C');
    await makeSubmitted('Kid D');
    const afterMore = await run();
    expect(before.rows).toBe(2);
    expect(afterMore.rows).toBe(4);
    expect(afterMore.statements).toBe(before.statements);

    const declined = await h.gql(DECIDE, { id, decision: 'declined', reason: 'Incomplete transcript.' }, token);
    expect(declined.data!.decideApplication).toEqual({ id, applicationStatus: 'declined', decisionReason: 'Incomplete transcript.' });
    const accepted = await h.gql(DECIDE, { id: list.data!.applications.nodes[0].id, decision: 'accepted' }, token);
    expect(accepted.code).toBe('CONFLICT');
    const parentTry = await h.gql(LIST, {}, (await applicant()).token);
    expect(parentTry.code).toBe('FORBIDDEN');
  });
});
