#!/usr/bin/env node
/**
 * `npm run bench [-- --quick] [-- --only statements,overhead,gqlmemory,growth,latency,import,export,client,gqllimits,gqlanonymous,accounts,lifecycle,roster,pdfsize,caseload,queue,autoplan,transcripts,demand] [-- --keep]`
 *
 * Creates two databases on the PostgreSQL server of BENCH_DATABASE_URL (else DATABASE_URL): a small
 * district (500 students) and a large one (50,000; 5,000 with --quick), fills them with
 * bench/seed-district.ts, builds the app, starts one server per database (BENCH=1: the
 * X-SQL-Statements header and /api/bench/), and measures every scenario beside its baseline in the
 * same run, with load from autocannon in this process (the servers are separate processes on
 * loopback). Prints one table and writes it to bench/results/<time>.json (and latest.json).
 * The databases are dropped at the end unless --keep. See bench/README.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { addTypenameToDocument } from '@apollo/client/utilities';
import autocannon from 'autocannon';
import { Kind, parse as parseGraphql, print as printGraphql, visit as visitGraphql } from 'graphql';
import pg from 'pg';
import { scenarioAccounts } from './scenarios/accounts.mjs';
import { scenarioAutoPlan } from './scenarios/autoplan.mjs';
import { scenarioCaseload } from './scenarios/caseload.mjs';
import { scenarioDemand } from './scenarios/demand.mjs';
import { scenarioGqlAnonymous } from './scenarios/gqlanonymous.mjs';
import { scenarioGqlLimits } from './scenarios/gqllimits.mjs';
import { scenarioLifecycle } from './scenarios/lifecycle.mjs';
import { scenarioRoster } from './scenarios/roster.mjs';
import { scenarioPdfSize } from './scenarios/pdfsize.mjs';
import { scenarioQueue } from './scenarios/queue.mjs';
import { scenarioTranscripts } from './scenarios/transcripts.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Planner#2026';
const ALL = [
  'statements',
  'overhead',
  'gqlmemory',
  'growth',
  'latency',
  'import',
  'export',
  'client',
  'gqllimits',
  'gqlanonymous',
  'accounts',
  'lifecycle',
  'roster',
  'pdfsize',
  'caseload',
  'queue',
  'autoplan',
  'transcripts',
  'demand',
];

const { values: opts } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'large-students': { type: 'string' },
    // The transcripts scenario's district (default 50,000 students, 30 courses each).
    'transcript-students': { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    // The queue scenario's server: JOB_CONCURRENCY (default: the server's own default).
    'job-concurrency': { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4191' },
  },
});
const only = new Set(opts.only ? opts.only.split(',').map((s) => s.trim()) : ALL);
for (const s of only) {
  if (!ALL.includes(s)) {
    console.error(`Unknown scenario "${s}"; choose from ${ALL.join(', ')}.`);
    process.exit(2);
  }
}

const SIZES = {
  small: { students: 500, courses: 500, pathways: 20 },
  large: opts.quick ? { students: 5000, courses: 1000, pathways: 50 } : { students: 50000, courses: 5000, pathways: 200 },
};
if (opts['large-students']) SIZES.large.students = Number(opts['large-students']);
const LOAD_SECONDS = opts.quick ? 2 : 5;
const ROUNDS = 2;
/** RSS differences smaller than this are noise between identical runs (scenario export). */
const RSS_NOISE_MB = 8;
const CONNECTIONS = 8;
/** Scenario 2a: the plan page's query against GET /api/plan/ at each of these numbers of connections. */
const PLAN_CONNECTIONS = [10, 50, 200];
/** Scenario 2c: the GraphQL plan load's length and its warm-up (RSS at the end against RSS after the warm-up). */
const MEMORY_SECONDS = opts.quick ? 60 : 300;
const MEMORY_WARMUP_SECONDS = opts.quick ? 15 : 30;
const MEMORY_CONNECTIONS = 50;
const CPU_REQUESTS = opts.quick ? 60 : 200;
const LIGHTHOUSE_RUNS = Number(opts['lighthouse-runs'] ?? (opts.quick ? 1 : 5));
const GROWTH_FACTOR = 10;
const EXPORT_COUNTS = [50, 500];
const IMPORT_ROWS = 5000;

class BenchError extends Error {}
/** Stops the run with a message (the servers are stopped and the databases dropped on the way out). */
function fail(message) {
  throw new BenchError(message);
}
const log = (m) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);

