/**
 * The server stops the way a deploy, `docker compose down` or Ctrl-C stops it, and keeps its data.
 * Each test spawns the real server (`node --import tsx src/main.ts`, so no build is needed and
 * NODE_ENV is not "test": what runs is what production runs), writes rows through the API, stops
 * it with a signal, starts it again on the same data and reads every row back:
 * - SIGTERM: a request in flight finishes with its answer, new connections are refused, the
 *   process exits 0 within SHUTDOWN_GRACE_SECONDS;
 * - a roster import running at SIGTERM goes back to the queue and the next start finishes it;
 * - a request still running when the grace period ends is cut off, and the exit is still 0 in time;
 * - stalled uploads (multipart roster and course CSVs, one already refused) and stalled JSON bodies
 *   are closed at the deadline too: the process exits within the grace period plus 1.5 s, and no
 *   part of the cut-off roster file stays on disk;
 * - SIGKILL: the embedded data directory opens again, with every committed row.
 * The embedded variant always runs; the PostgreSQL variant runs when the test run has a server
 * (DATABASE_URL), on a database of its own, dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../db/seed.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GRACE_SECONDS = 10;
/** Booting on a fresh embedded data directory runs every migration: slow on a busy 2-core machine. */
const BOOT_TIMEOUT_MS = 120_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the signal sent to the exit. */
  ms: number;
}

const spawned = new Set<ChildProcess>();

