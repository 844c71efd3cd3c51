/** The job queue's leases (holder, heartbeat, reclaim after a lapse) and its stop(). */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { enqueueJob, JobWorker, stopIfAsked, type JobHandler } from './job-queue.js';

const h = useHarness();

/** A queue of its own per test, so no other job is claimed. */
async function queueWithJob(): Promise<{ queue: string; id: string }> {
  const queue = `test.${crypto.randomBytes(4).toString('hex')}`;
  await enqueueJob(h.db, queue, { n: 1 });
  const [{ id }] = await h.db.query(`SELECT id::text AS id FROM jobs WHERE queue = $1`, [queue]);
  return { queue, id };
}

async function jobRow(id: string) {
  const [row] = await h.db.query(
    `SELECT status, attempts, locked_by, last_error, finished_at, lease_expires_at FROM jobs WHERE id = $1`,
    [id],
  );
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
    const a = new JobWorker(h.db, {
      [queue]: async (_p, _job, stopping) => {
        for (;;) {
          batches += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          stopIfAsked(stopping);
        }
      },
    }, { leaseSeconds: 60 });
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
    const a = new JobWorker(h.db, {
      [queue]: async (_p, _job, stopping) => {
        started = true;
        await new Promise<void>((resolve) => stopping.addEventListener('abort', () => resolve()));
        stopIfAsked(stopping);
      },
    }, { pollMs: 50, stopWaitMs: 5000 });
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
  it('a backlog in one queue does not hold back another queue\'s job: the first pass runs it second', async () => {
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