// ---- databases ------------------------------------------------------------------------------
const baseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
if (!baseUrl) {
  console.error(
    'npm run bench needs a PostgreSQL server: set BENCH_DATABASE_URL (or DATABASE_URL) to a database on it, e.g.\n' +
      '  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- --quick\n' +
      'The bench creates its own databases on that server (planner_bench_run_*) and drops them afterwards.',
  );
  process.exit(2);
}
const runId = `${Date.now().toString(36)}_${process.pid}`;
const dbUrl = (name) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const dbNames = { small: `planner_bench_run_${runId}_small`, large: `planner_bench_run_${runId}_large` };
/** The queue scenario's own database (created by the scenario, dropped here too should the run be interrupted). */
const queueDbName = `planner_bench_run_${runId}_queue`;
/** The autoplan scenario's own database (the demo seed), dropped here too. */
const autoplanDbName = `planner_bench_run_${runId}_autoplan`;
const autoplanDistrictDbName = `planner_bench_run_${runId}_autoplan_district`;
/** The demand scenario's own database (a 2,500-student high school), dropped here too. */
const demandDbName = `planner_bench_run_${runId}_demand`;
// The client scenario's counselor pages are the demo school's, as a counselor first sees them.
if (only.has('client')) dbNames.demo = `planner_bench_run_${runId}_demo`;

async function admin(sql) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

async function withDb(name, fn) {
  const c = new pg.Client({ connectionString: dbUrl(name) });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function seed(name, size, extra = []) {
  const args = [
    '--tsconfig',
    'server/tsconfig.json',
    'bench/seed-district.ts',
    '--students',
    String(size.students),
    '--courses',
    String(size.courses),
    '--pathways',
    String(size.pathways),
    '--json',
    ...extra,
  ];
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: dbUrl(name) },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) fail(`Seeding ${name} failed:\n${r.stderr}\n${r.stdout}`);
  for (const line of r.stderr.trim().split('\n')) log(`  ${name.endsWith('small') ? 'small' : 'large'}: ${line}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

// ---- servers --------------------------------------------------------------------------------
const children = [];
async function startServer(name, port, extraEnv = {}) {
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl(name),
    PORT: String(port),
    BENCH: '1',
    NODE_ENV: 'development',
    AUTH_RATE_LIMIT: '1000000',
    RATE_LIMIT_ANONYMOUS_GRAPHQL: '1000000/60',
    SEED_DEMO: 'false',
    SMTP_URL: '',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--expose-gc', 'server/dist/server/src/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  // Up to 30 s, or 120 s when the server seeds the demo school first.
  for (let i = 0; i < (env.SEED_DEMO === 'true' ? 800 : 200); i++) {
    if (child.exitCode !== null) fail(`The server on ${name} stopped:\n${output}`);
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) return { origin, child, output: () => output };
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  fail(`The server on ${name} did not start:\n${output}`);
}

async function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (!opts.keep) {
    for (const name of [...Object.values(dbNames), queueDbName, autoplanDbName, autoplanDistrictDbName, demandDbName]) {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((e) => log(`could not drop ${name}: ${e.message}`));
    }
  }
}

// ---- HTTP helpers ---------------------------------------------------------------------------
async function call(origin, method, p, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Token ${token}`;
  let body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  const started = performance.now();
  const res = await fetch(origin + p, { method, headers, body });
  const buf = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  let parsed = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(buf.toString('utf8'));
  return { status: res.status, headers: res.headers, body: parsed, bytes: buf.length, ms, statements: Number(res.headers.get('x-sql-statements') ?? NaN) };
}

