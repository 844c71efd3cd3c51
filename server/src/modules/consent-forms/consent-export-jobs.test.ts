/** The queued consent-form export: GraphQL start and progress, a worker building the ZIP into the database, the download. */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { EXPORT_CLEANUP_QUEUE, ExportChunkWriter, readExportChunks } from '../exports/export-store.js';
import type { School } from '../schools/school.entity.js';
import { CONSENT_EXPORT_QUEUE } from './consent-exports.service.js';
import { bulkCompletedForms, consentSchool, studentWithGuardian } from './consent-forms.factories.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';
import { readZip } from './testing/zip-reader.js';

const h = useHarness();

let school: School;
let staffToken: string;
let forms: Map<number, { firstName: string; lastName: string; pdf: Buffer }>;

beforeAll(async () => {
  school = await consentSchool(h, { name: 'Queue High' });
  staffToken = await h.tokenFor(await h.buildStaff({ school }));
  // 120 forms: twelve batches of the default CONSENT_EXPORT_BATCH_SIZE (10).
  forms = await bulkCompletedForms(h, school, '11', 120);
  await bulkCompletedForms(h, school, '12', 2, 'Senior');
});

/** A worker of the export queues only, as every replica runs it. */
function exportWorker(): JobWorker {
  const all = backgroundHandlers(h.db, h.services, {}, 0);
  return new JobWorker(h.db, { [CONSENT_EXPORT_QUEUE]: all[CONSENT_EXPORT_QUEUE], [EXPORT_CLEANUP_QUEUE]: all[EXPORT_CLEANUP_QUEUE] }, { backoffBaseSeconds: 0 });
}

const FIELDS = 'id state schoolId grade formsDone formsTotal error fileName downloadPath expiresAt';

async function start(grade: string, schoolId = school.id, token = staffToken) {
  return h.gql(`mutation($grade: String!, $schoolId: Int!) { startParentFormsExport(grade: $grade, schoolId: $schoolId) { ${FIELDS} } }`, { grade, schoolId }, token);
}

async function progress(id: string, token = staffToken) {
  return h.gql(`query($id: ID!) { parentFormsExport(id: $id) { ${FIELDS} } }`, { id }, token);
}

