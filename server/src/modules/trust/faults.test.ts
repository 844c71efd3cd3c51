/**
 * Fault tests (issue 11), bounded and on loopback only:
 * - the database connection drops under the running app: a clear 503 meanwhile (REST and GraphQL),
 *   normal answers after. On a PostgreSQL server (DATABASE_URL) the app's connections are ended
 *   with pg_terminate_backend and new ones refused for the outage; on the embedded database the
 *   PGlite socket server is stopped and started again on the same port;
 * - a request aborted mid-upload leaves no partial rows;
 * - concurrent saves of the same plan and of the same application lose no update;
 * - 50 concurrent users for 5 s get no error.
 */
import http from 'node:http';
import pg from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { UNAVAILABLE_MESSAGE } from '../../core/errors.js';
import { makeDataSource, migrate } from '../../db/database.js';
import { seedDemoIfEmpty } from '../../db/seed.js';
import { DEMO, useHarness } from '../../test/harness.js';
import { buildApplicant, buildDualSchool, completeRecords, SAMPLE_FILES } from '../admissions/admissions.factories.js';
import { buildCourse } from '../pathways/pathways.factories.js';

const h = useHarness();

type Api = ReturnType<typeof request>;
const CURRENT_USER = 'query { currentUser { id } }';

async function gqlOn(api: Api, token: string, query: string) {
  const res = await api.post('/graphql').set('Authorization', `Token ${token}`).send({ query });
  return { status: res.status, code: res.body?.errors?.[0]?.extensions?.code, message: res.body?.errors?.[0]?.message, data: res.body?.data };
}