async function login(origin, email) {
  const r = await call(origin, 'POST', '/api/login/', { json: { email, password: PASSWORD } });
  if (r.status !== 200) fail(`Sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

const stats = async (origin, reset = false, gc = false) => (await call(origin, 'GET', `/api/bench/stats/${reset ? `?reset=1${gc ? '&gc=1' : ''}` : ''}`)).body;

/**
 * Load for `seconds` (or `amount` requests) from autocannon; `requests` rotate (e.g. one per
 * student). Latency percentiles from every response. A request waits up to 60 s for its answer
 * (autocannon's default, 10 s, counts the slow answers of a busy host as errors).
 */
function load(origin, requests, { seconds = LOAD_SECONDS, connections = CONNECTIONS, amount } = {}) {
  return new Promise((resolve, reject) => {
    const times = [];
    let i = 0;
    const started = performance.now();
    const inst = autocannon(
      {
        url: origin,
        connections,
        timeout: 60,
        ...(amount ? { amount } : { duration: seconds }),
        requests: [{ setupRequest: (req) => ({ ...req, ...requests[i++ % requests.length] }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
        const elapsed = amount ? (performance.now() - started) / 1000 : seconds;
        resolve({
          rps: result.requests.total / elapsed,
          p50: pct(50),
          p95: pct(95),
          p99: pct(99),
          non2xx: result.non2xx,
          errors: result.errors,
          total: result.requests.total,
        });
      },
    );
    inst.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x, d = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : x);

// ---- results --------------------------------------------------------------------------------
const rows = [];
/** `cmp`: 'max' (ratio at most budget), 'min' (ratio at least budget), 'eq' (figure equals baseline), 'abs' (figure at most budget). */
function record(scenario, figure, baseline, budget, cmp, unit, note = '') {
  const ratio = cmp === 'abs' ? null : baseline ? figure / baseline : null;
  const pass =
    cmp === 'eq' ? figure === baseline : cmp === 'abs' ? figure <= budget : cmp === 'max' ? ratio !== null && ratio <= budget : ratio !== null && ratio >= budget;
  const budgetText = cmp === 'eq' ? 'ratio = 1' : cmp === 'abs' ? `<= ${budget} ${unit}` : cmp === 'max' ? `ratio <= ${budget}` : `ratio >= ${budget}`;
  // The host's load average (1 min) when the figure was taken: the throughput figures follow it.
  const load = round(os.loadavg()[0], 1);
  const row = {
    scenario,
    figure: round(figure),
    baseline: baseline === null ? null : round(baseline),
    ratio: ratio === null ? null : round(ratio),
    budget: budgetText,
    unit,
    pass,
    note,
    load,
  };
  rows.push(row);
  log(`${pass ? 'PASS' : 'FAIL'} ${scenario}: ${row.figure} ${unit} vs ${row.baseline ?? '-'} (${row.ratio ?? '-'}; ${budgetText}) ${note} [load average ${load}]`);
}

function printTable() {
  const head = ['scenario', 'figure', 'baseline', 'ratio', 'budget', 'pass', 'load'];
  const body = rows.map((r) => [
    r.scenario,
    `${r.figure} ${r.unit}`,
    r.baseline === null ? '-' : `${r.baseline} ${r.unit}`,
    r.ratio ?? '-',
    r.budget,
    r.pass ? 'pass' : 'FAIL',
    r.load,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => String(b[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const b of body) console.log(line(b));
}

// ---- scenarios ------------------------------------------------------------------------------
const PLAN_QUERY = `{ plan { id userId totalUnits completedUnits
  terms { term label units courses { id term position grade completed course { id uuid courseId title description units prerequisiteGroups school { name uuid primaryColor schoolType } } } }
  warnings { scheduledCourseId courseId title term termLabel message } } }`;
const WARNINGS_QUERY = `{ plan { warnings { scheduledCourseId courseId title term termLabel message } } }`;
const gqlRequest = (token, query) => ({
  method: 'POST',
  path: '/graphql',
  headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
  body: JSON.stringify({ query }),
});
const getRequest = (token, p) => ({ method: 'GET', path: p, headers: token ? { Authorization: `Token ${token}` } : {} });

async function scenarioStatements(env) {
  const ops = [
    ['student plan (GraphQL)', 'student', 'POST', '/graphql', PLAN_QUERY],
    ['student plan (GET /api/plan/)', 'student', 'GET', '/api/plan/'],
    ['requirement progress (GraphQL)', 'student', 'POST', '/graphql', '{ requirementProgress { uuid name completedCourses completedUnits isFulfilled } }'],
    ['requirement progress (GET /api/requirement-progress/)', 'student', 'GET', '/api/requirement-progress/'],
    [
      'students list page (GraphQL, 50)',
      'staff',
      'POST',
      '/graphql',
      '{ students(first: 50) { totalCount nodes { id firstName lastName email grade parentConsentFormState cccApplyStatus school { name } } } }',
    ],
    ['students list page (GET /api/students-in-school/?page_size=50)', 'staff', 'GET', '/api/students-in-school/?page_size=50'],
    [
      'course list page (GraphQL, 50)',
      'student',
      'POST',
      '/graphql',
      '{ courses(first: 50) { totalCount nodes { uuid courseId title units isScheduled school { name } prerequisiteGroups formattedTags { name } requirements { label } } } }',
    ],
    ['course list page (GET /api/courses/?page_size=50)', 'student', 'GET', '/api/courses/?page_size=50'],
  ];
  for (const [name, who, method, p, query] of ops) {
    const counts = {};
    for (const size of ['small', 'large']) {
      const d = env[size];
      const r = await call(d.origin, method, p, { token: who === 'student' ? d.studentToken : d.staffToken, json: query ? { query } : undefined });
      if (r.status !== 200 || r.body?.errors) fail(`${name} on the ${size} district failed: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      counts[size] = r.statements;
    }
    record(`SQL statements: ${name}`, counts.large, counts.small, 1, 'eq', 'stmts', `large vs small district`);
  }
}

async function alternate(origin, a, b, { connections = CONNECTIONS } = {}) {
  const ra = [];
  const rb = [];
  await load(origin, a, { seconds: 1, connections });
  await load(origin, b, { seconds: 1, connections });
  for (let i = 0; i < ROUNDS; i++) {
    ra.push(await load(origin, a, { connections }));
    rb.push(await load(origin, b, { connections }));
  }
  for (const r of [...ra, ...rb]) if (r.non2xx || r.errors) fail(`Load run had ${r.non2xx} non-2xx answers and ${r.errors} errors.`);
  return [ra, rb];
}

/**
 * The plan page's own request, as the client sends it: the Plan operation of
 * client/src/pages/plan/plan.graphql with the fragments it spreads, the `__typename` fields Apollo
 * Client adds to every selection, its operation name and variables.
 */
