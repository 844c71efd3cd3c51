/** The daily retention job: what it deletes, what it keeps, in batches, and how it is scheduled. */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { useHarness } from '../../test/harness.js';
import { backgroundHandlers } from './background.js';
import { JobInterrupted, JobWorker } from './job-queue.js';
import { applyRetention, nextRetentionRun, RETENTION_QUEUE, retentionPolicy, scheduleRetention } from './retention.js';

const h = useHarness();
const hex = () => crypto.randomBytes(8).toString('hex');

async function userId(): Promise<number> {
  return (await h.db.query(`SELECT id FROM users ORDER BY id LIMIT 1`))[0].id;
}

async function outbox(status: string, ageDays: number): Promise<string> {
  const [{ id }] = await h.db.query(
    `INSERT INTO outbox_messages (channel, recipient, subject, body, status, created_at)
     VALUES ('email', 'retention@example.org', 'Reset', 'https://planner.test/reset-password/x/secret', $1, now() - make_interval(days => $2)) RETURNING id`,
    [status, ageDays],
  );
  return id;
}

async function job(status: string, finishedDaysAgo: number | null, queue = `test.retention.${hex()}`): Promise<string> {
  const [{ id }] = await h.db.query(
    `INSERT INTO jobs (queue, status, created_at, run_at, finished_at)
     VALUES ($1, $2, now() - interval '90 days', now() + interval '1 day', now() - make_interval(days => $3)) RETURNING id::text AS id`,
    [queue, status, finishedDaysAgo ?? 0],
  );
  if (finishedDaysAgo === null) await h.db.query(`UPDATE jobs SET finished_at = NULL WHERE id = $1`, [id]);
  return id;
}

/** A token row: ages in days ago (negative: in the future); null leaves the column empty. */
async function token(t: { expires: number; revoked?: number; lastUsed?: number; kind?: 'session' | 'api' }): Promise<string> {
  const [{ id }] = await h.db.query(
    `INSERT INTO auth_tokens (token_hash, user_id, kind, expires_at, revoked_at, last_used_at)
     VALUES ($1, $2, $3, now() - make_interval(days => $4), CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(days => $5::int) END,
             now() - make_interval(days => $6)) RETURNING id`,
    [hex(), await userId(), t.kind ?? 'session', t.expires, t.revoked ?? null, t.lastUsed ?? 0],
  );
  return id;
}

async function resetLink(expiresDaysAgo: number, usedDaysAgo: number | null): Promise<string> {
  const [{ id }] = await h.db.query(
    `INSERT INTO password_resets (user_id, token_hash, expires_at, used_at)
     VALUES ($1, $2, now() - make_interval(days => $3), CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(days => $4::int) END) RETURNING id`,
    [await userId(), hex(), expiresDaysAgo, usedDaysAgo],
  );
  return id;
}

async function bucket(startedSecondsAgo: number): Promise<string> {
  const key = `retention-test:${hex()}`;
  await h.db.query(`INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, now() - make_interval(secs => $2), 3)`, [key, startedSecondsAgo]);
  return key;
}

async function throttleRow(lastFailureSecondsAgo: number): Promise<string> {
  const key = `retention-test:${hex()}`;
  await h.db.query(`INSERT INTO sign_in_throttles (key, failures, last_failure_at) VALUES ($1, 12, now() - make_interval(secs => $2))`, [key, lastFailureSecondsAgo]);
  return key;
}

async function stripeEvent(ageDays: number): Promise<string> {
  const id = `evt_${hex()}`;
  await h.db.query(`INSERT INTO stripe_events (id, type, received_at) VALUES ($1, 'invoice.paid', now() - make_interval(days => $2))`, [id, ageDays]);
  return id;
}

/** A finished roster import, course-history import and auto-plan batch (with a student's result), finished that long ago. */
async function reports(finishedDaysAgo: number): Promise<{ roster_imports: string; transcript_imports: string; auto_plan_batches: string }> {
  const [{ school_id, id: user }] = await h.db.query(`SELECT school_id, id FROM users WHERE school_id IS NOT NULL ORDER BY id LIMIT 1`);
  const finished = `now() - make_interval(days => ${Number(finishedDaysAgo)})`;
  const [r] = await h.db.query(`INSERT INTO roster_imports (school_id, state, total_rows, finished_at) VALUES ($1, 'done', 1, ${finished}) RETURNING id`, [school_id]);
  const [t] = await h.db.query(`INSERT INTO transcript_imports (school_id, state, finished_at) VALUES ($1, 'failed', ${finished}) RETURNING id`, [school_id]);
  const [b] = await h.db.query(`INSERT INTO auto_plan_batches (requested_by, state, total, finished_at) VALUES ($1, 'done', 1, ${finished}) RETURNING id`, [user]);
  await h.db.query(`INSERT INTO auto_plan_batch_students (batch_id, position, student_id, outcome) VALUES ($1, 0, $2, 'NO_PATHWAY')`, [b.id, user]);
  return { roster_imports: r.id, transcript_imports: t.id, auto_plan_batches: b.id };
}

