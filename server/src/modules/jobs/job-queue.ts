/**
 * The background job queue: a table (`jobs`) polled by every replica. Background work is a row
 * written in the same transaction as the change that causes it, so it survives restarts, and any
 * number of app replicas share the work: a worker claims a due row with `FOR UPDATE SKIP LOCKED`,
 * so two replicas never claim one job at once.
 *
 * Why our own queue, on both databases. The constraint is the embedded database (PGlite: one
 * connection, no LISTEN/NOTIFY), not Node (the image runs Node 24; the machines run Node 20).
 * Polling one table works the same on PGlite and PostgreSQL, so one driver serves both, with one
 * set of tests. The maintained queues were weighed for PostgreSQL: pg-boss 12 needs Node 22.12
 * (its engines field), older versions keep a supervisor of several connections; graphile-worker
 * 0.16 (Node 14+) polls without LISTEN, but takes back a job whose worker died only 4 hours after
 * its lock (no lease or heartbeat: a crashed replica's roster import would wait 4 hours, ours waits
 * JOB_LEASE_SECONDS), keeps its own schema beside our migrations, backups and retention, and would
 * leave the embedded demo on a second driver. Ours, with slots per queue and a priority, sent
 * 50,000 queued emails to a local SMTP sink in 7 minutes on a loaded 2-core host, a reset email
 * asked for meanwhile in under 0.6 s (bench/README.md, scenario `queue`): the bottleneck is our
 * round trips per email, which a library would not remove, so it would buy no speed for its costs.
 *
 * Concurrency: started, a worker runs up to `concurrency` jobs of each queue at once
 * (JOB_CONCURRENCY; `queueConcurrency` lowers it for long jobs such as imports and exports). A
 * slot that finishes a job claims the next one of its queue at once; a queue with nothing due waits
 * for the next poll. `runOnce()` is one pass, one job after another (tests).
 *
 * Priority: among a queue's due jobs the higher priority runs first (PERSON_WAITING: a reset link
 * someone is waiting for goes ahead of a district's welcome emails), then the oldest.
 *
 * Leases: a claim records the holder (the worker's unique id, `locked_by`) and a lease
 * (`lease_expires_at`, JOB_LEASE_SECONDS ahead). While the handler runs, a heartbeat renews the
 * lease every third of its length. Another worker takes a running job back only once its lease
 * has lapsed (its replica died, hung, or lost the database). Completing, failing or releasing a
 * job is an UPDATE `WHERE id = $1 AND locked_by = $me AND status = 'running'`: a worker that lost
 * its lease changes nothing, logs that its result was dropped, and its handler's signal is aborted
 * (when a renewal finds the job gone, or its own lease ran out locally) so a batched job stops.
 *
 * Retries: a failed job runs again after an exponential backoff (backoffSeconds) until
 * max_attempts, then stays 'failed' with its last error. A lapsed lease uses up its attempt too
 * (`lapses` counts them): a job that takes its process down (out of memory on a huge roster, a
 * native crash) is put back at most until max_attempts (from its second lapse after the backoff of
 * as many failures, so it cannot take every replica down in quick turn), then fails for good with "lease lapsed N
 * times", instead of taking down every replica in turn forever. A job failed for good is an
 * error line in the log and counted on /metrics (job_failures_total, by queue and FailureKind).
 *
 * Stopping: stop() stops polling and aborts the running handlers' signals. Long jobs (exports,
 * roster imports) work in batches and check it between them (stopIfAsked); one that stops throws
 * JobInterrupted and its holder puts it back 'pending' at once, without using up an attempt. A
 * handler that has not stopped after `stopWaitMs` has its job put back anyway (its late result is
 * then dropped like any lost lease), so stop() resolves within a few seconds and another replica
 * takes the job. No timer of the queue is left behind.
 *
 * Fair share: each queue has its own slots, so one queue's backlog (50,000 welcome emails after a
 * district's roster import) never holds back another queue's job (the next roster import, an
 * export). A pass of runOnce() claims first from a queue it has not served yet, for the same reason.
 *
 * Retention: finished jobs are deleted by the daily retention job (retention.ts), itself a job on
 * this queue.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../core/returned-rows.js';
import { logger } from '../../observability/logger.js';

/** `stopping` is aborted when the worker stops or loses the job's lease: a handler that works in batches checks it between them. */
export type JobHandler = (payload: Record<string, unknown>, job: JobRow, stopping: AbortSignal) => Promise<void>;