function clientPlanRequest(token) {
  const document = parseGraphql(fs.readFileSync(path.join(ROOT, 'client/src/pages/plan/plan.graphql'), 'utf8'));
  const named = new Map(document.definitions.map((d) => [d.name?.value, d]));
  const wanted = new Set(['Plan']);
  for (const name of wanted) visitGraphql(named.get(name), { FragmentSpread: (n) => void wanted.add(n.name.value) });
  const query = printGraphql(addTypenameToDocument({ kind: Kind.DOCUMENT, definitions: document.definitions.filter((d) => wanted.has(d.name?.value)) }));
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
    body: JSON.stringify({ operationName: 'Plan', query, variables: { whatIfPlanId: null } }),
  };
}

/**
 * `load`, then a pause until the requests cut off at its end have been answered (the server goes on
 * with them after autocannon closes their connections; the next run would wait behind them), with
 * the server's CPU time per answered request over the run and the pause.
 */
async function loadDrained(origin, requests, options) {
  const before = await stats(origin);
  const r = await load(origin, requests, options);
  await new Promise((resolve) => setTimeout(resolve, Math.max(500, 1.5 * (r.p99 || 0))));
  const after = await stats(origin);
  return { ...r, cpuMs: (after.cpu_user_us + after.cpu_system_us - before.cpu_user_us - before.cpu_system_us) / 1000 / Math.max(1, r.total) };
}

const range = (xs, d = 0) => `${round(Math.min(...xs), d)}-${round(Math.max(...xs), d)}`;

async function scenarioOverhead(env) {
  const d = env.small;
  const plan = clientPlanRequest(d.planToken);
  const check = await call(d.origin, 'POST', '/graphql', { token: d.planToken, json: JSON.parse(plan.body) });
  if (check.status !== 200 || check.body?.errors) fail(`The Plan query failed: ${check.status} ${JSON.stringify(check.body).slice(0, 300)}`);
  const rest = getRequest(d.planToken, '/api/plan/');
  for (const connections of PLAN_CONNECTIONS) {
    // A measured run lasts at least 3 times what a request waits at this concurrency (a warm-up of
    // 2 requests per connection on each side gives the rate), so the ramp-up and the requests cut
    // off at the end stay a small part of it; at most 30 s.
    const warm = [];
    for (const req of [rest, plan]) {
      warm.push((await loadDrained(d.origin, [req], { connections, amount: 2 * connections })).rps);
    }
    const seconds = Math.min(30, Math.max(LOAD_SECONDS, Math.ceil((3 * connections) / Math.min(...warm))));
    const runs = { rest: [], gql: [] };
    for (let i = 0; i < ROUNDS; i++) {
      runs.rest.push(await loadDrained(d.origin, [rest], { connections, seconds }));
      runs.gql.push(await loadDrained(d.origin, [plan], { connections, seconds }));
    }
    for (const r of [...runs.rest, ...runs.gql]) if (r.non2xx || r.errors) fail(`Load run had ${r.non2xx} non-2xx answers and ${r.errors} errors.`);
    const of = (side, key, d = 0) => round(median(runs[side].map((r) => r[key])), d);
    record(
      `throughput at ${connections} connections: the plan page's Plan query via /graphql vs GET /api/plan/`,
      of('gql', 'rps', 2),
      of('rest', 'rps', 2),
      0.8,
      'min',
      'req/s',
      `${ROUNDS} rounds of ${seconds} s each, alternating: ${range(runs.gql.map((r) => r.rps))} vs ${range(runs.rest.map((r) => r.rps))} req/s; ` +
        `p50 ${of('gql', 'p50')} vs ${of('rest', 'p50')} ms; server CPU per answer ${of('gql', 'cpuMs', 2)} vs ${of('rest', 'cpuMs', 2)} ms`,
    );
  }
  const [bare, one] = await alternate(d.origin, [getRequest(null, '/api/bench/bare/')], [getRequest(d.planToken, `/api/get-scheduled-course/${d.planCourseId}/`)]);
  record(
    'throughput: one-row REST read (GET /api/get-scheduled-course/:id/) vs bare JSON',
    median(one.map((r) => r.rps)),
    median(bare.map((r) => r.rps)),
    0.3,
    'min',
    'req/s',
  );
}

/**
 * Scenario 2c: RSS over a long GraphQL plan load (the plan page's query, 50 connections), sampled
 * through GET /api/bench/stats/ every second: RSS at the end (the median of the last 10 samples)
 * against RSS after the warm-up (the median of its last 10 samples).
 */
