/**
 * Scenario `queue`: the background job queue under a district's welcome emails. A database of its
 * own (planner_bench_run_<id>_queue, migrated by the server it starts) and a server of its own
 * whose SMTP_URL is a local SMTP sink (smtp-server, as the SMTP tests use), so no other scenario's
 * server claims these jobs. 50,000 emails (5,000 with --quick) are queued as a roster import
 * queues them (one outbox row and one delivery job each, bulk priority); while they drain, three
 * parents ask for a password reset through `POST /api/request-reset-password/`, at about a tenth,
 * two fifths and seven tenths of the drain.
 * Figures: the time from the emails' commit to the last one received by the sink (budget: 10
 * minutes for 50,000, 1 minute for 5,000), and the slowest of the three reset emails, from the
 * request to the sink (budget 10 s). Every message must end 'sent', each received once.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const RESET_BUDGET_S = 10;
const PROBES = [0.1, 0.4, 0.7];

/** A local SMTP server that takes every message and says when each recipient got one. */
async function smtpSink() {
  const received = new Map();
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // A reverse DNS lookup per connection would time the sink's resolver, not the queue.
    disableReverseLookup: true,
    onData(stream, session, cb) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const at = performance.now();
        for (const r of session.envelope.rcptTo) {
          count += 1;
          const seen = received.get(r.address);
          received.set(r.address, seen ? { at: seen.at, times: seen.times + 1 } : { at, times: 1 });
        }
        cb();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, received, count: () => count, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function startServer(track, root, env, fail) {
  const child = spawn(process.execPath, ['server/dist/server/src/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', BENCH: '', LOG_LEVEL: 'warn', SEED_DEMO: 'false', AUTH_RATE_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Stopped by the bench's cleanup too, should the run be interrupted.
  track(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  for (let i = 0; i < 1200; i++) {
    const m = /listening on http:\/\/localhost:(\d+)/.exec(output);
    if (m) return { origin: `http://127.0.0.1:${m[1]}`, child, output: () => output };
    if (child.exitCode !== null) fail(`The queue scenario's server stopped while starting:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  fail(`The queue scenario's server did not start:\n${output}`);
}

const until = async (check, ms, what, fail) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) fail(`queue: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

export async function scenarioQueue(h) {
  const emails = h.quick ? 5_000 : 50_000;
  const drainBudgetS = h.quick ? 60 : 600;
  const name = h.dbName;
  await h.admin(`CREATE DATABASE "${name}"`);
  const sink = await smtpSink();
  let server = null;
  const db = new pg.Client({ connectionString: h.dbUrl(name) });
  try {
    // LOG_LEVEL=info: the start-up line says where it listens (and the migrations it applied).
    server = await startServer(
      h.track,
      h.root,
      { DATABASE_URL: h.dbUrl(name), SMTP_URL: `smtp://127.0.0.1:${sink.port}`, LOG_LEVEL: 'info', ...(h.concurrency ? { JOB_CONCURRENCY: h.concurrency } : {}) },
      h.fail,
    );
    await db.connect();
    const {
      rows: [school],
    } = await db.query(`INSERT INTO schools (name, school_type, location) VALUES ('Queue Bench High', 'HS', 'CA') RETURNING id`);
    const parents = PROBES.map((_, i) => `reset-${i}@queue.bench.example.org`);
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, school_id)
       SELECT e, 'not-a-hash', 'Parent', 'Waiting', 3, $2 FROM unnest($1::text[]) AS e`,
      [parents, school.id],
    );
    const bulk = Array.from({ length: emails }, (_, i) => `welcome-${i}@queue.bench.example.org`);
    // As OutboxService.enqueueMany writes a roster's welcome emails: the rows, then their jobs (priority 0), in one transaction.
    await db.query('BEGIN');
    const { rows: ids } = await db.query(
      `INSERT INTO outbox_messages (channel, recipient, subject, body, status, school_id)
       SELECT 'email', r, 'Set your password for Pathway Planner', 'Welcome. Open this link within 7 days to choose your password: https://planner.example.org/reset-password/x/y', 'pending', $2
         FROM unnest($1::text[]) AS r RETURNING id`,
      [bulk, school.id],
    );
    await db.query(
      `INSERT INTO jobs (queue, payload, max_attempts, singleton_key)
       SELECT 'outbox.deliver', jsonb_build_object('messageId', id), 5, id FROM unnest($1::text[]) AS id`,
      [ids.map((r) => r.id)],
    );
    await db.query('COMMIT');
    const started = performance.now();
    h.log(`  queue: ${emails} emails queued`);

    const resets = [];
    for (const [i, share] of PROBES.entries()) {
      await until(() => sink.count() >= emails * share, drainBudgetS * 2000, `${Math.round(share * 100)}% of the emails`, h.fail);
      const asked = performance.now();
      const r = await fetch(`${server.origin}/api/request-reset-password/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: parents[i] }),
      });
      if (r.status >= 300) h.fail(`queue: the reset request answered ${r.status}: ${await r.text()}`);
      await until(() => sink.received.has(parents[i]), 60_000, `the reset email of ${parents[i]}`, h.fail);
      const s = (sink.received.get(parents[i]).at - asked) / 1000;
      resets.push({ s, backlog: emails - sink.count() });
      h.log(`  queue: reset email ${i + 1} delivered in ${s.toFixed(2)} s with ${emails - sink.count()} emails still queued`);
    }
    await until(() => sink.count() >= emails + PROBES.length, drainBudgetS * 2000, 'every email', h.fail);
    const drainS = (Math.max(...bulk.map((r) => sink.received.get(r)?.at ?? Infinity)) - started) / 1000;
    // The row says 'sent' just after the relay took the message.
    let state;
    for (let i = 0; i < 100; i++) {
      [state] = (
        await db.query(`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*)::int AS total FROM outbox_messages WHERE school_id = $1`, [school.id])
      ).rows;
      if (state.sent === state.total) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const twice = [...sink.received.values()].filter((v) => v.times > 1).length;
    if (state.sent !== emails + PROBES.length || twice) h.fail(`queue: ${state.sent} of ${state.total} messages sent, ${twice} received twice`);
    h.record(
      `job queue: ${emails.toLocaleString('en-US')} queued welcome emails to a local SMTP sink, commit to last received`,
      drainS,
      null,
      drainBudgetS,
      'abs',
      's',
      `${Math.round(emails / drainS)} emails/s; JOB_CONCURRENCY ${h.concurrency || 'default'}`,
    );
    h.record(
      `job queue: a password reset email while they drain, request to received (slowest of ${PROBES.length})`,
      Math.max(...resets.map((r) => r.s)),
      null,
      RESET_BUDGET_S,
      'abs',
      's',
      `each ${resets.map((r) => `${r.s.toFixed(2)} s (${r.backlog} queued)`).join(', ')}`,
    );
  } finally {
    await db.end().catch(() => {});
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    await sink.close();
    if (!h.keep) await h.admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((e) => h.log(`could not drop ${name}: ${e.message}`));
  }
}
