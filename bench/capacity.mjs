/**
 * `node bench/capacity.mjs <database>`: the figures behind docs/scaling.md, from a district made by
 * `npm run seed:district` (e.g. --students 50000 --courses 5000 --pathways 200) in <database> of
 * BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres). Needs the built
 * server (npm run build).
 *
 * 1. Starts the built server on the district (BENCH=1: the X-SQL-Statements header and
 *    /api/bench/stats/), reads every high school's caseload once so the queue stores every
 *    student's summary, and waits for the queue.
 * 2. For each of the busiest operations of a course request week, REQUESTS requests one after
 *    another (1 connection, after 20 of warm-up), each as a different student of the district's
 *    first high school: SQL statements per request (the header), the app's CPU per request
 *    (process.cpuUsage through /api/bench/stats/) and PostgreSQL's CPU per request: the user+system
 *    time of this database's backends (backendCpuSampler), so other databases' work on the same
 *    server is not counted. Autovacuum, the WAL writer and the checkpointer are not in it.
 * 3. A year of the records the generator does not make, written in bulk from each student's plan:
 *    a transcript record for every course of a year the student has finished (a 10th grader's first
 *    term, a 12th grader's first three) and a kept course request, with its submission, for every
 *    course of the student's next term. Then bytes per student of every table over 1 MB and its
 *    indexes (pg_table_size and pg_indexes_size after ANALYZE, divided by the district's students),
 *    and the database's total.
 * Prints the tables as Markdown. Plan moves put each course back where it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUESTS = Number(process.env.CAPACITY_REQUESTS || 200);
const WARMUP = 20;
const PASSWORD = 'Planner#2026';
const PORT = Number(process.env.CAPACITY_PORT || 4195);
const name = process.argv[2];
if (!name) {
  console.error('usage: node bench/capacity.mjs <database seeded by npm run seed:district>');
  process.exit(2);
}
const serverUrl = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const origin = `http://127.0.0.1:${PORT}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const q = async (text, params) => (await db.query(text, params)).rows;
/** This script's own connection, left out of PostgreSQL's CPU figure. */
const [{ pid: ownPid }] = await q('SELECT pg_backend_pid() AS pid');

let child;
async function startServer() {
  child = spawn(process.execPath, ['server/dist/server/src/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(PORT),
      BENCH: '1',
      NODE_ENV: 'development',
      AUTH_RATE_LIMIT: '1000000',
      SEED_DEMO: 'false',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) return;
    } catch {
      /* not yet listening */
    }
    await sleep(200);
  }
  throw new Error('the server did not start');
}
const stop = async () => {
  if (child && child.exitCode === null) {
    const exit = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exit;
  }
  await db.end().catch(() => undefined);
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

async function call(method, url, { token, json } = {}) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { statements: Number(res.headers.get('x-sql-statements')), body: text ? JSON.parse(text) : null };
}
const signIn = async (email) => (await call('POST', '/api/login/', { json: { email, password: PASSWORD } })).body.token;

/**
 * CPU seconds (user + system) PostgreSQL's backends of this database used since the sampler began.
 * Backends are found by their process title ("postgres: <user> <database> ..."), sampled every
 * 50 ms: a backend that ends between two samples loses at most its last 50 ms, one that starts is
 * counted from 0. This script's own connection (which waits for the queue) is left out.
 */
function backendCpuSampler() {
  const seen = new Map(); // pid -> { first, last } CPU seconds
  const tick = 100; // USER_HZ on Linux
  const sample = () => {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(pid) || Number(pid) === ownPid) continue;
      try {
        const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!title.startsWith('postgres: ') || !title.split(' ').includes(name)) continue;
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        const cpu = (Number(fields[11]) + Number(fields[12])) / tick; // utime, stime
        const entry = seen.get(pid);
        if (entry) entry.last = cpu;
        else seen.set(pid, { first: started ? 0 : cpu, last: cpu });
      } catch {
        /* ended */
      }
    }
  };
  let started = false;
  sample();
  started = true;
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const e of seen.values()) total += e.last - e.first;
      return total;
    },
  };
}
const appCpu = async () => {
  const s = (await call('GET', '/api/bench/stats/')).body;
  return (s.cpu_user_us + s.cpu_system_us) / 1e6;
};