/** During the outage: REST answers 503 with the message, GraphQL the SERVICE_UNAVAILABLE code. */
async function expectUnavailable(api: Api, token: string): Promise<void> {
  const rest = await api.get('/api/current-user/').set('Authorization', `Token ${token}`);
  expect(rest.status).toBe(503);
  expect(rest.body).toMatchObject({ error: UNAVAILABLE_MESSAGE });
  expect(rest.headers['retry-after']).toBe('5');
  const gql = await gqlOn(api, token, CURRENT_USER);
  expect(gql.status).toBe(503);
  expect([gql.code, gql.message]).toEqual(['SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE]);
}

/** After it: normal answers again (a few tries while the pool replaces its dead connections). */
async function expectRecovered(api: Api, token: string): Promise<void> {
  let status = 0;
  for (let i = 0; i < 20 && status !== 200; i++) {
    status = (await api.get('/api/current-user/').set('Authorization', `Token ${token}`)).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  expect(status).toBe(200);
  for (let i = 0; i < 5; i++) expect((await api.get('/api/current-user/').set('Authorization', `Token ${token}`)).status).toBe(200);
  const gql = await gqlOn(api, token, CURRENT_USER);
  expect(gql.code).toBeUndefined();
  expect(gql.data.currentUser.id).toBeGreaterThan(0);
}

describe('faults', () => {
  it('the database connection drops under the running app: 503 with a clear message meanwhile, normal answers after', async () => {
    if (h.kind === 'server') {
      const token = await h.login(DEMO.admin);
      expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(200);
      const url = new URL(h.config.databaseUrl);
      const dbName = decodeURIComponent(url.pathname.slice(1));
      url.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      try {
        // The outage: no new connections to the app's database, and every open one ended.
        await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
        const ended = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [dbName]);
        expect(ended.rowCount).toBeGreaterThan(0);
        await expectUnavailable(h.api, token);
      } finally {
        await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await expectRecovered(h.api, token);
      return;
    }

    // Embedded: an app of its own over its own PGlite, whose socket server goes away and comes back.
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const lite = await PGlite.create();
    let socket = new PGLiteSocketServer({ db: lite, port: 0, host: '127.0.0.1', maxConnections: 1 });
    await socket.start();
    const conn = socket.getServerConn();
    const port = Number(conn.split(':').pop());
    const ds = makeDataSource(`postgres://postgres@${conn}/postgres?sslmode=disable`, 1, false);
    await ds.initialize();
    const built = await buildApp(ds, { ...h.config, databaseUrl: '' }, 'embedded');
    try {
      await migrate(ds);
      await seedDemoIfEmpty(ds);
      const [{ id }] = await ds.query(`SELECT id FROM users WHERE email = $1`, [DEMO.admin]);
      const token = await built.deps.services.accounts.issueToken(id);
      const api = request(built.app);
      expect((await api.get('/api/current-user/').set('Authorization', `Token ${token}`)).status).toBe(200);
      await socket.stop();
      await expectUnavailable(api, token);
      socket = new PGLiteSocketServer({ db: lite, port, host: '127.0.0.1', maxConnections: 1 });
      await socket.start();
      await expectRecovered(api, token);
    } finally {
      await built.stop();
      await ds.destroy().catch(() => {});
      await socket.stop().catch(() => {});
      await lite.close();
    }
  }, 60_000);

  it('a request aborted mid-upload leaves no partial rows, and the next upload works', async () => {
    const school = await buildDualSchool(h);
    const parent = await buildApplicant(h, school);
    const token = await h.tokenFor(parent);
    const countFiles = async () =>
      (await h.db.query(`SELECT count(*)::int AS n FROM transcript_files t JOIN applications a ON a.id = t.application_id WHERE a.parent_id = $1`, [parent.id]))[0].n;
    const before = await countFiles();

    const boundary = '----fault' + Date.now();
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    await new Promise<void>((resolve) => {
      const req = http.request(`${h.baseUrl}/api/application/`, {
        method: 'POST',
        headers: { Authorization: `Token ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + 400_000) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(head);
      req.write(Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(100_000, 0x20)]), () => setTimeout(() => req.destroy(), 100));
    });
    // A JSON save cut off mid-body, too.
    await new Promise<void>((resolve) => {
      const req = http.request(`${h.baseUrl}/api/application/`, {
        method: 'PATCH',
        headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json', 'Content-Length': '5000' },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write('{"form_data": [{"step": 1, "title": "Student", "data": {"studentFullName": "Half', () => setTimeout(() => req.destroy(), 100));
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await countFiles()).toBe(before);
    const app = await h.db.query(`SELECT form_data FROM applications WHERE parent_id = $1`, [parent.id]);
    expect(JSON.stringify(app)).not.toContain('Half');
    expect((await h.db.query(`SELECT application_status FROM users WHERE id = $1`, [parent.id]))[0].application_status).toBe('not_started');

    const ok = await h.api.post('/api/application/').set(h.auth(token)).attach('file', SAMPLE_FILES.pdf, 'whole.pdf');
    expect(ok.status).toBeLessThan(300);
    expect(await countFiles()).toBe(before + 1);
  });

  it('concurrent saves of the same plan lose no update', async () => {
    const school = await h.buildSchool({ fourYearPlanEnabled: true, hsFullAccessEnabled: true });
    const student = await h.buildStudent({ school });
    const token = await h.tokenFor(student);
    const courses = await Promise.all(Array.from({ length: 8 }, () => buildCourse(h, school)));
    const adds = await Promise.all(courses.map((c) => h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: c.id, term: '1' })));
    expect(adds.map((r) => r.status)).toEqual(courses.map(() => 201));
    const rows: { course_id: number; position: number }[] = await h.db.query(`SELECT course_id, position FROM scheduled_courses WHERE user_id = $1 AND term = '1'`, [
      student.id,
    ]);
    expect(rows.map((r) => r.course_id).sort()).toEqual(courses.map((c) => c.id).sort());
    expect(new Set(rows.map((r) => r.position)).size).toBe(courses.length);

    // The same course twice at once: one entry, the other call refused (never a server error).
    const extra = await buildCourse(h, school);
    const twice = await Promise.all([0, 1].map(() => h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: extra.id, term: '2' })));
    expect(
      twice.every((r) => r.status < 500),
      JSON.stringify(twice.map((r) => r.body)),
    ).toBe(true);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [student.id, extra.id]))[0].n).toBe(1);
  });

  it('concurrent saves of the same application lose no update', async () => {
    const school = await buildDualSchool(h);
    const parent = await buildApplicant(h, school);
    const token = await h.tokenFor(parent);
    const records = completeRecords();
    expect(records.length).toBeGreaterThan(3);
    const saves = await Promise.all(
      records.map((r) =>
        h.api
          .patch('/api/application/')
          .set(h.auth(token))
          .send({ form_data: [r], application_status: 'in_progress' }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(records.map(() => 200));
    const res = await h.api.get('/api/application/').set(h.auth(token));
    const saved = JSON.stringify(res.body);
    for (const r of records)
      for (const v of Object.values(r.data ?? {})) if (typeof v === 'string' && v) expect(saved, `step ${r.step}`).toContain(JSON.stringify(v).slice(1, -1));
  });

  it('50 concurrent users for 5 s get no error', async () => {
    const school = await h.buildSchool({ fourYearPlanEnabled: true, hsFullAccessEnabled: true });
    const course = await buildCourse(h, school);
    const tokens = await Promise.all(Array.from({ length: 50 }, async () => h.tokenFor(await h.buildStudent({ school }))));
    const paths = ['/api/current-user/', '/api/plan/', '/api/courses/', '/api/user-scheduled-courses/', `/api/get-course/${course.id}/`];
    const until = Date.now() + 5_000;
    const statuses: Record<number, number> = {};
    await Promise.all(
      tokens.map(async (token, i) => {
        for (let n = i; Date.now() < until; n++) {
          const res = await h.api.get(paths[n % paths.length]).set(h.auth(token));
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      }),
    );
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(100);
    expect(statuses).toEqual({ 200: total });
  }, 30_000);
});
