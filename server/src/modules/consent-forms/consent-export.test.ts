/** POST /api/export-parent-forms/: a streamed ZIP of one grade's completed forms, for staff of the school. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { DEMO, useHarness } from '../../test/harness.js';
import type { School } from '../schools/school.entity.js';
import { bulkCompletedForms, buildPdf, consentSchool, insertForm, studentWithGuardian } from './consent-forms.factories.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';
import { readZip } from './testing/zip-reader.js';

const h = useHarness();

let school: School;
let staffToken: string;
let forms: Map<number, { firstName: string; lastName: string; pdf: Buffer }>;

beforeAll(async () => {
  school = await consentSchool(h, { name: 'Export High' });
  staffToken = await h.tokenFor(await h.buildStaff({ school }));
  forms = await bulkCompletedForms(h, school, '11', 300);
  // Not exported: other states, another grade, another school.
  await insertForm(h, await studentWithGuardian(h, school, { grade: '11' }), 'student_signed', await buildPdf(['Half signed']));
  await insertForm(h, await studentWithGuardian(h, school, { grade: '11' }), 'admin_signed', null);
  await bulkCompletedForms(h, school, '12', 3, 'Senior');
  await bulkCompletedForms(h, await consentSchool(h), '11', 3, 'Elsewhere');
});

/** POST and collect the body as bytes. */
function exportZip(body: Record<string, unknown>, token = staffToken) {
  return h.api
    .post('/api/export-parent-forms/')
    .set(h.auth(token))
    .send(body)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}
const json = (res: { body: Buffer }) => JSON.parse(res.body.toString('utf8'));

describe('export-parent-forms', () => {
  it('streams every completed form of the grade, one PDF per student named {last}_{first}_{id}.pdf', async () => {
    const res = await exportZip({ grade: '11', school_id: school.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Grade_11_Parent_Forms.zip"');
    const entries = readZip(res.body);
    expect(entries).toHaveLength(300);
    const seen = new Set<number>();
    for (const entry of entries) {
      const m = /^(Last\d{4})_(Bulk\d+)_(\d+)\.pdf$/.exec(entry.name);
      expect(m, entry.name).not.toBeNull();
      const id = Number(m![3]);
      const form = forms.get(id)!;
      expect(form, entry.name).toBeDefined();
      expect([m![1], m![2]]).toEqual([form.lastName, form.firstName]);
      expect(Buffer.compare(entry.data, form.pdf)).toBe(0);
      expect(await pdfText(entry.data)).toContain(`${form.firstName} ${form.lastName}`);
      seen.add(id);
    }
    expect(seen.size).toBe(300);
  });

  it('records each exported student in the access log', async () => {
    const staff = await h.buildStaff({ school });
    const res = await exportZip({ grade: '12', school_id: String(school.id) }, await h.tokenFor(staff));
    expect(res.status).toBe(200);
    expect(
      readZip(res.body)
        .map((e) => e.name.split('_')[1])
        .sort(),
    ).toEqual(['Senior1', 'Senior2', 'Senior3']);
    const log = await h.db.query(
      `SELECT a.student_id, a.action, a.reason, u.grade FROM student_record_access a JOIN users u ON u.id = a.student_id WHERE a.actor_user_id = $1`,
      [staff.id],
    );
    expect(log).toHaveLength(3);
    for (const row of log) expect(row).toMatchObject({ action: 'consent_form_export', reason: 'export', grade: '12' });
  });

  it('answers 404 with the spec message when no form of the grade is complete', async () => {
    const res = await exportZip({ grade: '9', school_id: school.id });
    expect(res.status).toBe(404);
    expect(json(res)).toMatchObject({ error: 'No completed parent forms found for the selected grade and school.' });
  });

  it('refuses bad input with 400', async () => {
    for (const [body, message] of [
      [{ school_id: school.id }, 'Please choose a grade.'],
      [{ grade: '  ', school_id: school.id }, 'Please choose a grade.'],
      [{ grade: '11' }, 'school_id must be a whole number.'],
      [{ grade: '11', school_id: 'abc' }, 'school_id must be a whole number.'],
      [{ grade: '11', school_id: 1.5 }, 'school_id must be a whole number.'],
    ] as const) {
      const res = await exportZip(body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(json(res)).toMatchObject({ error: message });
    }
  });

  it('refuses staff of another school, students, parents and callers without a token', async () => {
    const outsider = await h.tokenFor(await h.buildStaff({ school: await consentSchool(h) }));
    expect((await exportZip({ grade: '11', school_id: school.id }, outsider)).status).toBe(403);
    expect((await exportZip({ grade: '11', school_id: school.id }, await h.login(DEMO.admin))).status).toBe(403);
    const student = await studentWithGuardian(h, school);
    expect((await exportZip({ grade: '11', school_id: school.id }, await h.tokenFor(student))).status).toBe(403);
    expect((await h.api.post('/api/export-parent-forms/').send({ grade: '11', school_id: school.id })).status).toBe(401);
  });

  it('refuses a school that does not use consent forms', async () => {
    const off = await h.buildSchool({ parentFormEnabled: false });
    const res = await exportZip({ grade: '11', school_id: off.id }, await h.tokenFor(await h.buildStaff({ school: off })));
    expect(res.status).toBe(403);
    expect(json(res)).toMatchObject({ error: 'Parent consent forms are not used at this school.' });
  });
});

describe('export streaming', () => {
  let built: BuiltApp;
  let server: http.Server;
  beforeAll(async () => {
    built = await buildApp(h.db, { ...h.config, consentExportBatchSize: 10 }, h.kind);
    server = built.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await built.stop();
  });

  it('sends the first bytes before it has read all the rows', async () => {
    const spy = vi.spyOn(h.db, 'query');
    const batchesRead = () => spy.mock.calls.filter(([sql]) => String(sql).includes('consent export batch')).length;
    try {
      const { batchesAtFirstByte, body, encoding } = await new Promise<{ batchesAtFirstByte: number; body: Buffer; encoding: string | undefined }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: (server.address() as AddressInfo).port,
            path: '/api/export-parent-forms/',
            method: 'POST',
            // A browser's Accept-Encoding: the ZIP must still stream, not wait in a compressor.
            headers: { 'Content-Type': 'application/json', Authorization: `Token ${staffToken}`, 'Accept-Encoding': 'gzip, deflate, br' },
          },
          (res) => {
            let first = -1;
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => {
              if (first < 0 && c.length) first = batchesRead();
              chunks.push(c);
            });
            res.on('end', () => resolve({ batchesAtFirstByte: first, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ grade: '11', school_id: school.id }));
      });
      // 300 rows in batches of 10: 30 batches, plus one empty read at the end.
      expect(batchesRead()).toBeGreaterThanOrEqual(30);
      expect(batchesAtFirstByte).toBeGreaterThanOrEqual(0);
      expect(batchesAtFirstByte).toBeLessThan(batchesRead() / 2);
      expect(encoding).toBeUndefined();
      expect(readZip(body)).toHaveLength(300);
    } finally {
      spy.mockRestore();
    }
  });
});