function download(path: string, token = staffToken) {
  return h.api
    .get(path)
    .set(h.auth(token))
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

async function expectAllForms(zip: Buffer): Promise<void> {
  const entries = readZip(zip);
  expect(entries).toHaveLength(forms.size);
  for (const entry of entries) {
    const id = Number(/_(\d+)\.pdf$/.exec(entry.name)![1]);
    const form = forms.get(id)!;
    expect(entry.name).toBe(`${form.lastName}_${form.firstName}_${id}.pdf`);
    expect(Buffer.compare(entry.data, form.pdf)).toBe(0);
  }
  expect(await pdfText(entries[0].data)).toMatch(/Bulk\d+ Last\d{4}/);
}

const exportRow = async (id: string) => (await h.db.query(`SELECT state, done_count, total_count, run_id FROM exports WHERE id = $1`, [id]))[0];
const chunkRuns = async (id: string) =>
  (await h.db.query(`SELECT DISTINCT run_id FROM export_chunks WHERE export_id = $1`, [id])).map((r: { run_id: string }) => r.run_id);

describe('queued consent-form export', () => {
  it('is queued by the mutation, built by a worker with its progress, and downloaded as a ZIP of the PDFs', async () => {
    const started = await start('11');
    expect(started.errors).toBeUndefined();
    const queued = started.data!.startParentFormsExport;
    expect(queued).toMatchObject({
      state: 'queued',
      schoolId: school.id,
      grade: '11',
      formsDone: 0,
      error: null,
      fileName: 'Grade_11_Parent_Forms.zip',
      downloadPath: null,
    });
    const ttl = new Date(queued.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    expect(await exportWorker().runOnce()).toBeGreaterThanOrEqual(1);
    const done = (await progress(queued.id)).data!.parentFormsExport;
    expect(done).toMatchObject({ state: 'done', formsDone: 120, formsTotal: 120, error: null, downloadPath: `/api/parent-form-exports/${queued.id}/download/` });

    const res = await download(done.downloadPath);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Grade_11_Parent_Forms.zip"');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    await expectAllForms(res.body);
  });

  it('survives a restart: a worker stopped mid-export puts it back, and a new worker builds it from the start', async () => {
    const id = (await start('11')).data!.startParentFormsExport.id;
    const first = exportWorker();
    const run = first.runOnce();
    await first.stop(); // asks the running export to stop at its next batch
    await run;
    const stopped = await exportRow(id);
    expect(stopped).toMatchObject({ state: 'running', done_count: h.config.consentExportBatchSize, total_count: 120 });
    const [job] = await h.db.query(`SELECT status, attempts FROM jobs WHERE queue = $1 AND payload->>'exportId' = $2`, [CONSENT_EXPORT_QUEUE, id]);
    expect(job).toEqual({ status: 'pending', attempts: 0 });

    await exportWorker().runOnce();
    const done = await exportRow(id);
    expect(done).toMatchObject({ state: 'done', done_count: 120 });
    expect(await chunkRuns(id)).toEqual([done.run_id]);
    expect(done.run_id).not.toBe(stopped.run_id);
    await expectAllForms((await download(`/api/parent-form-exports/${id}/download/`)).body);
  });

  it("takes over a crashed replica's export once its lease lapses, dropping what the dead run wrote", async () => {
    const id = (await start('11')).data!.startParentFormsExport.id;
    // A replica claimed the job, wrote a chunk, and died: its heartbeat stopped and the lease lapsed.
    await h.db.query(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead', locked_at = now() - interval '2 minutes', lease_expires_at = now() - interval '1 second'
        WHERE queue = $1 AND payload->>'exportId' = $2`,
      [CONSENT_EXPORT_QUEUE, id],
    );
    await h.db.query(`UPDATE exports SET state = 'running', run_id = 'dead-run', done_count = 50 WHERE id = $1`, [id]);
    await h.db.query(`INSERT INTO export_chunks (export_id, run_id, seq, data) VALUES ($1, 'dead-run', 0, '\\x504b0304')`, [id]);
    await exportWorker().runOnce();
    const done = await exportRow(id);
    expect(done.state).toBe('done');
    expect(await chunkRuns(id)).toEqual([done.run_id]);
    await expectAllForms((await download(`/api/parent-form-exports/${id}/download/`)).body);
  });

  it('is never built twice when two workers (replicas) poll at once: each student is read once', async () => {
    const staff = await h.buildStaff({ school });
    const id = (await start('11', school.id, await h.tokenFor(staff))).data!.startParentFormsExport.id;
    const [a, b] = [exportWorker(), exportWorker()];
    const ran = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ran.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await exportRow(id)).state).toBe('done');
    const [{ reads, students }] = await h.db.query(
      `SELECT count(*)::int AS reads, count(DISTINCT student_id)::int AS students FROM student_record_access WHERE actor_user_id = $1 AND action = 'consent_form_export'`,
      [staff.id],
    );
    expect({ reads, students }).toEqual({ reads: 120, students: 120 });
  });

  it("answers the direct export's refusals at once, and hides another school's exports", async () => {
    expect((await start('9')).errors![0]).toMatchObject({
      message: 'No completed parent forms found for the selected grade and school.',
      extensions: { code: 'NOT_FOUND' },
    });
    expect((await start(' ')).errors![0]).toMatchObject({ message: 'Please choose a grade.', extensions: { code: 'BAD_USER_INPUT' } });
    const other = await consentSchool(h);
    const outsider = await h.tokenFor(await h.buildStaff({ school: other }));
    expect((await start('11', school.id, outsider)).code).toBe('FORBIDDEN');
    expect((await start('11', school.id, await h.tokenFor(await studentWithGuardian(h, school)))).code).toBe('FORBIDDEN');
    expect((await start('11', school.id, null as unknown as string)).code).toBe('UNAUTHENTICATED');
    const off = await h.buildSchool({ parentFormEnabled: false });
    expect((await start('11', off.id, await h.tokenFor(await h.buildStaff({ school: off })))).errors![0].message).toBe(
      'Parent consent forms are not used at this school.',
    );

    const id = (await start('12')).data!.startParentFormsExport.id;
    // Not built yet: nothing to download.
    const early = await download(`/api/parent-form-exports/${id}/download/`);
    expect(early.status).toBe(404);
    expect(JSON.parse(early.body.toString())).toMatchObject({ error: 'The export is not finished yet.' });
    await exportWorker().runOnce();
    expect((await progress(id, outsider)).code).toBe('NOT_FOUND');
    expect((await download(`/api/parent-form-exports/${id}/download/`, outsider)).status).toBe(404);
    expect((await download(`/api/parent-form-exports/${id}/download/`, await h.login(DEMO.admin))).status).toBe(404);
    expect((await h.api.get(`/api/parent-form-exports/${id}/download/`)).status).toBe(401);
    // Not an export id at all: bad input, not "not found" (core/ids.ts).
    expect((await download('/api/parent-form-exports/not-an-id/download/')).status).toBe(400);
    // Another staff member of the school may download it.
    const colleague = await h.tokenFor(await h.buildStaff({ school }));
    const res = await download(`/api/parent-form-exports/${id}/download/`, colleague);
    expect(
      readZip(res.body)
        .map((e) => e.name.split('_')[1])
        .sort(),
    ).toEqual(['Senior1', 'Senior2']);
  });

  it('expires: the download is refused, and the cleanup job deletes the export and its chunks', async () => {
    const id = (await start('12')).data!.startParentFormsExport.id;
    await exportWorker().runOnce();
    await h.db.query(`UPDATE exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const res = await download(`/api/parent-form-exports/${id}/download/`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'This export has expired. Please export again.' });
    // The cleanup queued with the export is due at its expiry.
    await h.db.query(`UPDATE jobs SET run_at = now() WHERE queue = $1 AND status = 'pending'`, [EXPORT_CLEANUP_QUEUE]);
    await exportWorker().runOnce();
    expect(await h.db.query(`SELECT id FROM exports WHERE id = $1`, [id])).toEqual([]);
    expect(await h.db.query(`SELECT seq FROM export_chunks WHERE export_id = $1`, [id])).toEqual([]);
  });
});

describe('student deletion', () => {
  it("deletes the stored exports of the student's grade, which may hold a copy of their form", async () => {
    const own = await consentSchool(h);
    const token = await h.tokenFor(await h.buildStaff({ school: own }));
    await bulkCompletedForms(h, own, '9', 1, 'Ninth');
    const gone = await bulkCompletedForms(h, own, '10', 2, 'Tenth');
    const ninth = (await start('9', own.id, token)).data!.startParentFormsExport.id;
    const tenth = (await start('10', own.id, token)).data!.startParentFormsExport.id;
    await exportWorker().runOnce();
    const res = await h.api.delete(`/api/students/${[...gone.keys()][0]}/`).set(h.auth(token));
    expect(res.status).toBeLessThan(300);
    expect((await h.db.query(`SELECT id FROM exports WHERE id = ANY($1::uuid[])`, [[ninth, tenth]])).map((r: { id: string }) => r.id)).toEqual([ninth]);
  });
});

describe('export store', () => {
  it('stores a file as numbered chunks and reads it back one chunk at a time', async () => {
    const [{ id }] = await h.db.query(
      `INSERT INTO exports (kind, school_id, grade, file_name, expires_at) VALUES ('test', $1, '9', 'x.zip', now() + interval '1 hour') RETURNING id`,
      [school.id],
    );
    const data = crypto.randomBytes(3500);
    const out = new ExportChunkWriter(h.db, id, 'run-1', 1000);
    for (let i = 0; i < data.length; i += 300) out.write(data.subarray(i, i + 300));
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    expect(out.bytes).toBe(3500);
    const sizes = (await h.db.query(`SELECT length(data) AS n FROM export_chunks WHERE export_id = $1 ORDER BY seq`, [id])).map((r: { n: number }) => r.n);
    expect(sizes).toEqual([1200, 1200, 1100]);
    const read: Buffer[] = [];
    for await (const chunk of readExportChunks(h.db, id, 'run-1')) read.push(chunk as Buffer);
    expect(read).toHaveLength(3);
    expect(Buffer.compare(Buffer.concat(read), data)).toBe(0);
  });
});
