/** The job queue's leases (holder, heartbeat, reclaim after a lapse) and its stop(). */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { useHarness } from '../../test/harness.js';
import { enqueueJob, JobWorker, PERSON_WAITING, stopIfAsked, type EnqueueOptions, type FailureKind, type JobHandler } from './job-queue.js';

const h = useHarness();

/** A queue of its own per test, so no other job is claimed. */
async function queueWithJob(opts: EnqueueOptions = {}): Promise<{ queue: string; id: string }> {
  const queue = `test.${crypto.randomBytes(4).toString('hex')}`;
  await enqueueJob(h.db, queue, { n: 1 }, opts);
  const [{ id }] = await h.db.query(`SELECT id::text AS id FROM jobs WHERE queue = $1`, [queue]);
  return { queue, id };
}

async function jobRow(id: string) {
  const [row] = await h.db.query(`SELECT status, attempts, locked_by, last_error, finished_at, lease_expires_at FROM jobs WHERE id = $1`, [id]);
  return row as { status: string; attempts: number; locked_by: string | null; last_error: string | null; finished_at: Date | null; lease_expires_at: Date | null };
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A handler that waits for the test to let it go, then finishes (or fails), ignoring its signal. */
function heldHandler(outcome: 'completes' | 'fails') {
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  let signal: AbortSignal | undefined;
  const handler: JobHandler = async (_payload, _job, stopping) => {
    signal = stopping;
    await gate;
    if (outcome === 'fails') throw new Error('late failure');
  };
  return { handler, letGo, signal: () => signal };
}

describe('job leases', () => {
  it.each(['completes', 'fails'] as const)(
    'a lapsed lease lets another worker reclaim and finish the job; the first worker is told, and when it %s late nothing changes',
    async (outcome) => {
      const { queue, id } = await queueWithJob();
      const first = heldHandler(outcome);
      const a = new JobWorker(h.db, { [queue]: first.handler }, { leaseSeconds: 60 });
      const runA = a.runOnce();
      await waitFor(async () => (await jobRow(id)).locked_by === a.id, 'the first worker to claim the job');
      const claimed = await jobRow(id);
      expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
      // The lease runs about JOB_LEASE_SECONDS (60 here) from the claim.
      const leaseLeft = new Date(claimed.lease_expires_at!).getTime() - Date.now();
      expect(leaseLeft).toBeGreaterThan(50_000);
      expect(leaseLeft).toBeLessThanOrEqual(61_000);

      // While the lease holds, another worker leaves the job alone.
      const ranB: string[] = [];
      const b = new JobWorker(h.db, { [queue]: async (_p, job) => void ranB.push(job.id) });
      expect(await b.runOnce()).toBe(0);
      expect(ranB).toEqual([]);

      // The first worker's heartbeat stopped (its replica hung): the lease lapses.
      await h.db.query(`UPDATE jobs SET lease_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
      expect(await b.runOnce()).toBe(1);
      expect(ranB).toEqual([id]);
      const finished = await jobRow(id);
      expect(finished).toMatchObject({ status: 'done', attempts: 2, locked_by: b.id, last_error: null, lease_expires_at: null });

      // The first worker's next heartbeat finds the job gone and aborts its handler's signal.
      expect(first.signal()!.aborted).toBe(false);
      await a.heartbeat();
      expect(first.signal()!.aborted).toBe(true);

      // Its late result is dropped: the row stays as the second worker left it.
      first.letGo();
      expect(await runA).toBe(1);
      expect(await jobRow(id)).toEqual(finished);
    },
  );

  it('the heartbeat keeps a long job from being reclaimed while its worker runs it', async () => {
    const { queue, id } = await queueWithJob();
    // A 1-second lease renewed every third of a second; the job runs 3 seconds.
    const a = new JobWorker(h.db, { [queue]: () => new Promise((resolve) => setTimeout(resolve, 3000)) }, { leaseSeconds: 1 });
    const runA = a.runOnce();
    await waitFor(async () => (await jobRow(id)).locked_by === a.id, 'the first worker to claim the job');
    const b = new JobWorker(h.db, { [queue]: async () => {} });
    let reclaimed = 0;
    const until = Date.now() + 2800;
    while (Date.now() < until) {
      reclaimed += await b.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(reclaimed).toBe(0);
    expect(await runA).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, locked_by: a.id });
  });

  it('a job left running by a replica of the version before leases (no lease) is taken back 10 minutes after its claim', async () => {
    const { queue, id } = await queueWithJob();
    const ran: string[] = [];
    const worker = new JobWorker(h.db, { [queue]: async (_p, job) => void ran.push(job.id) });
    await h.db.query(`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'old-version', locked_at = now() - interval '9 minutes' WHERE id = $1`, [id]);
    expect(await worker.runOnce()).toBe(0);
    await h.db.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    expect(await worker.runOnce()).toBe(1);
    expect(ran).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: worker.id });
  });

  it('only the holder releases a job it was told to give up', async () => {
    const { queue, id } = await queueWithJob();
    // A batched handler that checks its signal between batches.
    let batches = 0;
    const a = new JobWorker(
      h.db,
      {
        [queue]: async (_p, _job, stopping) => {
          for (;;) {
            batches += 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
            stopIfAsked(stopping);
          }
        },
      },
      { leaseSeconds: 60 },
    );
    const runA = a.runOnce();
    await waitFor(async () => batches > 0, 'the first batch');
    // Another worker reclaimed it after a lapse and is running it now.
    await h.db.query(`UPDATE jobs SET locked_by = 'another-worker', lease_expires_at = now() + interval '1 minute', attempts = 2 WHERE id = $1`, [id]);
    await a.heartbeat();
    await runA;
    // The first worker stopped and did not put back a job that is no longer its own.
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2, locked_by: 'another-worker' });
    await h.db.query(`UPDATE jobs SET status = 'done', finished_at = now() WHERE id = $1`, [id]);
  });
});

/**
 * A job whose run takes its process down (out of memory on a huge roster, a native crash): the
 * process never records anything, its heartbeat stops, and its lease lapses. Each run is a worker
 * whose handler never returns, then the lease is made to lapse as the dead process leaves it.
 */
describe('a job that stops the process running it', () => {
  const dead: JobWorker[] = [];
  async function runAndDie(queue: string, id: string, runs: { n: number }): Promise<void> {
    const w = new JobWorker(
      h.db,
      {
        [queue]: () => {
          runs.n += 1;
          return new Promise<void>(() => {});
        },
      },
      { leaseSeconds: 60, stopWaitMs: 10 },
    );
    dead.push(w);
    void w.runOnce();
    await waitFor(async () => (await jobRow(id)).locked_by === w.id, 'a worker to claim the job');
    await h.db.query(`UPDATE jobs SET lease_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
  }
  async function lapseRow(id: string) {
    const [row] = await h.db.query(`SELECT status, attempts, lapses, locked_by, last_error, finished_at IS NOT NULL AS finished FROM jobs WHERE id = $1`, [id]);
    return row;
  }
  /** A healthy worker that records what it ran and what failed for good. */
  function survivor(queue: string) {
    const ran: string[] = [];
    const failed: [string, FailureKind][] = [];
    const worker = new JobWorker(h.db, { [queue]: async (_p, job) => void ran.push(job.id) }, { onFailed: (q, why) => void failed.push([q, why]) });
    return { worker, ran, failed };
  }
  const stopDead = async () => {
    for (const w of dead.splice(0)) await w.stop();
  };

  it('is retried at most max_attempts times, then fails for good with the reason, on the metrics hook and in an error line', async () => {
    const { queue, id } = await queueWithJob({ maxAttempts: 3 });
    const runs = { n: 0 };
    const errors = vi.spyOn(logger, 'error');
    try {
      await runAndDie(queue, id, runs);
      // Taken back after the first lapse (here by a worker of another queue, which does not run it):
      // pending again and due at once, the lost run counted, the lapse said.
      const next = survivor(`${queue}.other`);
      expect(await next.worker.runOnce()).toBe(0);
      const [{ due }] = await h.db.query(`SELECT run_at <= now() AS due FROM jobs WHERE id = $1`, [id]);
      expect(due).toBe(true);
      expect(await lapseRow(id)).toEqual({
        status: 'pending',
        attempts: 1,
        lapses: 1,
        locked_by: null,
        last_error: 'lease lapsed 1 time: the process running it stopped',
        finished: false,
      });

      await runAndDie(queue, id, runs);
      // A second lapse is not retried before the backoff of a first failure (30 s): a job that
      // takes its process down does not take the next replica down at once.
      const waiting = survivor(queue);
      expect(await waiting.worker.runOnce()).toBe(0);
      expect(waiting.ran).toEqual([]);
      const [{ wait }] = await h.db.query(`SELECT extract(epoch FROM run_at - now())::float AS wait FROM jobs WHERE id = $1`, [id]);
      expect(wait).toBeGreaterThan(20);
      expect(wait).toBeLessThanOrEqual(30);
      await h.db.query(`UPDATE jobs SET run_at = now() WHERE id = $1`, [id]);
      await runAndDie(queue, id, runs);
      expect(runs.n).toBe(3);
      // The fourth replica does not run it: the job failed for good.
      const last = survivor(queue);
      expect(await last.worker.runOnce()).toBe(0);
      expect(last.ran).toEqual([]);
      expect(await lapseRow(id)).toEqual({
        status: 'failed',
        attempts: 3,
        lapses: 3,
        locked_by: null,
        last_error: 'lease lapsed 3 times: the process running it stopped',
        finished: true,
      });
      expect(last.failed).toEqual([[queue, 'lease_lapsed']]);
      const line = errors.mock.calls.map((c) => c.map(String).join(' ')).find((l) => l.includes(`job ${id} `));
      expect(line).toContain(`job ${id} (${queue}) failed for good: lease lapsed 3 times: the process running it stopped`);
      // Nor does any later pass.
      expect(await last.worker.runOnce()).toBe(0);
      expect(runs.n).toBe(3);
      expect(last.failed).toHaveLength(1);
    } finally {
      errors.mockRestore();
      await stopDead();
    }
  });

  it('counts a lapse with the attempts that failed: one failure and one lapse use up two attempts', async () => {
    const { queue, id } = await queueWithJob({ maxAttempts: 2 });
    const failing = new JobWorker(
      h.db,
      {
        [queue]: async () => {
          throw new Error('relay said no');
        },
      },
      { backoffBaseSeconds: 0 },
    );
    expect(await failing.runOnce()).toBe(1);
    expect(await lapseRow(id)).toMatchObject({ status: 'pending', attempts: 1, lapses: 0, last_error: 'relay said no' });
    const runs = { n: 0 };
    try {
      await runAndDie(queue, id, runs);
      const last = survivor(queue);
      expect(await last.worker.runOnce()).toBe(0);
      expect(runs.n).toBe(1);
      expect(await lapseRow(id)).toEqual({
        status: 'failed',
        attempts: 2,
        lapses: 1,
        locked_by: null,
        last_error: 'lease lapsed 1 time: the process running it stopped',
        finished: true,
      });
      expect(last.failed).toEqual([[queue, 'lease_lapsed']]);
    } finally {
      await stopDead();
    }
  });

  it('a job already past its attempts when its lease lapses (left by the version that did not count them) fails at once, leased or not', async () => {
    for (const lease of [`lease_expires_at = now() - interval '1 second'`, `lease_expires_at = NULL, locked_at = now() - interval '11 minutes'`]) {
      const { queue, id } = await queueWithJob({ maxAttempts: 5 });
      await h.db.query(`UPDATE jobs SET status = 'running', attempts = 9, locked_by = 'crashed-replica', ${lease} WHERE id = $1`, [id]);
      const last = survivor(queue);
      expect(await last.worker.runOnce()).toBe(0);
      expect(last.ran).toEqual([]);
      expect(await lapseRow(id)).toMatchObject({ status: 'failed', attempts: 9, lapses: 1, finished: true });
      expect(last.failed).toEqual([[queue, 'lease_lapsed']]);
    }
  });

  it('a job whose lease lapsed once and then runs well is done, its earlier lapse forgotten', async () => {
    const { queue, id } = await queueWithJob({ maxAttempts: 2 });
    const runs = { n: 0 };
    try {
      await runAndDie(queue, id, runs);
      const next = survivor(queue);
      expect(await next.worker.runOnce()).toBe(1);
      expect(await lapseRow(id)).toEqual({ status: 'done', attempts: 2, lapses: 1, locked_by: next.worker.id, last_error: null, finished: true });
      expect(next.failed).toEqual([]);
    } finally {
      await stopDead();
    }
  });
});

describe('stopping a worker', () => {
  it('resolves within its wait even when the handler ignores the signal, and puts the job back at once for another worker without using up an attempt', async () => {
    const { queue, id } = await queueWithJob();
    const first = heldHandler('completes');
    const a = new JobWorker(h.db, { [queue]: first.handler }, { pollMs: 50, stopWaitMs: 500 });
    a.start();
    await waitFor(async () => (await jobRow(id)).locked_by === a.id, 'the worker to claim the job');

    const t = Date.now();
    await a.stop();
    const stoppedMs = Date.now() - t;
    expect(stoppedMs).toBeGreaterThanOrEqual(450);
    expect(stoppedMs).toBeLessThan(5000);
    expect(first.signal()!.aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null, lease_expires_at: null });

    // Another replica takes it at once.
    const b = new JobWorker(h.db, { [queue]: async () => {} });
    expect(await b.runOnce()).toBe(1);
    const done = await jobRow(id);
    expect(done).toMatchObject({ status: 'done', attempts: 1, locked_by: b.id });
    // The stopped worker's handler finishing later changes nothing.
    first.letGo();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobRow(id)).toEqual(done);
  });

  it('a handler that stops at its signal puts its job back as soon as it stops', async () => {
    const { queue, id } = await queueWithJob();
    let started = false;
    const a = new JobWorker(
      h.db,
      {
        [queue]: async (_p, _job, stopping) => {
          started = true;
          await new Promise<void>((resolve) => stopping.addEventListener('abort', () => resolve()));
          stopIfAsked(stopping);
        },
      },
      { pollMs: 50, stopWaitMs: 5000 },
    );
    a.start();
    await waitFor(async () => started, 'the handler to start');
    const t = Date.now();
    await a.stop();
    expect(Date.now() - t).toBeLessThan(2000);
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null });
    await h.db.query(`UPDATE jobs SET status = 'done', finished_at = now() WHERE id = $1`, [id]);
  });

  it('leaves no timer behind: a process whose worker was stopped mid-job exits by itself', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const fixture = path.join(here, 'testing', 'stopped-worker-exits.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture], { cwd: path.resolve(here, '../../..'), timeout: 20_000 });
    const report = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(report.aborted).toBe(true);
    expect(report.released).toBe(true);
    expect(report.renewals).toBeGreaterThan(0);
    expect(report.stoppedMs).toBeLessThan(2000);
  });
});

