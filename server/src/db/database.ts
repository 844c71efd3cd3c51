/**
 * Opens the one store of record: a PostgreSQL server (DATABASE_URL) or the embedded PGlite,
 * served over its wire-protocol socket so the same `pg` driver and TypeORM code run unchanged.
 */
import fs from 'node:fs';
import pg from 'pg';
import { DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import { migrations } from '../../../migrations/index.js';
import { entities } from './entities.js';
import { CountingLogger } from './query-counter.js';
import { logger } from '../observability/logger.js';

/** embedded: the PostgreSQL the server starts itself; server: one named by DATABASE_URL. */
export const DATABASE_KINDS = ['embedded', 'server'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export interface Database {
  dataSource: DataSource;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * PostgreSQL limits set on every connection of the pool (pg sends them in the startup message);
 * 0 or absent: no limit. A statement over statementTimeoutMs fails with SQLSTATE 57014 "canceling
 * statement due to statement timeout"; a session idle in a transaction longer than
 * idleInTransactionTimeoutMs is ended, releasing its locks.
 *
 * The embedded database enforces neither (measured with PGlite 0.5: it ignores these startup
 * parameters, and after an explicit SET a pg_sleep(2) under a 500 ms statement_timeout still runs
 * its 2 s: single-threaded WebAssembly has no timer to cancel a statement), so they are applied to
 * a PostgreSQL server only.
 */
export interface SessionLimits {
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
}

export interface OpenOptions extends SessionLimits {
  /** PostgreSQL URL; empty opens the embedded database in `dataDir` ('memory://' keeps it in memory). */
  url: string;
  dataDir: string;
  logErrors?: boolean;
  /** Pool size on a PostgreSQL server (default 10); the embedded database always takes one connection. */
  poolMax?: number;
  /** Read replicas of `url` (db/replica-reads.ts says which reads go there); each gets a pool of poolMax. */
  replicaUrls?: string[];
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const limits = { statementTimeoutMs: opts.statementTimeoutMs, idleInTransactionTimeoutMs: opts.idleInTransactionTimeoutMs };
    const replicas = await reachableReplicas(opts.replicaUrls ?? []);
    const dataSource = makeDataSource(opts.url, opts.poolMax ?? 10, opts.logErrors ?? true, limits, replicas);
    await dataSource.initialize();
    return { dataSource, kind: 'server', close: () => dataSource.destroy() };
  }
  const embedded = await startEmbedded(opts.dataDir);
  // PGlite serves one connection at a time: keep the pool at the socket server's limit.
  const dataSource = makeDataSource(embedded.url, 1, opts.logErrors ?? true);
  try {
    await dataSource.initialize();
  } catch (e) {
    await embedded.stop();
    throw e;
  }
  return {
    dataSource,
    kind: 'embedded',
    close: async () => {
      await dataSource.destroy();
      await embedded.stop();
    },
  };
}

/**
 * The replicas that answer now. TypeORM opens every replica's pool at start and fails if one cannot
 * be reached; a replica that is down must not keep the app from starting on its primary, so it is
 * left out (with a warning) until the process restarts.
 */
async function reachableReplicas(urls: string[]): Promise<string[]> {
  const { default: pg } = await import('pg');
  const answering: string[] = [];
  for (const url of urls) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      answering.push(url);
    } catch (e) {
      logger.warn({ replica: new URL(url).host, err: (e as Error).message }, '[replica] not reachable at start: its reads go to the primary until a restart');
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return answering;
}

/**
 * The pools' connections: pg's Client with an 'error' listener of its own from birth. pg reports a
 * server's error on a connection running no query (a replica or primary shutting down: 57P01
 * "terminating connection due to administrator command") as an 'error' event, and an 'error' event
 * nobody listens to ends the process. pg-pool and TypeORM each listen in turn, but not in between:
 * pg-pool drops its listener when it hands a new connection out, and TypeORM adds its own a
 * microtask later, while pg may still be reading the rest of the same packet. A shutdown's FATAL
 * arriving with a new connection's ReadyForQuery lands in that gap (an app process exited with code
 * 1 once in eleven cluster runs that stopped the replica under load). Whoever holds the connection
 * still sees the error and drops it; this listener only keeps the process alive.
 */
export class PoolClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', (err: Error) => logger.debug({ err }, '[db] a connection reported an error; its holder or the pool drops it'));
  }
}

export function makeDataSource(url: string, poolSize: number, logErrors: boolean, limits: SessionLimits = {}, replicaUrls: string[] = []): DataSource {
  return new DataSource({
    type: 'postgres',
    // With replicas, TypeORM's replication: every statement goes to the primary ('master') unless
    // db/replica-reads.ts runs it on a 'slave' query runner.
    ...(replicaUrls.length ? { replication: { master: { url }, slaves: replicaUrls.map((u) => ({ url: u })), defaultMode: 'master' as const } } : { url }),
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logging: true,
    logger: new CountingLogger(logErrors),
    maxQueryExecutionTime: 2000,
    extra: {
      // pg-pool makes its connections with this class (its `Client` option), the replicas' pools too.
      Client: PoolClient,
      max: poolSize,
      connectionTimeoutMillis: 10_000,
      ...(limits.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
      ...(limits.idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs } : {}),
    },
  });
}

/**
 * shared_buffers of the embedded database. PostgreSQL's default, 128MB, grew PGlite's WebAssembly
 * memory (which never shrinks) from the 128 MB it starts with to 189 MB, for a demo database of
 * about 11 MB; 32MB fits in those first 128 MB and still holds a small school's data whole.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

export async function startEmbedded(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 1 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * Runs pending migrations. Replicas starting together take turns: a PostgreSQL advisory lock,
 * held on its own connection, lets one migrate while the others wait, then find nothing to do.
 * (The embedded database has one connection and one process: no lock needed, and none possible.)
 *
 * Both connections run under `statementTimeoutMs` (0, the default: no limit) instead of the
 * pool's statement_timeout: a migration on a large district (an index build) and a replica waiting
 * for the lock meanwhile may both take longer than any request should.
 */
export async function migrate(dataSource: DataSource, opts: { statementTimeoutMs?: number } = {}): Promise<string[]> {
  const timeout = Math.max(0, Math.trunc(opts.statementTimeoutMs ?? 0));
  const poolMax = (dataSource.options as { extra?: { max?: number } }).extra?.max ?? 10;
  const run = () =>
    withStatementTimeout(dataSource, timeout, async (runner) => {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      return (await executor.executePendingMigrations()).map((m) => m.name);
    });
  if (poolMax < 2) return run();
  return withStatementTimeout(dataSource, timeout, async (lock) => {
    await lock.query(`SELECT pg_advisory_lock(hashtext('planner:migrations'))`);
    try {
      return await run();
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtext('planner:migrations'))`).catch(() => undefined);
    }
  });
}

/** Runs `fn` on a connection of its own whose statement_timeout is `ms`, reset before it goes back to the pool. */
async function withStatementTimeout<T>(dataSource: DataSource, ms: number, fn: (runner: QueryRunner) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query(`SET statement_timeout = ${ms}`);
    return await fn(runner);
  } finally {
    // RESET returns to the connection's own setting (the pool's DB_STATEMENT_TIMEOUT_MS).
    await runner.query('RESET statement_timeout').catch(() => undefined);
    await runner.release();
  }
}