async function scenarioGqlMemory(env) {
  const d = env.small;
  const plan = clientPlanRequest(d.planToken);
  const mb = (b) => b / 1024 / 1024;
  const sampled = async (seconds) => {
    const samples = [];
    let done = false;
    const loading = load(d.origin, [plan], { seconds, connections: MEMORY_CONNECTIONS }).finally(() => (done = true));
    while (!done) {
      await new Promise((r) => setTimeout(r, 1000));
      if (!done) samples.push(await stats(d.origin));
    }
    const r = await loading;
    if (r.non2xx || r.errors) fail(`The memory load had ${r.non2xx} non-2xx answers and ${r.errors} errors.`);
    return { samples, rps: r.rps };
  };
  const tail = (samples, key) => median(samples.slice(-10).map((s) => mb(s[key])));
  const warm = await sampled(MEMORY_WARMUP_SECONDS);
  const run = await sampled(MEMORY_SECONDS);
  const rss = run.samples.map((s) => mb(s.rss));
  const after = await stats(d.origin, true, true);
  const collected = await stats(d.origin);
  record(
    `RSS after ${MEMORY_SECONDS} s of the Plan query via /graphql (${MEMORY_CONNECTIONS} connections) vs after ${MEMORY_WARMUP_SECONDS} s of warm-up`,
    tail(run.samples, 'rss'),
    tail(warm.samples, 'rss'),
    1.15,
    'max',
    'MB',
    `RSS during the run ${range(rss)} MB; heap used at the end ${round(tail(run.samples, 'heap_used'), 0)} MB, ${round(mb(collected.heap_used), 0)} MB after a full collection (RSS ${round(mb(collected.rss), 0)} MB, ${round(mb(after.rss), 0)} MB before it); ${round(run.rps, 0)} req/s`,
  );
}

async function cpuPerRequest(origin, req) {
  await load(origin, [req], { seconds: 1, connections: 1 });
  const before = await stats(origin);
  const started = performance.now();
  const r = await new Promise((resolve, reject) => {
    autocannon({ url: origin, connections: 1, amount: CPU_REQUESTS, requests: [req] }, (err, res) => (err ? reject(err) : resolve(res)));
  });
  if (r.non2xx || r.errors) fail(`CPU run had ${r.non2xx} non-2xx answers.`);
  const after = await stats(origin);
  const cpu = (after.cpu_user_us + after.cpu_system_us - before.cpu_user_us - before.cpu_system_us) / CPU_REQUESTS;
  return { cpuUs: cpu, wallMs: (performance.now() - started) / CPU_REQUESTS };
}

async function scenarioGrowth(env) {
  const d = env.small;
  const ops = [
    ['plan (GET /api/plan/)', (t) => getRequest(t, '/api/plan/')],
    ['warnings (GraphQL plan.warnings)', (t) => gqlRequest(t, WARNINGS_QUERY)],
    ['progress (GET /api/requirement-progress/)', (t) => getRequest(t, '/api/requirement-progress/')],
  ];
  for (const [name, req] of ops) {
    const base = [];
    const grown = [];
    for (let i = 0; i < ROUNDS; i++) {
      base.push((await cpuPerRequest(d.origin, req(d.growth.baseToken))).cpuUs);
      grown.push((await cpuPerRequest(d.origin, req(d.growth.grownToken))).cpuUs);
    }
    record(`server CPU per request: ${name}, ${GROWTH_FACTOR}x data vs 1x`, median(grown) / 1000, median(base) / 1000, 12, 'max', 'ms CPU');
  }
}

async function scenarioLatency(env) {
  const small = env.small.latencyTokens.map((t) => getRequest(t, '/api/plan/'));
  const large = env.large.latencyTokens.map((t) => getRequest(t, '/api/plan/'));
  const s = [];
  const l = [];
  await load(env.small.origin, small, { seconds: 1, connections: 4 });
  await load(env.large.origin, large, { seconds: 1, connections: 4 });
  for (let i = 0; i < ROUNDS; i++) {
    s.push(await load(env.small.origin, small, { connections: 4 }));
    l.push(await load(env.large.origin, large, { connections: 4 }));
  }
  record(
    `p95 latency: student plan, district of ${SIZES.large.students} vs ${SIZES.small.students} students`,
    median(l.map((r) => r.p95)),
    median(s.map((r) => r.p95)),
    1.5,
    'max',
    'ms',
    `plans of ${env.latencyPlanSize} courses, ${env.small.latencyTokens.length} students rotating, 4 connections`,
  );
}

function courseCsv(prefix, n) {
  const lines = ['Course ID,Title,Description,Units,Prerequisites,Tags'];
  for (let i = 0; i < n; i++) {
    const pre = i % 10 ? `"[[""${prefix} ${i - 1}""]]"` : '[]';
    lines.push(`${prefix} ${i},Imported course ${i},"A course, with a description of some length for course ${i}.",${(i % 5) + 1},${pre},"[""UC"",""CSU""]"`);
  }
  return lines.join('\n');
}