describe('fair share between queues', () => {
  it("a backlog in one queue does not hold back another queue's job: the first pass runs it second", async () => {
    const tag = crypto.randomBytes(4).toString('hex');
    const [emails, imports] = [`test.${tag}.emails`, `test.${tag}.imports`];
    for (let i = 0; i < 25; i++) await enqueueJob(h.db, emails, { n: i });
    await enqueueJob(h.db, imports, { n: 'roster' });
    const ran: string[] = [];
    const record: JobHandler = async (payload) => void ran.push(String(payload.n));
    const worker = new JobWorker(h.db, { [emails]: record, [imports]: record }, { batchSize: 10 });
    expect(await worker.runOnce()).toBe(10);
    expect(ran).toEqual(['0', 'roster', '1', '2', '3', '4', '5', '6', '7', '8']);
    // Then the backlog goes on in order.
    expect(await worker.runOnce()).toBe(10);
    expect(ran.slice(10, 12)).toEqual(['9', '10']);
  });
});

describe('concurrency and priority', () => {
  /** Handlers that count how many of their queue run at once, each held until the test lets all go. */
  function gatedQueues(...queues: string[]) {
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const now: Record<string, number> = {};
    const most: Record<string, number> = {};
    const handlers: Record<string, JobHandler> = {};
    for (const q of queues) {
      now[q] = 0;
      most[q] = 0;
      handlers[q] = async () => {
        now[q] += 1;
        most[q] = Math.max(most[q], now[q]);
        await gate;
        now[q] -= 1;
      };
    }
    return { handlers, now, most, letGo };
  }
  const pendingOf = async (queue: string) => Number((await h.db.query(`SELECT count(*) FROM jobs WHERE queue = $1 AND status <> 'done'`, [queue]))[0].count);

  it('a started worker runs up to its concurrency of each queue at once, a long queue limited to one, and neither holds back the other', async () => {
    const tag = crypto.randomBytes(4).toString('hex');
    const [emails, imports] = [`test.${tag}.emails`, `test.${tag}.imports`];
    for (let i = 0; i < 8; i++) await enqueueJob(h.db, emails, { n: i });
    for (let i = 0; i < 3; i++) await enqueueJob(h.db, imports, { n: i });
    const g = gatedQueues(emails, imports);
    const worker = new JobWorker(h.db, g.handlers, { concurrency: 3, queueConcurrency: { [imports]: 1 }, pollMs: 30 });
    worker.start();
    try {
      await waitFor(async () => g.now[emails] === 3 && g.now[imports] === 1, 'three emails and one import to run');
      // Several polls later, still no more than that.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(g.now).toEqual({ [emails]: 3, [imports]: 1 });
      g.letGo();
      await waitFor(async () => (await pendingOf(emails)) === 0 && (await pendingOf(imports)) === 0, 'every job to finish');
      expect(g.most).toEqual({ [emails]: 3, [imports]: 1 });
    } finally {
      g.letGo();
      await worker.stop();
    }
  });

  it("a slot takes its queue's next job as soon as one ends, not ten per poll: 120 jobs drain before the second poll", async () => {
    const queue = `test.${crypto.randomBytes(4).toString('hex')}`;
    await h.db.query(`INSERT INTO jobs (queue, payload) SELECT $1, jsonb_build_object('n', n) FROM generate_series(1, 120) AS n`, [queue]);
    let running = 0;
    let most = 0;
    const worker = new JobWorker(
      h.db,
      {
        [queue]: async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running -= 1;
        },
      },
      { concurrency: 4, pollMs: 60_000 },
    );
    const started = Date.now();
    worker.start();
    try {
      await waitFor(async () => (await pendingOf(queue)) === 0, 'the 120 jobs to drain');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(most).toBe(4);
    } finally {
      await worker.stop();
    }
  });

  it("a job a person is waiting on runs ahead of its queue's backlog, older or not; among equals the oldest first", async () => {
    const queue = `test.${crypto.randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 20; i++) await enqueueJob(h.db, queue, { n: `bulk${i}` });
    await enqueueJob(h.db, queue, { n: 'reset1' }, { priority: PERSON_WAITING });
    // A waiting job not due yet stays behind.
    await enqueueJob(h.db, queue, { n: 'later' }, { priority: PERSON_WAITING, runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(h.db, queue, { n: 'reset2' }, { priority: PERSON_WAITING });
    await h.db.query(`UPDATE jobs SET run_at = now() - interval '1 day' WHERE queue = $1 AND payload->>'n' = 'bulk0'`, [queue]);
    const ran: string[] = [];
    const worker = new JobWorker(h.db, { [queue]: async (payload) => void ran.push(String(payload.n)) }, { batchSize: 5 });
    expect(await worker.runOnce()).toBe(5);
    expect(ran).toEqual(['reset1', 'reset2', 'bulk0', 'bulk1', 'bulk2']);

    // While a started worker drains the backlog, a new waiting job goes next in its queue.
    const slow = new JobWorker(
      h.db,
      {
        [queue]: async (payload) => {
          ran.push(String(payload.n));
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      },
      { concurrency: 1, pollMs: 60_000 },
    );
    slow.start();
    try {
      await waitFor(async () => ran.length >= 8, 'the backlog to drain a little');
      await enqueueJob(h.db, queue, { n: 'reset3' }, { priority: PERSON_WAITING });
      const at = ran.length;
      await waitFor(async () => ran.includes('reset3'), 'the waiting job to run');
      expect(ran.indexOf('reset3') - at).toBeLessThanOrEqual(1);
      expect(ran.filter((n) => n.startsWith('bulk')).length).toBeLessThan(20);
    } finally {
      await slow.stop();
      await h.db.query(`UPDATE jobs SET status = 'done', finished_at = now() WHERE queue = $1 AND status = 'pending'`, [queue]);
    }
  });
});

describe('JOB_CONCURRENCY', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('is 4 by default and read from the environment', () => {
    delete process.env.JOB_CONCURRENCY;
    expect(loadConfig().jobConcurrency).toBe(4);
    process.env.JOB_CONCURRENCY = '12';
    expect(loadConfig().jobConcurrency).toBe(12);
  });

  it('refuses at start a value that is not a whole number from 1 to 32, saying why', () => {
    for (const bad of ['0', '33', '1000000', '2.5', '-1', 'four', '1e3', ' ']) {
      process.env.JOB_CONCURRENCY = bad;
      expect(() => loadConfig(), bad).toThrow(/^JOB_CONCURRENCY must be /);
    }
    process.env.JOB_CONCURRENCY = '33';
    expect(() => loadConfig()).toThrow('JOB_CONCURRENCY must be at most 32 (each running job may hold a database connection that requests need too), got 33');
    process.env.JOB_CONCURRENCY = '0';
    expect(() => loadConfig()).toThrow('JOB_CONCURRENCY must be at least 1');
  });
});