const asLists = <T extends Record<string, string>>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, [v]])) as { [K in keyof T]: string[] };

async function exists(table: string, key: string, value: string): Promise<boolean> {
  return (await h.db.query(`SELECT 1 FROM ${table} WHERE ${key} = $1`, [value])).length > 0;
}

describe('retention', () => {
  it('takes its periods from the configuration: outbox 30 days, jobs 14, failed jobs 30, tokens 30, Stripe events 30', () => {
    expect(retentionPolicy(h.config)).toEqual({
      outboxDays: 30,
      jobDays: 14,
      failedJobDays: 30,
      tokenDays: 30,
      stripeEventDays: 30,
      tokenIdleMinutes: h.config.tokenIdleMinutes,
      rateLimitWindowSeconds: 900,
    });
  });

  it('deletes rows older than their period and keeps newer ones, pending messages and unfinished jobs', async () => {
    const gone = {
      outbox_messages: [await outbox('sent', 31), await outbox('failed', 31)],
      jobs: [await job('done', 15), await job('failed', 31)],
      auth_tokens: [
        await token({ expires: 31 }),
        await token({ expires: -60, revoked: 31 }),
        // A session unused for its idle time (7 days) plus 30 days.
        await token({ expires: -60, lastUsed: 38 }),
      ],
      password_resets: [await resetLink(31, null), await resetLink(24, 31)],
      rate_limit_buckets: [await bucket(16 * 60)],
      sign_in_throttles: [await throttleRow(16 * 60)],
      stripe_events: [await stripeEvent(31)],
      ...asLists(await reports(31)),
    };
    const kept = {
      outbox_messages: [await outbox('pending', 400), await outbox('sent', 29)],
      jobs: [await job('done', 13), await job('failed', 20), await job('pending', null), await job('running', null)],
      auth_tokens: [
        await token({ expires: 29 }),
        await token({ expires: -60, revoked: 29 }),
        await token({ expires: -60, lastUsed: 36 }),
        // An API token has no idle end: only its expiry counts.
        await token({ expires: -60, lastUsed: 100, kind: 'api' }),
      ],
      password_resets: [await resetLink(29, null), await resetLink(-1, null)],
      rate_limit_buckets: [await bucket(5 * 60)],
      sign_in_throttles: [await throttleRow(5 * 60)],
      stripe_events: [await stripeEvent(29)],
      ...asLists(await reports(29)),
    };
    const accessLogBefore = (await h.db.query(`SELECT count(*)::int AS n FROM student_record_access`))[0].n;

    const deleted = await applyRetention(h.db, retentionPolicy(h.config));

    const key = (table: string) => (table === 'rate_limit_buckets' || table === 'sign_in_throttles' ? 'key' : 'id');
    for (const [table, ids] of Object.entries(gone)) {
      for (const id of ids) expect(await exists(table, key(table), id), `${table} ${id} deleted`).toBe(false);
    }
    for (const [table, ids] of Object.entries(kept)) {
      for (const id of ids) expect(await exists(table, key(table), id), `${table} ${id} kept`).toBe(true);
    }
    expect(deleted['outbox messages']).toBeGreaterThanOrEqual(2);
    expect(deleted['Stripe event ids']).toBeGreaterThanOrEqual(1);
    // A batch's students' results went with it.
    expect(await h.db.query(`SELECT 1 FROM auto_plan_batch_students WHERE batch_id = $1`, [gone.auto_plan_batches[0]])).toEqual([]);
    expect(await h.db.query(`SELECT 1 FROM auto_plan_batch_students WHERE batch_id = $1`, [kept.auto_plan_batches[0]])).toHaveLength(1);
    // The access log is append-only: never touched.
    expect((await h.db.query(`SELECT count(*)::int AS n FROM student_record_access`))[0].n).toBe(accessLogBefore);
    for (const id of kept.jobs) await h.db.query(`DELETE FROM jobs WHERE id = $1`, [id]);
  });

  it('deletes in batches until none is left', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await stripeEvent(45));
    const deleted = await applyRetention(h.db, retentionPolicy(h.config), undefined, 2);
    expect(deleted['Stripe event ids']).toBe(5);
    for (const id of ids) expect(await exists('stripe_events', 'id', id)).toBe(false);
  });

  it('stops between batches when its signal is aborted (shutdown or lost lease), deleting nothing more', async () => {
    const id = await stripeEvent(45);
    const stopped = new AbortController();
    stopped.abort();
    await expect(applyRetention(h.db, retentionPolicy(h.config), stopped.signal)).rejects.toBeInstanceOf(JobInterrupted);
    expect(await exists('stripe_events', 'id', id)).toBe(true);
    await h.db.query(`DELETE FROM stripe_events WHERE id = $1`, [id]);
  });
});