class ServerProcess {
  output = '';
  origin = '';
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (d) => (this.output += d));
    child.stderr!.on('data', (d) => (this.output += d));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static async start(env: Record<string, string>): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        // Not "test": Apollo's own signal handlers (part of the old hang) are on outside tests.
        NODE_ENV: 'development',
        PORT: '0',
        DATABASE_URL: '',
        CLIENT_DIST: path.join(os.tmpdir(), 'planner-no-client'),
        SMTP_URL: '',
        BENCH: '',
        // The start and stop lines are read from the output.
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
        // Small batches: a roster import runs long enough to be caught part-way by a signal.
        ROSTER_BATCH_SIZE: '2',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned.add(child);
    const server = new ServerProcess(child);
    const started = Date.now();
    for (;;) {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(server.output);
      if (m) {
        server.origin = `http://127.0.0.1:${m[1]}`;
        return server;
      }
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server stopped while starting:\n${server.output}`);
      if (Date.now() - started > BOOT_TIMEOUT_MS) throw new Error(`The server did not start:\n${server.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get port(): number {
    return Number(new URL(this.origin).port);
  }

  /** Sends the signal and waits for the exit (at most `limitMs`, then kills it and fails). */
  async stop(signal: NodeJS.Signals, limitMs = (GRACE_SECONDS + 5) * 1000): Promise<Exit> {
    const sent = Date.now();
    this.child.kill(signal);
    return this.waitExit(sent, limitMs);
  }

  async waitExit(since: number, limitMs: number): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), Math.max(0, since + limitMs - Date.now()))));
    const exit = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (!exit) {
      this.child.kill('SIGKILL');
      throw new Error(`Still running ${limitMs} ms after the signal:\n${this.output}`);
    }
    spawned.delete(this.child);
    return { ...exit, ms: Date.now() - since };
  }

  async json(method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
    const res = await fetch(this.origin + p, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Token ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async signIn(): Promise<string> {
    const res = await this.json('POST', '/api/login/', { email: DEMO.admin, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return res.body.token;
  }

  /** Creates `n` courses at the admin's school; answers their ids and titles. */
  async writeCourses(token: string, prefix: string, n: number): Promise<{ id: number; title: string }[]> {
    const made = [];
    for (let i = 0; i < n; i++) {
      const title = `${prefix} course ${i}`;
      const res = await this.json('POST', '/api/courses/create/', { course_id: `${prefix}-${i}`, title, units: 3 }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push({ id: res.body.id, title });
    }
    return made;
  }

  async readCourses(token: string, courses: { id: number; title: string }[]): Promise<string[]> {
    const titles = [];
    for (const c of courses) {
      const res = await this.json('GET', `/api/get-course/${c.id}/`, undefined, token);
      titles.push(res.status === 200 ? res.body.title : `missing (${res.status})`);
    }
    return titles;
  }
}

/**
 * A JSON POST whose body arrives in two parts: the server has the request in flight until
 * `finish()` sends the rest. Answers the status and body of the response.
 */
function slowPost(
  port: number,
  path: string,
  payload: unknown,
  headers: Record<string, string> = {},
): {
  finish(): void;
  response: Promise<{ status: number; body: any; connection: string | undefined }>;
} {
  const body = JSON.stringify(payload);
  const half = Math.floor(body.length / 2);
  const agent = new http.Agent({ keepAlive: true });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
  });
  const response = new Promise<{ status: number; body: any; connection: string | undefined }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  req.flushHeaders();
  return { finish: () => req.end(body.slice(half)), response };
}

const slowSignIn = (port: number) => slowPost(port, '/api/login/', { email: DEMO.admin, password: DEMO_PASSWORD });

/**
 * A request whose headers and the first part of its body are sent, and then nothing: a client on
 * a network that went away. Answers how it ended: 'answered <status>' or the socket's error code.
 */
function stalledRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  firstPart: string,
): {
  ended: Promise<string>;
  socketClosed: Promise<void>;
} {
  const req = http.request({ host: '127.0.0.1', port, method, path, agent: new http.Agent({ keepAlive: true }), headers });
  const socketClosed = new Promise<void>((resolve) => req.once('socket', (socket) => socket.once('close', () => resolve())));
  const ended = new Promise<string>((resolve) => {
    req.once('response', (res) => {
      res.resume();
      resolve(`answered ${res.statusCode}`);
    });
    req.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
  req.write(firstPart);
  req.flushHeaders();
  return { ended, socketClosed };
}

/**
 * Files under the temporary folder (and its planner-* folders) holding `tag`: what a cut-off
 * upload left on disk. Only small files are read (the folder is shared with other programs).
 */
function filesHolding(tag: string): string[] {
  const found: string[] = [];
  const look = (dir: string, depth: number) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      try {
        if (entry.isDirectory() && depth === 0 && entry.name.startsWith('planner-')) look(full, 1);
        else if (entry.isFile() && fs.statSync(full).size < 1024 * 1024 && fs.readFileSync(full, 'latin1').includes(tag)) found.push(full);
      } catch {
        // Another program's file, gone or unreadable meanwhile.
      }
    }
  };
  look(os.tmpdir(), 0);
  return found;
}

/** A multipart upload of a roster or course CSV (students tagged `tag`) that stalls part-way through the file. */
function stalledUpload(port: number, path: string, token: string, tag = 'stalled'): ReturnType<typeof stalledRequest> {
  const boundary = `----planner${crypto.randomBytes(8).toString('hex')}`;
  const firstPart = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="upload.csv"',
    'Content-Type: text/csv',
    '',
    'sourcedId,givenName,familyName,email,grade',
    ...Array.from({ length: 200 }, (_, i) => `S-${i},Stalled,Row${i},${tag}-${i}@shutdown.example,10`),
  ].join('\r\n');
  return stalledRequest(
    port,
    'POST',
    path,
    {
      Authorization: `Token ${token}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      // Promises far more than is sent: the server waits for the rest.
      'Content-Length': 4 * 1024 * 1024,
    },
    firstPart,
  );
}

/** Opens a TCP connection: 'connected' or the error code (ECONNREFUSED once the server stopped accepting). */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

async function until(what: string, check: () => boolean, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterAll(() => {
  for (const child of spawned) child.kill('SIGKILL');
});

/**
 * The same story on each database; `env` points the server at it. To start as few servers as
 * possible (each boot takes seconds), a test leaves the server it restarted running for the next
 * one, which starts its own only when run alone.
 */
function lifecycleTests(env: () => Record<string, string>): void {
  const written: { id: number; title: string }[] = [];
  const CUT_GRACE_SECONDS = 2;
  let live: ServerProcess | null = null;
  afterAll(() => live?.child.kill('SIGKILL'));

  it(
    'on SIGTERM finishes the request in flight, refuses new connections, exits 0 within the grace period and keeps every row',
    async () => {
      const first = await ServerProcess.start(env());
      const token = await first.signIn();
      written.push(...(await first.writeCourses(token, `term-${crypto.randomBytes(3).toString('hex')}`, 5)));

      const slow = slowSignIn(first.port);
      // GraphQL too: Apollo must not stop on the signal by itself while this request is in flight.
      const slowGraphql = slowPost(first.port, '/graphql', { query: '{ currentUser { email } }' }, { Authorization: `Token ${token}` });
      await new Promise((r) => setTimeout(r, 200));
      const sent = Date.now();
      first.child.kill('SIGTERM');
      await until('"shutting down"', () => first.output.includes('shutting down'));
      expect(await tryConnect(first.port)).toBe('ECONNREFUSED');
      slow.finish();
      const answer = await slow.response;
      expect(answer.status).toBe(200);
      expect(answer.body.token).toMatch(/\S{20,}/);
      // Told not to reuse the connection: the server is going away.
      expect(answer.connection).toBe('close');
      slowGraphql.finish();
      const graphqlAnswer = await slowGraphql.response;
      expect(graphqlAnswer.body).toEqual({ data: { currentUser: { email: DEMO.admin } } });
      expect(graphqlAnswer.status).toBe(200);
      const exit = await first.waitExit(sent, (GRACE_SECONDS + 5) * 1000);
      expect(exit, first.output).toMatchObject({ code: 0, signal: null });
      expect(exit.ms).toBeLessThanOrEqual(GRACE_SECONDS * 1000);

      live = await ServerProcess.start(env());
      const again = await live.signIn();
      expect(await live.readCourses(again, written)).toEqual(written.map((c) => c.title));
      // The session signed in during the shutdown was saved too.
      expect((await live.json('GET', '/api/current-user/', undefined, answer.body.token)).status).toBe(200);
    },
    4 * BOOT_TIMEOUT_MS,
  );

  it(
    'on SIGTERM hands a roster import in progress back to the queue; the next start finishes it with every row once',
    async () => {
      const server = live ?? (await ServerProcess.start(env()));
      live = null;
      const token = await server.signIn();
      const tag = crypto.randomBytes(3).toString('hex');
      const total = 300;
      const lines = ['sourcedId,givenName,familyName,email,grade'];
      for (let i = 0; i < total; i++) lines.push(`R-${tag}-${i},Row,Number${i},roster-${tag}-${i}@shutdown.example,10`);
      const form = new FormData();
      form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'roster.csv');
      const upload = await fetch(`${server.origin}/api/roster-import/`, { method: 'POST', headers: { Authorization: `Token ${token}` }, body: form });
      expect(upload.status).toBe(202);
      const location = upload.headers.get('location')!;
      // Wait until the worker is part-way through (ROSTER_BATCH_SIZE=2: 150 batches).
      let before: any;
      for (let i = 0; i < 600; i++) {
        before = (await server.json('GET', location, undefined, token)).body;
        if (before.done_rows > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(before).toMatchObject({ state: 'running' });
      expect(before.done_rows).toBeLessThan(total);
      const exit = await server.stop('SIGTERM');
      expect(exit, server.output).toMatchObject({ code: 0, signal: null });
      expect(exit.ms).toBeLessThanOrEqual(GRACE_SECONDS * 1000);

      // Back in the queue at once: the next server takes it at its first poll, not after the 10 minutes a crashed job waits.
      live = await ServerProcess.start(env());
      const again = await live.signIn();
      let after: any;
      for (let i = 0; i < 600; i++) {
        after = (await live.json('GET', location, undefined, again)).body;
        if (after.state !== 'running' && after.state !== 'queued') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(after).toMatchObject({ state: 'done', total_rows: total, done_rows: total, created: total, updated: 0, errors: [] });
    },
    4 * BOOT_TIMEOUT_MS,
  );

  it(
    'after SIGKILL starts again on the same data with every committed row',
    async () => {
      const first = live ?? (await ServerProcess.start(env()));
      live = null;
      const token = await first.signIn();
      written.push(...(await first.writeCourses(token, `kill-${crypto.randomBytes(3).toString('hex')}`, 5)));
      const killed = await first.stop('SIGKILL');
      expect(killed.signal).toBe('SIGKILL');

      live = await ServerProcess.start({ ...env(), SHUTDOWN_GRACE_SECONDS: String(CUT_GRACE_SECONDS) });
      const again = await live.signIn();
      expect(await live.readCourses(again, written)).toEqual(written.map((c) => c.title));
    },
    4 * BOOT_TIMEOUT_MS,
  );

  it(
    'cuts off a request still unfinished when the grace period ends, and still exits 0 in time',
    async () => {
      const server = live ?? (await ServerProcess.start({ ...env(), SHUTDOWN_GRACE_SECONDS: String(CUT_GRACE_SECONDS) }));
      live = null;
      // Its body never completes: without the grace period the server would wait for it for ever.
      const stuck = slowSignIn(server.port);
      const cut = stuck.response.then(
        () => 'answered',
        (e: NodeJS.ErrnoException) => e.code ?? e.message,
      );
      await new Promise((r) => setTimeout(r, 200));
      const exit = await server.stop('SIGTERM', (CUT_GRACE_SECONDS + 5) * 1000);
      expect(exit, server.output).toMatchObject({ code: 0, signal: null });
      expect(exit.ms).toBeGreaterThanOrEqual(CUT_GRACE_SECONDS * 1000 - 100);
      expect(exit.ms).toBeLessThanOrEqual((CUT_GRACE_SECONDS + 5) * 1000);
      expect(await cut).toBe('ECONNRESET');
      expect(server.output).toContain(`1 request(s) still running after ${CUT_GRACE_SECONDS} s were cut off`);
    },
    2 * BOOT_TIMEOUT_MS,
  );

  it(
    'closes stalled uploads and stalled request bodies at the deadline: the process exits within the grace period',
    async () => {
      const server = await ServerProcess.start({ ...env(), SHUTDOWN_GRACE_SECONDS: String(CUT_GRACE_SECONDS) });
      const token = await server.signIn();
      const tag = `stalled-${crypto.randomBytes(6).toString('hex')}`;
      const stalled = [
        stalledUpload(server.port, '/api/roster-import/', token, tag),
        stalledUpload(server.port, '/api/upload-courses-csv/', token),
        // Refused before its body is read (no token): answered, the connection then waits for the rest of the body.
        stalledUpload(server.port, '/api/roster-import/', ''),
        // A plain body: JSON that never ends, and one with no length (chunked) that never ends.
        stalledRequest(server.port, 'POST', '/api/login/', { 'Content-Type': 'application/json', 'Content-Length': 1000 }, '{"email":"'),
        stalledRequest(server.port, 'POST', '/graphql', { 'Content-Type': 'application/json', Authorization: `Token ${token}` }, '{"query":"{ currentUser'),
        // Headers only, never finished.
        stalledRequest(
          server.port,
          'PUT',
          '/api/schools/plan-approval/',
          { 'Content-Type': 'application/json', 'Content-Length': 20, Authorization: `Token ${token}` },
          '',
        ),
      ];
      // The roster upload is being written to a temporary file.
      await until('the roster upload on disk', () => filesHolding(tag).length === 1);
      const exit = await server.stop('SIGTERM', (CUT_GRACE_SECONDS + 5) * 1000);
      expect(exit, server.output).toMatchObject({ code: 0, signal: null });
      expect(exit.ms, server.output).toBeLessThanOrEqual(CUT_GRACE_SECONDS * 1000 + 1500);
      // The five still reading their body were in their handlers until the deadline (the sixth was answered).
      expect(server.output).toContain(`5 request(s) still running after ${CUT_GRACE_SECONDS} s were cut off`);
      // Each client saw its connection closed, none was answered as if it had finished.
      for (const s of stalled) expect(await s.ended).toMatch(/^(ECONNRESET|EPIPE|answered [45]\d\d)$/);
      await Promise.all(stalled.map((s) => s.socketClosed));
      // Nothing left behind: no part of the roster (names, emails) on disk, the process is gone and its port refuses.
      expect(filesHolding(tag)).toEqual([]);
      expect(() => process.kill(server.child.pid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
      expect(await tryConnect(server.port)).toBe('ECONNREFUSED');
    },
    2 * BOOT_TIMEOUT_MS,
  );
}

describe('embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-shutdown-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  lifecycleTests(() => ({ DATA_DIR: dataDir }));
});

describe.runIf(inject('databaseKind') === 'server')('PostgreSQL server', () => {
  const name = `planner_shutdown_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const shared = inject('databaseUrl');
  const url = new URL(shared);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: shared });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  // A database of its own: the spawned servers migrate and seed it without touching the shared one.
  beforeAll(() => admin(`CREATE DATABASE "${name}"`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  lifecycleTests(() => ({ DATABASE_URL: url.toString(), SEED_DEMO: 'true' }));
});
