/**
 * `npm run test:cluster`: what a district running several app processes, a read replica and a
 * balancer relies on, shown on a real one (cluster.mjs: the machine's PostgreSQL, a streaming
 * replica, 2 app processes from the built app, nginx with deploy/nginx.conf).
 *
 * Needs DATABASE_URL (a database of the machine's PostgreSQL; the cluster takes `<name>_cluster`
 * next to it, dropped at the end) and the built app (npm run build). Ports: nginx 4471, apps
 * 4472-4473, SMTP sink 4479, replica 5433 (CLUSTER_PORT, CLUSTER_REPLICA_PORT move them).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startCluster } from './cluster.mjs';
import { load } from './load.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = 'Planner#2026';
const base = Number(process.env.CLUSTER_PORT || 4471);
const SMTP_PORT = base + 8;
const METRICS_TOKEN = 'cluster-test-metrics-token';

if (!process.env.DATABASE_URL) throw new Error('npm run test:cluster needs DATABASE_URL (a database of the PostgreSQL server to use as primary)');
const given = new URL(process.env.DATABASE_URL);
const dbName = `${decodeURIComponent(given.pathname.slice(1))}_cluster`;
const primaryUrl = Object.assign(new URL(given), { pathname: `/${dbName}` }).toString();
const adminUrl = Object.assign(new URL(given), { pathname: '/postgres' }).toString();

async function sql(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

let cluster;
const mail = [];
let smtp;

before(async () => {
  await sql(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await sql(adminUrl, `CREATE DATABASE "${dbName}"`);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (c) => (text += c));
      stream.on('end', () => {
        mail.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        done();
      });
    },
  });
  await new Promise((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  cluster = await startCluster({
    primaryUrl,
    port: base,
    apps: 2,
    replicaPort: Number(process.env.CLUSTER_REPLICA_PORT || 5433),
    env: {
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The shortest lease the app allows: a killed process's job is taken over within seconds.
      JOB_LEASE_SECONDS: '10',
      ROSTER_BATCH_SIZE: '25',
      METRICS_TOKEN,
    },
    log: (line) => console.log(`# ${line}`),
  });
});

after(async () => {
  await cluster?.stop();
  await new Promise((r) => (smtp ? smtp.close(r) : r()));
  await sql(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
});

/** fetch against nginx (or one app: `port`), JSON in and out. */
async function call(method, path, { token, body, port } = {}) {
  const res = await fetch(`http://127.0.0.1:${port ?? base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return { status: res.status, body: json, headers: res.headers };
}

async function signIn(email, port) {
  const res = await call('POST', '/api/login/', { body: { email, password: PASSWORD }, port });
  assert.equal(res.status, 200, `sign-in of ${email}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** Course codes of the caller's own course list matching `search`. */
async function courseCodes(token, search) {
  const res = await call('GET', `/api/courses/?search=${encodeURIComponent(search)}&page_size=100`, { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const rows = Array.isArray(res.body) ? res.body : res.body.results;
  return rows.map((c) => c.course_id).sort();
}

async function createCourse(token, code) {
  const res = await call('POST', '/api/courses/create/', { token, body: { course_id: code, title: `Cluster ${code}` } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
}

/** GETs on `path` through nginx for `seconds` from 8 keep-alive connections, as a browser sends them (load.mjs). */
function loadOn({ path: address, token, seconds }) {
  return load({ url: `http://127.0.0.1:${base}${address}`, headers: { authorization: `Token ${token}` }, seconds });
}

/**
 * A check with the cluster's logs: should it fail, or should an app process exit without being told
 * to while it runs, the ends of every app's log, nginx's error log and the replica's log are printed
 * with it, so the failure explains itself.
 */
function check(name, fn) {
  return it(name, async () => {
    const exitsBefore = cluster.unexpectedExits.length;
    try {
      await fn();
    } catch (e) {
      console.log(`# ${name}: failed; the cluster's logs:\n${indent(cluster.logTails())}`);
      throw e;
    }
    const exits = cluster.unexpectedExits.slice(exitsBefore);
    if (exits.length) {
      console.log(`# ${name}: an app process exited; the cluster's logs:\n${indent(cluster.logTails())}`);
      assert.fail(`app processes exited during the check: ${exits.map((x) => `${x.at} ${x.what}`).join('; ')}`);
    }
  });
}

/** From now on: a function answering the lines nginx's error log got since. */
function nginxErrorLogFrom() {
  const file = path.join(cluster.dir, 'nginx-error.log');
  const from = fs.statSync(file).size;
  return () => fs.readFileSync(file).subarray(from).toString('utf8').split('\n').filter(Boolean);
}

const indent = (text) => text.replace(/^/gm, '# ');

function assertNoFailure(result, what, events = []) {
  assert.ok(result.requests.total > 0, `${what}: no request was made`);
  const failed = result.errors + result.non2xx;
  if (failed > 0) {
    const detail = [`failed requests: ${result.problems.slice(0, 10).join('; ')}`, `events: ${events.join('; ') || '-'}`].join('\n');
    assert.equal(result.errors, 0, `${what}: ${result.errors} connection errors (${result.timeouts} of them timeouts)\n${detail}`);
    assert.equal(result.non2xx, 0, `${what}: ${result.non2xx} answers other than 2xx\n${detail}`);
  }
}

describe('reads on the replica', () => {
  check('answers a read that may be stale from the replica, a person who wrote from where their write is, and a lagging replica no more', async () => {
    const counselor = await signIn('admin@lincoln.example');
    const student = await signIn('student@lincoln.example');
    const tag = `R${Date.now().toString(36).toUpperCase()}`;
    await createCourse(counselor, `${tag}-A`);
    // Replay is paused right after the replica applied a fresh transaction: its lag starts at 0.
    await cluster.replica.caughtUp();
    await cluster.replica.pauseReplay();
    const paused = Date.now();
    try {
      await createCourse(counselor, `${tag}-B`);
      // The counselor's next read (a GET: any process) waits for a replica that has B, or reads the primary.
      assert.deepEqual(await courseCodes(counselor, tag), [`${tag}-A`, `${tag}-B`]);
      // The student wrote nothing: the course list comes from the replica, which has A but not yet B.
      assert.deepEqual(await courseCodes(student, tag), [`${tag}-A`]);
      assert.ok(Date.now() - paused < 5000, 'the stale read came within the lag allowed');
      // Past REPLICA_MAX_LAG_SECONDS (5 s) of lag the replica answers no one: the primary has B.
      await sleep(Math.max(0, paused + 5500 - Date.now()));
      assert.deepEqual(await courseCodes(student, tag), [`${tag}-A`, `${tag}-B`]);
    } finally {
      await cluster.replica.resumeReplay();
    }
    await cluster.replica.caughtUp();
    assert.deepEqual(await courseCodes(student, tag), [`${tag}-A`, `${tag}-B`]);
  });

  check('loses no request when the replica stops under load: reads go to the primary', async () => {
    const student = await signIn('student@lincoln.example');
    const running = loadOn({ path: '/api/courses/?page_size=20', token: student, seconds: 10 });
    await sleep(2500);
    cluster.replica.halt();
    const halted = Date.now();
    await sleep(4000);
    cluster.replica.start();
    const result = await running;
    assertNoFailure(result, 'course list while the replica stopped');
    console.log(`# replica stopped for ${Date.now() - halted} ms: ${result.requests.total} requests, p99 ${result.latency.p99} ms`);
    await cluster.replica.caughtUp();
  });
});

describe('several app processes', () => {
  // CI runs this file on the machine's Node and on the Docker image's (scripts/with-image-node.sh):
  // the apps must run on the same one, or the image's runtime would not be the one tested.
  check("runs every app process on the test's own Node", async () => {
    for (const app of cluster.apps) {
      const res = await fetch(`http://127.0.0.1:${app.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      assert.equal(res.status, 200);
      const version = /^nodejs_version_info\{version="([^"]+)"/m.exec(await res.text())?.[1];
      assert.equal(version, process.version, `app on port ${app.port}`);
    }
  });

  check('accepts a token from one process on the other', async () => {
    const [a, b] = cluster.apps;
    const token = await signIn('student@lincoln.example', a.port);
    const me = await call('GET', '/api/current-user/', { token, port: b.port });
    assert.equal(me.status, 200);
    assert.equal(me.body.email, 'student@lincoln.example');
    const out = await call('POST', '/api/logout/', { token, port: b.port });
    assert.ok(out.status < 300);
    assert.equal((await call('GET', '/api/current-user/', { token, port: a.port })).status, 401);
  });

  check('throttles sign-in guesses across processes: two processes do not allow twice the attempts', async () => {
    const [a, b] = cluster.apps;
    const statuses = [];
    for (let i = 0; i < 14; i++) {
      const res = await call('POST', '/api/login/', { body: { email: 'parent@lincoln.example', password: `wrong-${i}` }, port: (i % 2 ? b : a).port });
      statuses.push(res.status);
    }
    // AUTH_RATE_LIMIT is 10: the 11th attempt is refused whichever process gets it.
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.deepEqual(statuses.slice(10), Array(4).fill(429));
  });

  check('sends a queued email once, though every process runs the outbox', async () => {
    const before = mail.length;
    const res = await call('POST', '/api/request-reset-password/', { body: { email: 'baseline@lincoln.example' } });
    assert.ok(res.status < 300, JSON.stringify(res.body));
    const until = Date.now() + 30_000;
    while (Date.now() < until && !mail.slice(before).some((m) => m.to.includes('baseline@lincoln.example'))) await sleep(200);
    // Both workers poll every few seconds: a second copy would have come by now.
    await sleep(4000);
    const sent = mail.slice(before).filter((m) => m.to.includes('baseline@lincoln.example'));
    assert.equal(sent.length, 1);
  });

  check('finishes a roster import whose process was killed mid-way: every row once', async () => {
    const counselor = await signIn('admin@lincoln.example');
    const tag = `K${Date.now().toString(36)}`;
    const rows = Array.from({ length: 1500 }, (_, i) => `${tag}-${i},Kid${i},Roster,${tag}.${i}@lincoln.example,10`);
    const form = new FormData();
    form.append('file', new Blob([['sourcedId,givenName,familyName,email,grade', ...rows].join('\r\n')], { type: 'text/csv' }), 'roster.csv');
    const started = await fetch(`http://127.0.0.1:${base}/api/roster-import/`, { method: 'POST', headers: { authorization: `Token ${counselor}` }, body: form });
    assert.equal(started.status, 202, await started.clone().text());
    const { id } = await started.json();
    // Wait until some rows are saved, then kill the process holding the job.
    let holder = null;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const [job] = await sql(primaryUrl, `SELECT locked_by FROM jobs WHERE status = 'running' AND locked_by IS NOT NULL AND queue LIKE '%roster%'`);
      const status = await call('GET', `/api/roster-imports/${id}/`, { token: counselor });
      if (job && status.body.done_rows > 0 && status.body.done_rows < rows.length) {
        holder = job.locked_by;
        break;
      }
      await sleep(50);
    }
    assert.ok(holder, 'the import was seen running part-way');
    const pid = Number(holder.split(':')[1]);
    const victim = cluster.apps.find((a) => a.pid === pid);
    assert.ok(victim, `the job runs in one of the cluster's processes (${holder})`);
    await victim.stop('SIGKILL');
    // The other process takes the job once its lease lapses (10 s) and finishes it.
    let done = null;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const status = await call('GET', `/api/roster-imports/${id}/`, { token: counselor });
      if (status.status === 200 && ['done', 'failed'].includes(status.body.state)) {
        done = status.body;
        break;
      }
      await sleep(500);
    }
    await victim.start();
    assert.equal(done?.state, 'done', JSON.stringify(done));
    const [{ people, distinct }] = await sql(
      primaryUrl,
      `SELECT count(*)::int AS people, count(DISTINCT sourced_id)::int AS distinct FROM users WHERE sourced_id LIKE $1`,
      [`${tag}-%`],
    );
    assert.equal(people, rows.length);
    assert.equal(distinct, rows.length);
  });

  check('restarts each process in turn under 60 s of load: no request fails, nginx loses none on its way to an app', async () => {
    const student = await signIn('student@lincoln.example');
    const errorLog = nginxErrorLogFrom();
    const running = loadOn({ path: '/api/courses/?page_size=20', token: student, seconds: 60 });
    const restarts = [];
    const events = [];
    const started = Date.now();
    const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    await sleep(5000);
    for (const app of cluster.apps) {
      const t = Date.now();
      // As a rolling deploy does: out of the proxy first, so no request is on its way to the process as it stops.
      await cluster.takeOut(app);
      events.push(`${at()} ${app.port} out of nginx's upstream`);
      const exit = await app.stop('SIGTERM');
      events.push(`${at()} ${app.port} exited after SIGTERM`);
      assert.equal(exit.code, 0, `process on ${app.port} stopped cleanly`);
      await app.start();
      await cluster.putBack(app);
      events.push(`${at()} ${app.port} answers again, back in nginx's upstream`);
      restarts.push(Date.now() - t);
      // Both take the load a while before the next one stops.
      await sleep(3000);
    }
    const result = await running;
    assertNoFailure(result, 'rolling restart', events);
    // A GET that an app reset is tried on the other by nginx and never reaches the load as a failure;
    // a POST would get 502. nginx logs each such exchange (and any other it failed) at level error.
    const failedUpstream = errorLog().filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
    assert.deepEqual(failedUpstream, [], `nginx's error log during the rolling restart (events: ${events.join('; ')})`);
    console.log(
      `# rolling restart: ${result.requests.total} requests in 60 s (${result.retried} sent again on a new connection after nginx closed a kept-alive one), restarts took ${restarts.join(', ')} ms, p99 ${result.latency.p99} ms`,
    );
  });
});
