/**
 * A small PostgreSQL-backed job queue (the `jobs` table). Background work (email and text
 * delivery today) is a row written in the same transaction as the change that causes it, so it
 * survives restarts, and any number of app replicas share the work: a worker claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so two replicas never run one job twice.
 *
 * Why not pg-boss or graphile-worker: graphile-worker needs LISTEN/NOTIFY, which the embedded
 * database (PGlite through its socket server) does not support, and pg-boss keeps its own schema
 * with a supervisor of several concurrent connections, which PGlite's one-connection socket
 * serialises badly. Polling a table works the same on both databases (about one cheap query per
 * poll interval per replica) and keeps the queue inside our own migrations and backups.
 *
 * Retries: a failed job runs again after an exponential backoff (backoffSeconds) until
 * max_attempts, then stays 'failed' with its last error. A job left 'running' by a crashed
 * replica is taken back after STALE_MINUTES.
 *
 * Stopping: long jobs (exports, roster imports) work in batches and check the worker's stop
 * signal between them; one that stops throws JobInterrupted and goes back to the queue at once,
 * without using up an attempt, so a restart or a deploy resumes it on any replica.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../core/returned-rows.js';

/** `stopping` is aborted when the worker stops: a handler that works in batches checks it between them. */
export type JobHandler = (payload: Record<string, unknown>, job: JobRow, stopping: AbortSignal) => Promise<void>;

/** Thrown by a handler that stopped between batches because its worker is stopping: not a failure. */
export class JobInterrupted extends Error {
  constructor() {
    super('The worker stopped; the job goes back to the queue.');
  }
}

/** For handlers: throws JobInterrupted once the worker is stopping. */
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

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  maxAttempts?: number;
  /** At most one pending or running job per (queue, singletonKey). */
  singletonKey?: string;
}

const STALE_MINUTES = 10;

/** Seconds to wait before attempt `attempt + 1` after `attempt` failures: 30 s, 1 min, 2 min, 4 min... capped at 6 h. */
export function backoffSeconds(attempt: number, baseSeconds = 30): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempt - 1), 6 * 3600);
}

export async function enqueueJob(
  db: DataSource | EntityManager,
  queue: string,
  payload: Record<string, unknown>,
  opts: EnqueueOptions = {},
): Promise<void> {
  await db.query(
    `INSERT INTO jobs (queue, payload, run_at, max_attempts, singleton_key)
     VALUES ($1, $2::jsonb, COALESCE($3, now()), $4, $5)
     ON CONFLICT DO NOTHING`,
    [queue, JSON.stringify(payload), opts.runAt ?? null, opts.maxAttempts ?? 5, opts.singletonKey ?? null],
  );
}

export interface WorkerOptions {
  pollMs?: number;
  batchSize?: number;
  /** Base of the exponential backoff, in seconds (tests use 0 to retry at once). */
  backoffBaseSeconds?: number;
}

export class JobWorker {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopping = new AbortController();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly backoffBase: number;

  constructor(
    private readonly db: DataSource,
    private readonly handlers: Record<string, JobHandler>,
    opts: WorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 2000;
    this.batchSize = opts.batchSize ?? 10;
    this.backoffBase = opts.backoffBaseSeconds ?? 30;
  }

  start(): void {
    if (this.timer) return;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    this.timer = setInterval(() => void this.runOnce().catch((e) => console.error('[jobs] poll failed', e)), this.pollMs);
  }

  /** Stops polling and asks the running job to stop at its next batch; resolves once it has. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.running?.catch(() => 0);
  }

  /** Claims and runs the due jobs once; answers how many ran. Never runs two passes at once. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    // Jobs of a replica that died mid-run go back to the queue.
    await this.db.query(
      `UPDATE jobs SET status = 'pending', locked_at = NULL, locked_by = NULL
        WHERE status = 'running' AND locked_at < now() - make_interval(mins => $1)`,
      [STALE_MINUTES],
    );
    const jobs = returnedRows<JobRow>(await this.db.query(
      `UPDATE jobs SET status = 'running', locked_at = now(), locked_by = $1, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
           WHERE status = 'pending' AND run_at <= now() AND queue = ANY($2::text[])
           ORDER BY run_at, id
           LIMIT $3
           FOR UPDATE SKIP LOCKED)
       RETURNING id::text, queue, payload, attempts, max_attempts`,
      [this.id, Object.keys(this.handlers), this.batchSize],
    ));
    const signal = this.stopping.signal;
    for (const [i, job] of jobs.entries()) {
      // Claimed but not started when the worker stops: back to the queue for another worker.
      if (i > 0 && signal.aborted) {
        await this.release(job);
        continue;
      }
      try {
        await this.handlers[job.queue](job.payload, job, signal);
        await this.db.query(`UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, last_error = NULL WHERE id = $1`, [job.id]);
      } catch (e) {
        if (e instanceof JobInterrupted) {
          await this.release(job);
          continue;
        }
        const message = ((e as Error)?.message ?? String(e)).slice(0, 1000);
        const final = job.attempts >= job.max_attempts;
        await this.db.query(
          `UPDATE jobs SET status = $2, last_error = $3, locked_at = NULL,
                  run_at = now() + make_interval(secs => $4), finished_at = CASE WHEN $2 = 'failed' THEN now() END
            WHERE id = $1`,
          [job.id, final ? 'failed' : 'pending', message, final ? 0 : backoffSeconds(job.attempts, this.backoffBase)],
        );
      }
    }
    return jobs.length;
  }

  /** Puts a claimed job back, due at once, without counting the attempt. */
  private async release(job: JobRow): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET status = 'pending', attempts = attempts - 1, locked_at = NULL, locked_by = NULL, run_at = now() WHERE id = $1 AND locked_by = $2`,
      [job.id, this.id],
    );
  }
}
