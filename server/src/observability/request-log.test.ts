/**
 * The request log, read from real requests: one JSON line per request with the request id, method,
 * route pattern, status, duration and caller; and nothing a district must not find in a log file.
 * A password, a session token, a reset link (its path and a query string) and a student's name are
 * sent through the app, and the captured log text is searched for each of them.
 */
import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { DEMO, DEMO_PASSWORD, useHarness } from '../test/harness.js';
import { logLevelFromEnv } from './log-level.js';
import { createLogger } from './logger.js';
import { requestId } from './request-facts.js';

const h = useHarness();

const NEW_PASSWORD = 'Lantern-Orchard-9917!';
const RESET_UID = 'OTg3NjU0';
const RESET_TOKEN = 'd4e5f6-reset-8c1b2a0f';
const QUERY_TOKEN = 'qs-secret-73f1c9';
const STUDENT_FIRST = 'Zephyrine';
const STUDENT_LAST = 'Quillfeather';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let built: BuiltApp;
let server: http.Server;
let api: ReturnType<typeof request>;
const written: string[] = [];

/** The one line of the request with this id (waits for the response's end to be logged). */
async function lineOf(reqId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const found = written.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === reqId);
    if (found.length) {
      expect(found, `lines of ${reqId}`).toHaveLength(1);
      return found[0];
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`No log line for request ${reqId}:\n${written.join('')}`);
}

beforeAll(async () => {
  const logger = createLogger({ level: 'info' }, { write: (line: string) => void written.push(line) });
  built = await buildApp(h.db, { ...h.config, metricsToken: '' }, h.kind, { logger });
  server = built.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  api = request(server);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await built.stop();
});