async function queueIdle() {
  for (let i = 0; i < 2400; i++) {
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'caseload-summaries' AND status IN ('pending', 'running')`);
    if (n === 0) return;
    await sleep(250);
  }
  throw new Error('the caseload queue did not finish in 10 minutes');
}

try {
  await startServer();
  const [{ students }] = await q(`SELECT count(*)::int AS students FROM users WHERE user_type = 1`);
  // 1. Every student's caseload summary, as after a school's counselors opened their caseloads.
  const staff = await q(`SELECT DISTINCT ON (school_id) email, school_id FROM users WHERE user_type = 2 AND school_id IS NOT NULL ORDER BY school_id, id`);
  const t0 = Date.now();
  for (const s of staff) await call('GET', '/api/caseload/?page_size=50', { token: await signIn(s.email) });
  await queueIdle();
  const [{ summaries }] = await q(`SELECT count(*)::int AS summaries FROM caseload_summaries`);
  console.log(`caseload summaries stored: ${summaries} of ${students} students in ${round((Date.now() - t0) / 1000, 0)} s`);

  // 2. The operations, each by REQUESTS + WARMUP students of the first high school.
  const schoolId = staff[0].school_id;
  const people = await q(
    `SELECT u.email FROM users u WHERE u.school_id = $1 AND u.user_type = 1 AND EXISTS (SELECT 1 FROM scheduled_courses s WHERE s.user_id = u.id) ORDER BY u.id LIMIT $2`,
    [schoolId, REQUESTS + WARMUP],
  );
  if (people.length < REQUESTS + WARMUP) throw new Error(`the school has only ${people.length} students with plans`);
  const tokens = [];
  for (const p of people) tokens.push(await signIn(p.email));
  const staffToken = await signIn(staff[0].email);
  const entries = [];
  for (const token of tokens) {
    const list = (await call('GET', '/api/user-scheduled-courses/', { token })).body;
    entries.push(list[0]);
  }
  const ops = [
    ['sign-in (POST /api/login/)', (i) => call('POST', '/api/login/', { json: { email: people[i].email, password: PASSWORD } })],
    ['plan page (GET /api/plan/)', (i) => call('GET', '/api/plan/', { token: tokens[i] })],
    ['course list (GET /api/courses/?page_size=20)', (i) => call('GET', '/api/courses/?page_size=20', { token: tokens[i] })],
    [
      'plan change: a course moved to another term and back (PUT /api/courses/:id/, 2 requests)',
      async (i) => {
        const e = entries[i];
        const other = String(e.term) === '4' ? '3' : '4';
        const a = await call('PUT', `/api/courses/${e.id}/`, { token: tokens[i], json: { term: other } });
        const b = await call('PUT', `/api/courses/${e.id}/`, { token: tokens[i], json: { term: String(e.term) } });
        return { statements: a.statements + b.statements, requests: 2 };
      },
    ],
    [
      'caseload page of 50 (GET /api/caseload/?page_size=50&missing=true&sort=grade)',
      () => call('GET', '/api/caseload/?page_size=50&missing=true&sort=grade', { token: staffToken }),
    ],
  ];
  const rows = [];
  for (const [label, op] of ops) {
    for (let i = 0; i < WARMUP; i++) await op(REQUESTS + i);
    await queueIdle();
    const backends = backendCpuSampler();
    const [app0, t] = [await appCpu(), performance.now()];
    let statements = 0;
    let requests = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const r = await op(i);
      statements += r.statements;
      requests += r.requests ?? 1;
    }
    const wall = performance.now() - t;
    // The caseload queue's recomputations that the writes caused count as the writes' cost.
    await queueIdle();
    const app1 = await appCpu();
    const pgCpu = backends.stop();
    rows.push({
      label,
      statements: round(statements / requests, 1),
      app: round(((app1 - app0) * 1000) / requests),
      pg: round((pgCpu * 1000) / requests),
      wall: round(wall / requests),
    });
  }
  const load = os.loadavg().map((x) => round(x, 1));
  console.log(`\n${REQUESTS} requests per operation, one after another; load average ${load.join(' / ')}\n`);
  console.log('| operation | SQL statements | app CPU ms | PostgreSQL CPU ms | wall ms |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.label} | ${r.statements} | ${r.app} | ${r.pg} | ${r.wall} |`);

  // 3. A year of transcripts and kept requests, from the plans (once per district).
  const [{ records }] = await q(`SELECT count(*)::int AS records FROM transcript_records`);
  if (records === 0) {
    const year = `${new Date().getFullYear()}-${new Date().getFullYear() + 1}`;
    await q(
      `INSERT INTO transcript_records (school_id, student_id, course_id, school_year, term, grade_level, grade, units_earned, status, source_grade, source_units, source_status)
       SELECT u.school_id, u.id, s.course_id, '2025-2026', s.term, 8 + s.term::int, 'B', c.units, 'completed', 'B', c.units, 'completed'
         FROM users u JOIN scheduled_courses s ON s.user_id = u.id JOIN courses c ON c.id = s.course_id
        WHERE u.user_type = 1 AND s.term ~ '^[0-9]+$' AND s.term::int < u.grade::int - 8`,
    );
    await q(
      `INSERT INTO course_request_submissions (student_id, school_year, school_id, source)
       SELECT id, $1, school_id, 'window_close' FROM users WHERE user_type = 1 AND grade::int < 12`,
      [year],
    );
    await q(
      `INSERT INTO course_requests (student_id, school_year, school_id, course_id, term)
       SELECT u.id, $1, u.school_id, s.course_id, s.term
         FROM users u JOIN scheduled_courses s ON s.user_id = u.id
        WHERE u.user_type = 1 AND u.grade::int < 12 AND s.term = (u.grade::int - 7)::text`,
      [year],
    );
  }
  await q('ANALYZE');
  // Bytes per student.
  const sizes = await q(
    `SELECT c.relname AS table, pg_table_size(c.oid) AS heap, pg_indexes_size(c.oid) AS indexes, c.reltuples::bigint AS rows
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_total_relation_size(c.oid) > 1024 * 1024
      ORDER BY pg_total_relation_size(c.oid) DESC`,
  );
  const [{ total }] = await q(`SELECT pg_database_size(current_database()) AS total`);
  console.log(`\n${students} students; database ${round(Number(total) / 1024 / 1024, 0)} MB (${round(Number(total) / students, 0)} bytes per student)\n`);
  console.log('| table | rows | table bytes per student | index bytes per student |');
  console.log('|---|---|---|---|');
  for (const s of sizes) console.log(`| ${s.table} | ${s.rows} | ${round(Number(s.heap) / students, 0)} | ${round(Number(s.indexes) / students, 0)} |`);
} finally {
  await stop();
}