async function scenarioImport(env) {
  const d = env.large;
  const upload = async (prefix, n) => {
    const form = new FormData();
    form.append('file', new Blob([courseCsv(prefix, n)], { type: 'text/csv' }), `${prefix}.csv`);
    const r = await call(d.origin, 'POST', '/api/upload-courses-csv/', { token: d.staffToken, form });
    if (r.status >= 300 || r.body.created !== n) fail(`CSV import of ${n} rows failed: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    return r;
  };
  /** The baseline: the same course rows in one multi-row INSERT (VALUES lists), straight to PostgreSQL, into a school of their own. */
  const rawInsert = (prefix) =>
    withDb(dbNames.large, async (c) => {
      const {
        rows: [school],
      } = await c.query(`INSERT INTO schools (name, school_type, location) VALUES ($1, 'HS', 'CA') RETURNING id`, [`Raw ${prefix}`]);
      const params = [];
      const tuples = [];
      for (let i = 0; i < IMPORT_ROWS; i++) {
        const b = params.length;
        tuples.push(`($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`);
        params.push(
          school.id,
          `${prefix} ${i}`,
          `Imported course ${i}`,
          `A course, with a description of some length for course ${i}.`,
          (i % 5) + 1,
          '{"uc":"UC","csu":"CSU"}',
        );
      }
      const started = performance.now();
      await c.query(`INSERT INTO courses (school_id, course_id, title, description, units, tags) VALUES ${tuples.join(', ')}`, params);
      return performance.now() - started;
    });
  const raw1 = await rawInsert('RAWA');
  const small = await upload('IMPA', 1000);
  const big = await upload('IMPB', IMPORT_ROWS);
  const raw2 = await rawInsert('RAWB');
  record(`CSV import of ${IMPORT_ROWS} courses vs raw multi-row INSERT`, big.ms, (raw1 + raw2) / 2, 5, 'max', 'ms');
  record(
    `CSV import statements: ${IMPORT_ROWS} rows vs 1,000 rows`,
    big.statements,
    small.statements,
    small.statements + 2 * (IMPORT_ROWS / 1000 - 1),
    'abs',
    'stmts',
    'budget: at most 2 more per extra 1,000-row batch',
  );
}

async function scenarioExport(env) {
  const d = env.small;
  const x = d.exportForms;
  const run = async (gradeIndex) => {
    await stats(d.origin, true, true);
    const r = await call(d.origin, 'POST', '/api/export-parent-forms/', { token: d.exportToken, json: { school_id: x.schoolId, grade: x.grades[gradeIndex] } });
    if (r.status !== 200) fail(`Export failed: ${r.status} ${JSON.stringify(r.body)}`);
    const s = await stats(d.origin);
    return { rss: s.peak_rss - s.window_start_rss, heap: s.peak_heap - s.window_start_heap, loopP99: s.event_loop_p99_ms, bytes: r.bytes, ms: r.ms };
  };
  await run(0);
  const few = [];
  const many = [];
  for (let i = 0; i < ROUNDS + 1; i++) {
    few.push(await run(0));
    many.push(await run(1));
  }
  const mb = (b) => b / (1024 * 1024);
  // Memory growth: the process's peak RSS (sampled every 10 ms in the server) above its RSS at the
  // start of the export, after a forced GC. Identical exports differ by up to about 6 MB here (pages
  // the allocator keeps or returns), so growth below RSS_NOISE_MB counts as that much: a ratio of
  // two figures inside the noise says nothing, while an export that held even a tenth of its 50 MB
  // would still fail. The peak of heapUsed + external (Buffers not yet collected) is in the note.
  const growthFew = Math.max(RSS_NOISE_MB, mb(median(few.map((r) => r.rss))));
  const growthMany = Math.max(RSS_NOISE_MB, mb(median(many.map((r) => r.rss))));
  record(
    `ZIP export: peak RSS growth, ${EXPORT_COUNTS[1]} vs ${EXPORT_COUNTS[0]} signed PDFs`,
    growthMany,
    growthFew,
    1.5,
    'max',
    'MB',
    `ZIP of ${round(mb(many[0].bytes), 1)} MB in ${round(median(many.map((r) => r.ms)), 0)} ms; heap+external peak growth ${round(mb(median(many.map((r) => r.heap))), 1)} MB vs ${round(mb(median(few.map((r) => r.heap))), 1)} MB`,
  );
  record(`ZIP export: event-loop p99 delay during ${EXPORT_COUNTS[1]} PDFs`, Math.max(...many.map((r) => r.loopP99)), null, 100, 'abs', 'ms');
}

async function scenarioClient(env) {
  // CLIENT_DIST (as the server reads it) lets a run measure another build, e.g. the one before a change.
  const dist = path.resolve(ROOT, process.env.CLIENT_DIST || 'client/dist');
  const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = (await import('puppeteer-core')).default;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const d = env.small;
    // [name, path, origin, token, budget simulated, budget 4x CPU]: a student's plan (30 courses), and
    // the demo counselor's caseload and students list (the pages staff open most).
    const pages = [
      ['landing', '/', d.origin, null, 200, 100],
      ['plan', '/plan', d.origin, d.planToken, 50, 60],
      ['caseload', '/caseload', env.demo.origin, env.demo.counselorToken, 50, 60],
      ['students list', '/students-list', env.demo.origin, env.demo.counselorToken, 50, 60],
    ];
    const landingScripts = new Set(initial);
    // Lighthouse's default (mobile, simulated throttling: the main-thread time it measures x4), then
    // the same pages under a real 4x CPU slowdown (devtools throttling, no network throttling on
    // loopback), where every long task the page runs counts.
    const modes = [
      { label: 'default (mobile, simulated throttling) settings', suffix: '', budget: (p) => p[4], flags: {} },
      {
        label: 'devtools throttling: CPU slowed down 4x, network not throttled',
        suffix: ' with 4x CPU slowdown',
        budget: (p) => p[5],
        flags: { throttlingMethod: 'devtools', throttling: { cpuSlowdownMultiplier: 4, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 } },
      },
    ];
    for (const mode of modes)
      for (const pageSpec of pages) {
        const [name, p, origin, token] = pageSpec;
        // Blocking time follows how busy the host is: the note keeps the load average it ran under.
        const loadBefore = os.loadavg()[0];
        const tbt = [];
        const cls = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          const page = await browser.newPage();
          await page.goto(`${origin}/`);
          await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
          const result = await lighthouse(
            `${origin}${p}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              disableStorageReset: true,
              ...mode.flags,
            },
            undefined,
            page,
          );
          const audits = result.lhr.audits;
          if (result.lhr.runtimeError) fail(`Lighthouse on ${p}: ${result.lhr.runtimeError.message}`);
          tbt.push(audits['total-blocking-time'].numericValue);
          cls.push(audits['cumulative-layout-shift'].numericValue);
          if (name === 'landing' && mode.suffix === '') {
            for (const item of audits['network-requests'].details.items) {
              const u = new URL(item.url);
              if (u.origin === origin && u.pathname.endsWith('.js')) landingScripts.add(u.pathname.slice(1));
            }
          }
          await page.close();
        }
        const range = (xs) => `runs ${round(Math.min(...xs), 0)}-${round(Math.max(...xs), 0)}`;
        record(
          `Lighthouse ${name} page (${p})${mode.suffix}: total blocking time, median of ${LIGHTHOUSE_RUNS}`,
          median(tbt),
          null,
          mode.budget(pageSpec),
          'abs',
          'ms',
          `${mode.label}; ${range(tbt)} ms; load average ${round(loadBefore, 1)}-${round(os.loadavg()[0], 1)}`,
        );
        record(`Lighthouse ${name} page (${p})${mode.suffix}: cumulative layout shift, median of ${LIGHTHOUSE_RUNS}`, median(cls), null, 0.1, 'abs', '');
      }
    await browser.disconnect();
    const kb = [...landingScripts].reduce((sum, f) => sum + gz(f), 0) / 1024;
    record(
      'initial JavaScript of the landing page, gzipped',
      kb,
      null,
      100,
      'abs',
      'KB',
      `${landingScripts.size} files: the entry, its preloads and what the page loaded`,
    );
  } finally {
    await chrome.kill();
  }
}