describe('one JSON line per request', () => {
  it('logs sign-in, a signed-in read, a reset link, a GraphQL search and a sign-up with the route pattern, never the secrets or names', async () => {
    const admin = await h.userByEmail(DEMO.admin);

    const login = await api.post('/api/login/').set('X-Request-Id', 'lb-login.1').send({ email: DEMO.admin, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers['x-request-id']).toBe('lb-login.1');
    const token = login.body.token as string;
    const signIn = await lineOf('lb-login.1');
    expect(signIn).toEqual({
      level: 'info',
      time: expect.any(String),
      pid: process.pid,
      reqId: 'lb-login.1',
      method: 'POST',
      route: '/api/login/',
      status: 200,
      durationMs: expect.any(Number),
      msg: 'request completed',
    });

    const me = await api.get('/api/current-user/').set('Authorization', `Bearer ${token}`).set('Cookie', `session=${token}`).set('X-Request-Id', 'me-2');
    expect(me.status).toBe(200);
    expect(await lineOf('me-2')).toMatchObject({ method: 'GET', route: '/api/current-user/', status: 200, userId: admin.id });

    const reset = await api
      .post(`/api/reset-password/${RESET_UID}/${RESET_TOKEN}/?token=${QUERY_TOKEN}`)
      .set('X-Request-Id', 'reset-3')
      .send({ password: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect(reset.status).toBe(400);
    const resetLine = await lineOf('reset-3');
    expect(resetLine).toMatchObject({ method: 'POST', route: '/api/reset-password/:uidb64/:token/', status: 400 });
    expect(resetLine).not.toHaveProperty('userId');

    const search = await api
      .post('/graphql')
      .set('Authorization', `Token ${token}`)
      .set('X-Request-Id', 'gql-4')
      .send({ query: 'query FindStudents($search: String) { students(search: $search, first: 5) { hasNextPage } }', variables: { search: STUDENT_LAST } });
    expect(search.status).toBe(200);
    expect(search.body.errors).toBeUndefined();
    expect(await lineOf('gql-4')).toMatchObject({ method: 'POST', route: '/graphql', status: 200, operation: 'FindStudents', userId: admin.id });

    const signUp = await api.post('/api/register/').set('X-Request-Id', 'signup-5').send({
      first_name: STUDENT_FIRST,
      last_name: STUDENT_LAST,
      email: 'zephyrine.quillfeather@students.example',
      password: NEW_PASSWORD,
      code: 'NO-SUCH-CODE',
    });
    expect(signUp.status).toBeGreaterThanOrEqual(400);
    expect(await lineOf('signup-5')).toMatchObject({ method: 'POST', route: '/api/register/', status: signUp.status });

    const log = written.join('');
    for (const secret of [
      DEMO_PASSWORD,
      NEW_PASSWORD,
      token,
      RESET_UID,
      RESET_TOKEN,
      QUERY_TOKEN,
      STUDENT_FIRST,
      STUDENT_LAST,
      'zephyrine',
      DEMO.admin,
      'Bearer',
      'session=',
    ]) {
      expect(log, `"${secret}" in the log`).not.toContain(secret);
    }
  });

  it('names unmatched routes "unmatched", never their URL', async () => {
    const res = await api.get(`/api/no-such-route/${RESET_TOKEN}/?token=${QUERY_TOKEN}`).set('X-Request-Id', 'nothing-here');
    expect(res.status).toBe(404);
    expect(await lineOf('nothing-here')).toMatchObject({ method: 'GET', route: 'unmatched', status: 404 });
    expect(written.join('')).not.toContain(QUERY_TOKEN);
  });

  it('writes a failed request at level error with its route', async () => {
    vi.spyOn(built.deps.services.blogs, 'list').mockRejectedValueOnce(new Error('boom'));
    const res = await api.get('/api/blogs/').set('X-Request-Id', 'fails-500');
    expect(res.status).toBe(500);
    expect(await lineOf('fails-500')).toMatchObject({ level: 'error', route: '/api/blogs/', status: 500, msg: 'request failed' });
  });

  it('writes nothing below its level', async () => {
    const quiet: string[] = [];
    const app = await buildApp(h.db, { ...h.config, metricsToken: '' }, h.kind, {
      logger: createLogger({ level: 'warn' }, { write: (l: string) => void quiet.push(l) }),
    });
    try {
      expect((await request(app.app).get('/api/blogs/')).status).toBe(200);
      expect(quiet).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});

describe('other log lines', () => {
  it("keep an error's message but not the values of a failed query", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const err = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      query: 'INSERT INTO users (email, first_name) VALUES ($1, $2)',
      parameters: ['zephyrine.q@students.example', STUDENT_FIRST],
      detail: 'Key (email)=(zephyrine.q@students.example) already exists.',
      driverError: { detail: 'Key (email)=(zephyrine.q@students.example) already exists.' },
    });
    logger.error({ reqId: 'r-1', err }, '[api] unexpected error');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 'error',
      reqId: 'r-1',
      msg: '[api] unexpected error',
      err: { message: 'duplicate key value violates unique constraint "users_email_key"' },
    });
    expect(lines[0]).not.toContain('zephyrine');
    expect(lines[0]).not.toContain(STUDENT_FIRST);
  });
});

describe('X-Request-Id', () => {
  it('generates an id when none is sent, and echoes it', async () => {
    const res = await api.get('/api/blogs/');
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(await lineOf(res.headers['x-request-id'])).toMatchObject({ route: '/api/blogs/' });
  });

  it('replaces a hostile or oversized id by a fresh one', async () => {
    for (const hostile of ['x'.repeat(129), 'a"b c', '{"level":"fatal"}', 'y'.repeat(10_000)]) {
      const res = await api.get('/api/blogs/').set('X-Request-Id', hostile);
      expect(res.status).toBe(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(await lineOf(id)).toMatchObject({ route: '/api/blogs/' });
    }
    expect(written.join('')).not.toContain('y'.repeat(200));
  });

  it('never keeps line breaks or control characters (which no HTTP client sends, but a raw socket could try)', () => {
    const set: Record<string, string> = {};
    const res = { setHeader: (k: string, v: string) => (set[k] = v) } as unknown as ServerResponse;
    for (const hostile of ['abc\n{"level":"fatal","msg":"forged"}', 'abc\r\ndef', 'tab\there', '']) {
      const id = requestId({ headers: { 'x-request-id': hostile } } as unknown as IncomingMessage, res);
      expect(id).toMatch(UUID);
      expect(set['X-Request-Id']).toBe(id);
    }
    expect(requestId({ headers: { 'x-request-id': 'k8s-ingress_7.Z' } } as unknown as IncomingMessage, res)).toBe('k8s-ingress_7.Z');
  });
});

describe('LOG_LEVEL and METRICS_TOKEN', () => {
  it('reads LOG_LEVEL, quiet under tests by default, and refuses an unknown level', () => {
    expect(logLevelFromEnv({ LOG_LEVEL: 'WARN' })).toBe('warn');
    expect(logLevelFromEnv({ NODE_ENV: 'production' })).toBe('info');
    expect(logLevelFromEnv({ NODE_ENV: 'test' })).toBe('silent');
    expect(() => logLevelFromEnv({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
  });

  it('refuses a METRICS_TOKEN a scraper could guess', () => {
    const before = process.env.METRICS_TOKEN;
    try {
      process.env.METRICS_TOKEN = 'short';
      expect(() => loadConfig()).toThrow('METRICS_TOKEN must be at least 16 printable characters');
      process.env.METRICS_TOKEN = 'sixteen chars ok but spaces';
      expect(() => loadConfig()).toThrow('METRICS_TOKEN must be at least 16 printable characters');
      process.env.METRICS_TOKEN = 'a3f9c2e1b7d64f08a3f9c2e1b7d64f08';
      expect(loadConfig().metricsToken).toBe('a3f9c2e1b7d64f08a3f9c2e1b7d64f08');
      process.env.METRICS_TOKEN = '';
      expect(loadConfig().metricsToken).toBe('');
    } finally {
      if (before === undefined) delete process.env.METRICS_TOKEN;
      else process.env.METRICS_TOKEN = before;
    }
  });
});
