/**
 * Prometheus metrics (prom-client) at GET /metrics, served only when METRICS_TOKEN is set and only
 * to `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Each app has its own
 * registry (never prom-client's global one), so apps built side by side in tests stay apart.
 *
 *   http_requests_total{method,route,status}            counter
 *   http_request_duration_seconds{method,route,status}  histogram
 *   graphql_operations_total{operation,outcome}         counter; outcome success | error | invalid
 *   job_queue_depth{queue,status}                       gauge, status pending | running (from the jobs table)
 *   jobs_failed{queue}                                  gauge, jobs failed for good and still kept (FAILED_JOB_RETENTION_DAYS)
 *   job_runs_total{queue,outcome}                       counter of this process's runs: done | retried | failed | released
 *   job_failures_total{queue,reason}                    counter of jobs this process marked failed for good: reason error
 *                                                       (the handler threw on the last attempt) | lease_lapsed (the process
 *                                                       running it stopped, max_attempts times)
 *   outbox_backlog{channel}                             gauge, messages not sent yet (pending)
 *   outbox_failed{channel}                              gauge, messages that failed for good, still kept
 *   db_pool_connections{state}                          gauge, state idle | in_use
 *   db_pool_waiting_requests, db_pool_max_connections   gauges
 *   process_*, nodejs_*                                 prom-client's default process metrics
 *
 * Label values are bounded: routes are the patterns written in the code, methods the standard
 * ones, GraphQL operation names at most OPERATION_NAMES_CAP distinct names (then "other").
 *
 * The queue and outbox gauges are read at scrape time by one grouped query (on partial indexes of
 * the jobs table and a retention-bounded outbox), shared by the gauges of one scrape and reused for
 * BACKLOG_CACHE_MS, so scrapes from several Prometheus servers do not add up.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { Logger } from './logger.js';
import { routePattern } from './request-facts.js';

export const OPERATION_NAMES_CAP = 100;
const BACKLOG_CACHE_MS = 5000;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export type JobOutcome = 'done' | 'retried' | 'failed' | 'released';
/** Why a job failed for good (the job queue's FailureKind). */
export type JobFailureReason = 'error' | 'lease_lapsed';

export interface AppMetrics {
  registry: Registry;
  /** Counts every request when its response ends. */
  http: RequestHandler;
  graphqlPlugin: ApolloServerPlugin<object>;
  /** For the job worker (main.ts): one run of a job and how it ended. */
  recordJob(queue: string, outcome: JobOutcome): void;
  /** For the job worker: a job it marked failed for good, and why. */
  recordJobFailure(queue: string, reason: JobFailureReason): void;
}

interface BacklogRow {
  kind: 'job' | 'outbox';
  key: string;
  status: string;
  n: number;
}

/** pg's Pool behind TypeORM's PostgreSQL driver (the embedded database is reached through the same driver, a pool of one). */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

function poolOf(db: DataSource): PoolLike | null {
  const pool = (db.driver as unknown as { master?: PoolLike }).master;
  return pool && typeof pool.totalCount === 'number' ? pool : null;
}