/** Thrown by a handler that stopped between batches because its signal was aborted: not a failure. */
export class JobInterrupted extends Error {
  constructor() {
    super('The worker stopped or lost the job; the job goes back to the queue.');
  }
}

/** For handlers: throws JobInterrupted once the worker is stopping or has lost the job. */
export function stopIfAsked(stopping: AbortSignal): void {
  if (stopping.aborted) throw new JobInterrupted();
}

export interface JobRow {
  id: string;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** The priority of a job a person is waiting on (a reset link): ahead of bulk work of its queue (priority 0). */
export const PERSON_WAITING = 10;

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  maxAttempts?: number;
  /** At most one pending or running job per (queue, singletonKey). */
  singletonKey?: string;
  /** Higher runs first among the queue's due jobs (PERSON_WAITING); default 0. */
  priority?: number;
}

/** Why a job failed for good: its handler threw on the last attempt, or its lease lapsed on it. */
export type FailureKind = 'error' | 'lease_lapsed';

/** Seconds to wait before attempt `attempt + 1` after `attempt` failures: 30 s, 1 min, 2 min, 4 min... capped at 6 h. */
export function backoffSeconds(attempt: number, baseSeconds = 30): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempt - 1), 6 * 3600);
}

export async function enqueueJob(db: DataSource | EntityManager, queue: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<void> {
  await db.query(
    `INSERT INTO jobs (queue, payload, run_at, max_attempts, singleton_key, priority)
     VALUES ($1, $2::jsonb, COALESCE($3, now()), $4, $5, $6)
     ON CONFLICT DO NOTHING`,
    [queue, JSON.stringify(payload), opts.runAt ?? null, opts.maxAttempts ?? 5, opts.singletonKey ?? null, opts.priority ?? 0],
  );
}

export const DEFAULT_LEASE_SECONDS = 60;

export interface WorkerOptions {
  pollMs?: number;
  /** Most jobs one runOnce() pass runs, one after another. */
  batchSize?: number;
  /** Most jobs of one queue a started worker runs at once (JOB_CONCURRENCY); default 1. */
  concurrency?: number;
  /** Lower limits for some queues (long jobs: imports, exports). */
  queueConcurrency?: Record<string, number>;
  /** Base of the exponential backoff, in seconds (tests use 0 to retry at once). */
  backoffBaseSeconds?: number;
  /** How long a claim holds a job without renewal (JOB_LEASE_SECONDS); the heartbeat renews it every third of that. */
  leaseSeconds?: number;
  /** How long stop() waits for the running handlers to stop by themselves before putting their jobs back. */
  stopWaitMs?: number;
  /** Told how each run this worker recorded ended (the metrics' job_runs_total). */
  onOutcome?: (queue: string, outcome: 'done' | 'retried' | 'failed' | 'released') => void;
  /** Told of each job this worker marked failed for good, and why (the metrics' job_failures_total). */
  onFailed?: (queue: string, why: FailureKind) => void;
}

/** A job the worker is running, with what its heartbeat needs. */
interface HeldJob {
  job: JobRow;
  /** Aborted when the worker stops or the lease is lost: the handler's signal. */
  abort: AbortController;
  heartbeat: NodeJS.Timeout;
  /** Local clock time (ms) until which the last successful renewal holds the lease. */
  leaseUntil: number;
  /** Put back by stop() while the handler was still running: its result is dropped without another log line. */
  handedBack: boolean;
}

export class JobWorker {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  /** A runOnce() pass under way. */
  private running: Promise<number> | null = null;
  /** A poll of the started worker under way (it claims for the queues with a free slot). */
  private polling: Promise<void> | null = null;
  /** The started worker's slots at work: each runs jobs of one queue until none is due. */
  private readonly slots = new Set<Promise<void>>();
  private readonly busy = new Map<string, number>();
  private stopping = new AbortController();
  private readonly held = new Map<string, HeldJob>();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly queueConcurrency: Record<string, number>;
  private readonly backoffBase: number;
  private readonly leaseSeconds: number;
  private readonly stopWaitMs: number;
  private readonly onOutcome: WorkerOptions['onOutcome'];
  private readonly onFailed: WorkerOptions['onFailed'];

  constructor(
    private readonly db: DataSource,
    private readonly handlers: Record<string, JobHandler>,
    opts: WorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 2000;
    this.batchSize = opts.batchSize ?? 10;
    this.concurrency = Math.max(1, opts.concurrency ?? 1);
    this.queueConcurrency = opts.queueConcurrency ?? {};
    this.backoffBase = opts.backoffBaseSeconds ?? 30;
    this.leaseSeconds = opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
    this.stopWaitMs = opts.stopWaitMs ?? 3000;
    this.onOutcome = opts.onOutcome;
    this.onFailed = opts.onFailed;
  }

  /** Polls now and every pollMs; each poll fills the free slots of every queue. */
  start(): void {
    if (this.timer) return;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    this.timer = setInterval(() => this.poll(), this.pollMs);
    this.poll();
  }

  /**
   * Stops polling and aborts the running handlers' signals. Resolves once they have stopped, or
   * after stopWaitMs with the jobs still running put back 'pending' for another replica (no
   * attempt used up).
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    const under = [this.running, this.polling, ...this.slots].filter((p): p is Promise<never> => p !== null);
    if (!under.length) return;
    let wait: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      Promise.allSettled(under).then(() => true),
      new Promise<boolean>((resolve) => {
        wait = setTimeout(() => resolve(false), this.stopWaitMs);
      }),
    ]);
    clearTimeout(wait);
    if (stopped) return;
    await Promise.all([...this.held.values()].map((held) => this.handBack(held)));
  }

  /** Puts back a job whose handler did not stop within stopWaitMs. */
  private async handBack(held: HeldJob): Promise<void> {
    clearInterval(held.heartbeat);
    held.handedBack = true;
    try {
      if (await this.release(held.job)) {
        logger.warn(`[jobs] job ${held.job.id} (${held.job.queue}) did not stop within ${this.stopWaitMs} ms; put back for another worker`);
      }
    } catch (e) {
      // The database cannot be reached: the lease lapses and another worker takes the job then.
      logger.error({ err: e }, `[jobs] job ${held.job.id} (${held.job.queue}): could not put it back`);
    }
  }

  /** Claims and runs due jobs, one at a time, up to batchSize; answers how many ran. Never runs two passes at once. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    await this.reclaimLapsed();
    let ran = 0;
    // A job runs at most once per pass, even when its retry is due at once.
    const seen: string[] = [];
    const served = new Set<string>();
    const others = { none: false };
    // Once stop() is asked no further job is claimed (the first job of a pass already under way
    // still starts, and its handler sees the aborted signal at its first check).
    while (ran < this.batchSize && !(ran > 0 && this.stopping.signal.aborted)) {
      const asked = Date.now();
      const job = await this.claim(seen, [...served], others);
      if (!job) break;
      seen.push(job.id);
      served.add(job.queue);
      if (ran > 0 && this.stopping.signal.aborted) {
        await this.release(job);
        break;
      }
      ran += 1;
      // The lease runs from the claim: counted locally from before it was asked, it never outlives the database's.
      await this.run(job, asked + this.leaseSeconds * 1000);
    }
    return ran;
  }

  private limit(queue: string): number {
    return Math.max(1, Math.min(this.concurrency, this.queueConcurrency[queue] ?? this.concurrency));
  }

  private poll(): void {
    if (this.polling || this.stopping.signal.aborted) return;
    this.polling = this.fill()
      .catch((e) => logger.error({ err: e }, '[jobs] poll failed'))
      .finally(() => {
        this.polling = null;
      });
  }

  /** Takes back lapsed jobs, then claims for every queue with a free slot until none has a due job. */
  private async fill(): Promise<void> {
    await this.reclaimLapsed();
    for (;;) {
      const open = Object.keys(this.handlers).filter((q) => (this.busy.get(q) ?? 0) < this.limit(q));
      if (!open.length || this.stopping.signal.aborted) return;
      const asked = Date.now();
      const job = await this.claimFrom(open, []);
      if (!job) return;
      if (this.stopping.signal.aborted) {
        await this.release(job);
        return;
      }
      this.occupy(job, asked);
    }
  }

  /** A slot of the job's queue: runs it, then the queue's next due job, until none is due or the worker stops. */
  private occupy(first: JobRow, asked: number): void {
    const queue = first.queue;
    this.busy.set(queue, (this.busy.get(queue) ?? 0) + 1);
    const slot = (async () => {
      let job: JobRow | null = first;
      let claimedAt = asked;
      while (job) {
        await this.run(job, claimedAt + this.leaseSeconds * 1000);
        if (this.stopping.signal.aborted) return;
        claimedAt = Date.now();
        job = await this.claimFrom([queue], []);
        if (job && this.stopping.signal.aborted) {
          await this.release(job);
          return;
        }
      }
    })()
      .catch((e) => logger.error({ err: e }, `[jobs] a worker slot of ${queue} stopped`))
      .finally(() => {
        this.busy.set(queue, (this.busy.get(queue) ?? 1) - 1);
        this.slots.delete(slot);
      });
    this.slots.add(slot);
  }

  /**
   * Jobs whose holder stopped renewing the lease (a replica that died or hung) go back to the
   * queue, the lost run counted as an attempt; one that has used up its attempts fails for good. A
   * first lapse is retried at once (a replica stopped under it, most often for reasons of its own);
   * from the second, the backoff of as many failures, so a job that takes its process down does not
   * take the next replica down at once.
   */
  private async reclaimLapsed(): Promise<void> {
    // A job running before leases existed has none: it keeps the old rule, 10 minutes after its claim.
    const taken = returnedRows<{ id: string; queue: string; holder: string | null; status: string; last_error: string }>(
      await this.db.query(
        `WITH lapsed AS (
         SELECT id, locked_by FROM jobs
          WHERE status = 'running' AND COALESCE(lease_expires_at, locked_at + interval '10 minutes', '-infinity') < now()
          FOR UPDATE SKIP LOCKED)
       UPDATE jobs SET status = CASE WHEN jobs.attempts >= jobs.max_attempts THEN 'failed' ELSE 'pending' END,
              finished_at = CASE WHEN jobs.attempts >= jobs.max_attempts THEN now() END,
              run_at = now() + make_interval(secs => ($1::int[])[LEAST(jobs.lapses + 1, cardinality($1::int[]))]),
              lapses = jobs.lapses + 1,
              last_error = format('lease lapsed %s %s: the process running it stopped', jobs.lapses + 1, CASE WHEN jobs.lapses = 0 THEN 'time' ELSE 'times' END),
              locked_at = NULL, locked_by = NULL, lease_expires_at = NULL
         FROM lapsed WHERE jobs.id = lapsed.id
       RETURNING jobs.id::text, jobs.queue, lapsed.locked_by AS holder, jobs.status, jobs.last_error`,
        // The wait after each number of earlier lapses: none, then backoffSeconds of 1, 2, ... failures, the last repeated beyond.
        [[0, ...Array.from({ length: 16 }, (_, i) => backoffSeconds(i + 1, this.backoffBase))]],
      ),
    );
    for (const t of taken) {
      if (t.status === 'failed') {
        logger.error(`[jobs] job ${t.id} (${t.queue}) failed for good: ${t.last_error} (last held by ${t.holder ?? 'its worker'})`);
        this.onFailed?.(t.queue, 'lease_lapsed');
      } else {
        logger.warn(`[jobs] job ${t.id} (${t.queue}): the lease of ${t.holder ?? 'its worker'} lapsed; back in the queue`);
      }
    }
  }

  /**
   * The next due job, of a queue this pass has not served when there is one (see Fair share;
   * jobs_queue_priority_due_idx finds it by queue). `others.none` records that no other queue had
   * one, so the rest of the pass asks no more.
   */
  private async claim(skip: string[], served: string[], others: { none: boolean }): Promise<JobRow | null> {
    const queues = Object.keys(this.handlers);
    const unserved = queues.filter((q) => !served.includes(q));
    if (served.length && unserved.length && !others.none) {
      const job = await this.claimFrom(unserved, skip);
      if (job) return job;
      others.none = true;
    }
    return this.claimFrom(queues, skip);
  }

  /**
   * The due job of `queues` with the highest priority, then the oldest. Each queue's first is read
   * from jobs_queue_priority_due_idx in its order (one short index probe per queue); with
   * `queue = ANY(...)` PostgreSQL read and sorted every due row instead, 60 ms per claim behind
   * 45,000 emails.
   */
  private async claimFrom(queues: string[], skip: string[]): Promise<JobRow | null> {
    const [job] = returnedRows<JobRow>(
      await this.db.query(
        `UPDATE jobs SET status = 'running', locked_at = now(), locked_by = $1, attempts = attempts + 1,
              lease_expires_at = now() + make_interval(secs => $3)
        WHERE id = (
          SELECT first.id FROM unnest($2::text[]) AS q(name)
           CROSS JOIN LATERAL (
             SELECT id, priority, run_at FROM jobs
              WHERE status = 'pending' AND queue = q.name AND run_at <= now() AND id <> ALL($4::bigint[])
              ORDER BY priority DESC, run_at, id
              LIMIT 1
              FOR UPDATE SKIP LOCKED) AS first
           ORDER BY first.priority DESC, first.run_at, first.id
           LIMIT 1)
       RETURNING id::text, queue, payload, attempts, max_attempts`,
        [this.id, queues, this.leaseSeconds, skip],
      ),
    );
    return job ?? null;
  }

  /** Runs one claimed job under a heartbeat, then records its outcome if this worker still holds it. */
  private async run(job: JobRow, leaseUntil: number): Promise<void> {
    const abort = new AbortController();
    const onStop = () => abort.abort();
    if (this.stopping.signal.aborted) abort.abort();
    else this.stopping.signal.addEventListener('abort', onStop, { once: true });
    const held: HeldJob = {
      job,
      abort,
      leaseUntil,
      handedBack: false,
      heartbeat: setInterval(() => void this.renew(held), (this.leaseSeconds * 1000) / 3),
    };
    this.held.set(job.id, held);
    try {
      await this.handlers[job.queue](job.payload, job, abort.signal);
      await this.settle(held, 'done', () =>
        this.db.query(
          `UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, lease_expires_at = NULL, last_error = NULL
          WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
          [job.id, this.id],
        ),
      );
    } catch (e) {
      if (e instanceof JobInterrupted || (abort.signal.aborted && (e as Error)?.name === 'AbortError')) {
        await this.settle(held, 'released', async () => ((await this.release(job)) ? [job] : []));
        return;
      }
      const message = ((e as Error)?.message ?? String(e)).slice(0, 1000);
      const final = job.attempts >= job.max_attempts;
      const recorded = await this.settle(held, final ? 'failed' : 'retried', () =>
        this.db.query(
          `UPDATE jobs SET status = $3, last_error = $4, locked_at = NULL, lease_expires_at = NULL,
                run_at = now() + make_interval(secs => $5), finished_at = CASE WHEN $3 = 'failed' THEN now() END
          WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
          [job.id, this.id, final ? 'failed' : 'pending', message, final ? 0 : backoffSeconds(job.attempts, this.backoffBase)],
        ),
      );
      if (final && recorded) {
        logger.error(`[jobs] job ${job.id} (${job.queue}) failed for good after ${job.attempts} attempts: ${message}`);
        this.onFailed?.(job.queue, 'error');
      }
    } finally {
      clearInterval(held.heartbeat);
      this.stopping.signal.removeEventListener('abort', onStop);
      if (this.held.get(job.id) === held) this.held.delete(job.id);
    }
  }

  /**
   * Records an outcome; when this worker no longer holds the job the update matches nothing and the
   * result is dropped. Answers whether it was recorded.
   */
  private async settle(held: HeldJob, outcome: 'done' | 'retried' | 'failed' | 'released', update: () => Promise<unknown>): Promise<boolean> {
    let matched: boolean;
    try {
      matched = returnedRows(await update()).length > 0;
    } catch (e) {
      // The database is gone (e.g. closed at shutdown): the lease lapses and another worker takes the job.
      logger.error({ err: e }, `[jobs] job ${held.job.id} (${held.job.queue}): could not record ${outcome}`);
      return false;
    }
    if (matched) this.onOutcome?.(held.job.queue, outcome);
    if (!matched && !held.handedBack) {
      logger.warn(`[jobs] job ${held.job.id} (${held.job.queue}) ${outcome} after its lease was lost; another worker holds it, this result is dropped`);
    }
    return matched;
  }

  /** The heartbeat of every running job, at once; each job's own runs every third of the lease. Exposed for tests. */
  async heartbeat(): Promise<void> {
    await Promise.all([...this.held.values()].map((held) => this.renew(held)));
  }

  /**
   * Renews a running job's lease. When the job is no longer this worker's (the lease lapsed and
   * another worker took it) or the lease ran out before a renewal got through, the handler's
   * signal is aborted.
   */
  private async renew(held: HeldJob): Promise<void> {
    if (held.handedBack || held.abort.signal.aborted) return;
    const asked = Date.now();
    try {
      const renewed = returnedRows(
        await this.db.query(
          `UPDATE jobs SET lease_expires_at = now() + make_interval(secs => $3)
          WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
          [held.job.id, this.id, this.leaseSeconds],
        ),
      );
      if (renewed.length) {
        held.leaseUntil = asked + this.leaseSeconds * 1000;
        return;
      }
      logger.warn(`[jobs] job ${held.job.id} (${held.job.queue}): lease lost to another worker; asking its handler to stop`);
    } catch (e) {
      logger.error({ err: e }, `[jobs] job ${held.job.id} (${held.job.queue}): lease renewal failed`);
      if (Date.now() < held.leaseUntil) return;
      logger.warn(`[jobs] job ${held.job.id} (${held.job.queue}): lease ran out before a renewal got through; asking its handler to stop`);
    }
    held.abort.abort();
  }

  /** Puts a job this worker holds back, due at once, without counting the attempt; answers whether it still held it. */
  private async release(job: JobRow): Promise<boolean> {
    const rows = returnedRows(
      await this.db.query(
        `UPDATE jobs SET status = 'pending', attempts = attempts - 1, locked_at = NULL, locked_by = NULL, lease_expires_at = NULL, run_at = now()
        WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
        [job.id, this.id],
      ),
    );
    return rows.length > 0;
  }
}