describe('the daily retention job', () => {
  it('is due at the next 03:00 UTC', () => {
    expect(nextRetentionRun(new Date('2026-11-25T02:59:00Z')).toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(nextRetentionRun(new Date('2026-11-25T03:00:00Z')).toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(nextRetentionRun(new Date('2026-12-31T22:00:00Z')).toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  it('is queued once however many replicas schedule it, runs on one worker, deletes old rows and queues the next day', async () => {
    await h.db.query(`DELETE FROM jobs WHERE queue = $1`, [RETENTION_QUEUE]);
    await scheduleRetention(h.db);
    await scheduleRetention(h.db);
    const pending = await h.db.query(`SELECT id::text AS id, run_at FROM jobs WHERE queue = $1 AND status = 'pending'`, [RETENTION_QUEUE]);
    expect(pending).toHaveLength(1);
    expect(new Date(pending[0].run_at).toISOString()).toBe(nextRetentionRun(new Date()).toISOString());

    const old = await outbox('sent', 40);
    // Due now (as it is at 03:00).
    await h.db.query(`UPDATE jobs SET run_at = now() WHERE id = $1`, [pending[0].id]);
    const handlers = backgroundHandlers(h.db, h.services, {}, 0, retentionPolicy(h.config));
    const workers = [new JobWorker(h.db, { [RETENTION_QUEUE]: handlers[RETENTION_QUEUE] }), new JobWorker(h.db, { [RETENTION_QUEUE]: handlers[RETENTION_QUEUE] })];
    const ran = await Promise.all(workers.map((w) => w.runOnce()));
    expect(ran[0] + ran[1]).toBe(1);
    expect(await exists('outbox_messages', 'id', old)).toBe(false);

    const after = await h.db.query(`SELECT status, run_at FROM jobs WHERE queue = $1 ORDER BY id`, [RETENTION_QUEUE]);
    expect(after.map((r: { status: string }) => r.status)).toEqual(['done', 'pending']);
    // The day after the run's own due time, even though it ran early.
    expect(new Date(after[1].run_at).toISOString()).toBe(nextRetentionRun(new Date(pending[0].run_at)).toISOString());
  });
});

describe('retention settings', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('refuses at start a Stripe event retention under 30 days, saying why', () => {
    process.env.STRIPE_EVENT_RETENTION_DAYS = '7';
    expect(() => loadConfig()).toThrow(/STRIPE_EVENT_RETENTION_DAYS must be at least 30 .*Stripe retries a webhook for 3 days.*got 7/);
  });

  it('reads each period and the lease from the environment', () => {
    Object.assign(process.env, {
      OUTBOX_RETENTION_DAYS: '7',
      JOB_RETENTION_DAYS: '3',
      FAILED_JOB_RETENTION_DAYS: '60',
      TOKEN_RETENTION_DAYS: '10',
      STRIPE_EVENT_RETENTION_DAYS: '90',
      JOB_LEASE_SECONDS: '45',
    });
    const cfg = loadConfig();
    expect(cfg.retention).toEqual({ outboxDays: 7, jobDays: 3, failedJobDays: 60, tokenDays: 10, stripeEventDays: 90 });
    expect(cfg.jobLeaseSeconds).toBe(45);
  });

  it('refuses a zero period and a lease under 10 seconds', () => {
    process.env.OUTBOX_RETENTION_DAYS = '0';
    expect(() => loadConfig()).toThrow(/OUTBOX_RETENTION_DAYS must be at least 1/);
    process.env.OUTBOX_RETENTION_DAYS = '';
    process.env.JOB_LEASE_SECONDS = '3';
    expect(() => loadConfig()).toThrow(/JOB_LEASE_SECONDS must be at least 10/);
  });
});