// ---- main -----------------------------------------------------------------------------------
async function main() {
  const started = Date.now();
  // Ctrl-C or a SIGTERM (a CI job stopped, `kill`) stops the servers and drops the databases too.
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
  process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));
  // An error no scenario catches (a child process's 'error' event) still stops the servers and drops the databases.
  process.on('uncaughtException', (e) => {
    console.error(e);
    void cleanup().then(() => process.exit(2));
  });
  if (only.has('client') && !fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))
    fail(`The client scenario runs Lighthouse in Chromium: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  log(`run ${runId}: small ${JSON.stringify(SIZES.small)}, large ${JSON.stringify(SIZES.large)}; scenarios ${[...only].join(', ')}`);
  try {
    for (const name of Object.values(dbNames)) await admin(`CREATE DATABASE "${name}"`);
    // 250 students per school: the caseload scenario's baseline school (the issue's 250 vs 2,500).
    const small = seed(dbNames.small, SIZES.small, ['--growth', String(GROWTH_FACTOR), '--export-forms', EXPORT_COUNTS.join(','), '--students-per-school', '250']);
    const large =
      only.has('statements') || only.has('latency') || only.has('import') || only.has('caseload')
        ? seed(dbNames.large, SIZES.large, ['--students-per-school', String(Math.max(2500, Math.ceil(SIZES.large.students / 20)))])
        : null;
    if (!opts['no-build'] || !fs.existsSync(path.join(ROOT, 'server/dist/server/src/main.js'))) {
      log('building the app (npm run build)');
      const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (b.status !== 0) fail(`npm run build failed:\n${b.stdout.slice(-4000)}\n${b.stderr.slice(-4000)}`);
      const sizes = b.stdout.split('\n').filter((l) => /index-.*\.js/.test(l));
      for (const l of sizes) log(`  vite: ${l.trim()}`);
    }
    const port = Number(opts.port);
    const env = { small: { ...(await startServer(dbNames.small, port)), seed: small } };
    if (large) env.large = { ...(await startServer(dbNames.large, port + 1)), seed: large };
    if (dbNames.demo) {
      env.demo = await startServer(dbNames.demo, port + 2, { SEED_DEMO: 'true' });
      env.demo.counselorToken = await login(env.demo.origin, 'admin@lincoln.example');
    }

    // Who signs in: each district's first student and first staff member; students with plans of the same length for latency.
    const latencyStudents = async (name, planSize) =>
      withDb(name, async (c) =>
        (
          await c.query(
            `SELECT u.email FROM users u JOIN scheduled_courses s ON s.user_id = u.id WHERE u.email LIKE 'student-%'
        GROUP BY u.id HAVING count(*) = $1 ORDER BY u.id LIMIT 10`,
            [planSize],
          )
        ).rows.map((r) => r.email),
      );
    const planSize = 30;
    env.latencyPlanSize = planSize;
    for (const size of Object.keys(SIZES)) {
      const d = env[size];
      if (!d) continue;
      d.studentToken = await login(d.origin, d.seed.firstStudentEmail);
      d.staffToken = await login(d.origin, d.seed.staffEmails[0]);
      if (only.has('latency') || size === 'small') d.latencyTokens = await Promise.all((await latencyStudents(dbNames[size], planSize)).map((e) => login(d.origin, e)));
    }
    const s = env.small;
    s.planToken = s.latencyTokens[0];
    s.planCourseId = (await call(s.origin, 'GET', '/api/user-scheduled-courses/', { token: s.planToken })).body[0].course.id;
    s.growth = { baseToken: await login(s.origin, small.growth.baseEmail), grownToken: await login(s.origin, small.growth.grownEmail) };
    s.exportForms = small.exportForms;
    s.exportToken = await login(s.origin, small.exportForms.staffEmail);

    const scenarios = {
      statements: scenarioStatements,
      overhead: scenarioOverhead,
      gqlmemory: scenarioGqlMemory,
      growth: scenarioGrowth,
      latency: scenarioLatency,
      import: scenarioImport,
      export: scenarioExport,
      client: scenarioClient,
      gqllimits: (env) => scenarioGqlLimits(env, { call, stats, record, fail, median, requests: CPU_REQUESTS }),
      gqlanonymous: (env) => scenarioGqlAnonymous(env, { call, stats, record, fail, median, requests: CPU_REQUESTS }),
      accounts: (e) => scenarioAccounts(e, { record, median, withDb, log, dbName: dbNames.small }),
      lifecycle: () => scenarioLifecycle({ root: ROOT, databaseUrl: dbUrl(dbNames.small), record, log, fail }),
      roster: (e) => scenarioRoster(e, { call, stats, record, fail, median, log, quick: Boolean(opts.quick) }),
      pdfsize: (env) => scenarioPdfSize(env, { record }),
      transcripts: (e) =>
        scenarioTranscripts(e, {
          call,
          stats,
          record,
          fail,
          median,
          log,
          quick: Boolean(opts.quick),
          students: opts['transcript-students'] ? Number(opts['transcript-students']) : undefined,
          dbUrl: dbUrl(dbNames.small),
          withDb: (fn) => withDb(dbNames.small, fn),
        }),
      caseload: (e) => scenarioCaseload(e, { call, load, record, fail, median, login, withDb: (size, fn) => withDb(dbNames[size], fn) }),
      queue: () =>
        scenarioQueue({
          root: ROOT,
          admin,
          dbUrl,
          dbName: queueDbName,
          track: (child) => children.push(child),
          record,
          log,
          fail,
          quick: Boolean(opts.quick),
          keep: opts.keep,
          concurrency: opts['job-concurrency'],
        }),
      autoplan: () =>
        scenarioAutoPlan({
          root: ROOT,
          admin,
          dbName: autoplanDbName,
          districtDbName: autoplanDistrictDbName,
          seedDistrict: seed,
          port: port + 3,
          startServer,
          login,
          call,
          stats,
          withDb,
          record,
          fail,
          median,
          log,
        }),
      demand: () => scenarioDemand({ admin, dbName: demandDbName, seedDistrict: seed, port: port + 5, startServer, login, call, withDb, record, fail, median }),
    };
    for (const name of ALL) {
      if (!only.has(name)) continue;
      log(`scenario ${name}`);
      await scenarios[name](env);
    }
  } finally {
    await cleanup();
  }
  printTable();
  const out = {
    when: new Date().toISOString(),
    quick: opts.quick,
    sizes: SIZES,
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { cpus: os.cpus().length, node: process.version, loadAverageAtEnd: os.loadavg().map((x) => round(x, 1)) },
    rows,
  };
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${out.when.replace(/[:.]/g, '-')}${opts.quick ? '-quick' : ''}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2));
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(out, null, 2));
  log(`results: ${path.relative(ROOT, file)} (${out.seconds} s)`);
  process.exit(rows.every((r) => r.pass) ? 0 : 1);
}

main().catch(async (e) => {
  console.error(e instanceof BenchError ? `bench: ${e.message}` : e);
  await cleanup();
  process.exit(2);
});