export function createMetrics(db: DataSource, logger: Logger): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations, until the response ended.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const operations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations by name and outcome (success, error, invalid: not parsed or not valid).',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: "This process's background job runs by queue and outcome (retried and failed are failures).",
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Background jobs this process marked failed for good, by queue and reason (error: the handler threw on the last attempt; lease_lapsed: the process running it stopped on every attempt).',
    labelNames: ['queue', 'reason'],
    registers: [registry],
  });

  // Read before the backlog query below takes a connection (gauges are collected in the order they were made).
  const pool = poolOf(db);
  if (pool) {
    const connections: Gauge<string> = new Gauge({
      name: 'db_pool_connections',
      help: 'Open database connections of this process, idle or in use.',
      labelNames: ['state'],
      registers: [registry],
      collect: () => {
        connections.set({ state: 'idle' }, pool.idleCount);
        connections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    const waiting: Gauge = new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a free connection.',
      registers: [registry],
      collect: () => waiting.set(pool.waitingCount),
    });
    new Gauge({ name: 'db_pool_max_connections', help: 'Most connections the pool opens (DB_POOL_MAX; 1 on the embedded database).', registers: [registry] }).set(
      pool.options?.max ?? 10,
    );
  }

  let backlog: { at: number; rows: Promise<BacklogRow[]> } | null = null;
  const readBacklog = (): Promise<BacklogRow[]> => {
    if (!backlog || Date.now() - backlog.at > BACKLOG_CACHE_MS) {
      const rows = db.query(
        `SELECT 'job' AS kind, queue AS key, status, count(*)::int AS n FROM jobs
          WHERE status IN ('pending', 'running', 'failed') GROUP BY queue, status
         UNION ALL
         SELECT 'outbox', channel, status, count(*)::int FROM outbox_messages
          WHERE status IN ('pending', 'failed') GROUP BY channel, status`,
      ) as Promise<BacklogRow[]>;
      backlog = { at: Date.now(), rows };
      // A failed read is not kept: the next scrape asks again.
      rows.catch(() => {
        backlog = null;
      });
    }
    return backlog.rows;
  };
  /** Sets a gauge from the backlog rows; when the database cannot be read the gauge is left out of this scrape. */
  const fromBacklog = (gauge: Gauge<string>, kind: BacklogRow['kind'], statuses: string[], label: string, withStatus: boolean) => async () => {
    gauge.reset();
    let rows: BacklogRow[];
    try {
      rows = await readBacklog();
    } catch (e) {
      logger.warn({ err: e }, '[metrics] could not read the job queue and outbox');
      return;
    }
    for (const r of rows) {
      if (r.kind !== kind || !statuses.includes(r.status)) continue;
      gauge.set(withStatus ? { [label]: r.key, status: r.status } : { [label]: r.key }, Number(r.n));
    }
  };
  const depth: Gauge<string> = new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs waiting (pending) or running, by queue.',
    labelNames: ['queue', 'status'],
    registers: [registry],
    collect: () => fromBacklog(depth, 'job', ['pending', 'running'], 'queue', true)(),
  });
  const failedJobs: Gauge<string> = new Gauge({
    name: 'jobs_failed',
    help: 'Background jobs that failed for good, still kept (FAILED_JOB_RETENTION_DAYS), by queue.',
    labelNames: ['queue'],
    registers: [registry],
    collect: () => fromBacklog(failedJobs, 'job', ['failed'], 'queue', false)(),
  });
  const outbox: Gauge<string> = new Gauge({
    name: 'outbox_backlog',
    help: 'Emails and texts not sent yet (pending), by channel.',
    labelNames: ['channel'],
    registers: [registry],
    collect: () => fromBacklog(outbox, 'outbox', ['pending'], 'channel', false)(),
  });
  const outboxFailed: Gauge<string> = new Gauge({
    name: 'outbox_failed',
    help: 'Emails and texts that failed for good, still kept (OUTBOX_RETENTION_DAYS), by channel.',
    labelNames: ['channel'],
    registers: [registry],
    collect: () => fromBacklog(outboxFailed, 'outbox', ['failed'], 'channel', false)(),
  });

  const names = new Set<string>();
  const boundedName = (name: string | null | undefined): string => {
    if (!name) return 'anonymous';
    if (names.has(name)) return name;
    if (names.size >= OPERATION_NAMES_CAP || !OPERATION_NAME.test(name)) return 'other';
    names.add(name);
    return name;
  };

  const graphqlPlugin: ApolloServerPlugin<object> = {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, operationName, response }) {
          const errors = response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0;
          const outcome = !operation ? 'invalid' : errors ? 'error' : 'success';
          operations.inc({ operation: operation ? boundedName(operationName) : 'other', outcome });
        },
      };
    },
  };

  const http: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      const labels = observedLabels(req, res);
      requests.inc(labels);
      durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    };
    res.once('finish', end);
    res.once('close', end);
    next();
  };

  return {
    registry,
    http,
    graphqlPlugin,
    recordJob: (queue, outcome) => jobRuns.inc({ queue, outcome }),
    recordJobFailure: (queue, reason) => jobFailures.inc({ queue, reason }),
  };
}

function observedLabels(req: IncomingMessage, res: ServerResponse): { method: string; route: string; status: string } {
  const method = req.method && METHODS.has(req.method) ? req.method : 'OTHER';
  return { method, route: routePattern(req), status: String(res.statusCode) };
}

/** True when the header is `Bearer <token>` with the configured token; compared as digests, in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  const given = crypto
    .createHash('sha256')
    .update(m ? m[1] : '')
    .digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected) && m !== null && token !== '';
}

/** GET /metrics: 404 without METRICS_TOKEN, 401 without the right bearer token, else the registry's text. */
export function metricsEndpoint(metrics: AppMetrics | null, token: string): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!metrics || !token) {
      res.status(404).type('text').send('Not found.');
      return;
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).type('text').send('A valid bearer token is required.');
      return;
    }
    try {
      const text = await metrics.registry.metrics();
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.send(text);
    } catch (e) {
      next(e);
    }
  };
}
