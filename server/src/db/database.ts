/**
 * Opens the one store of record: a PostgreSQL server (DATABASE_URL) or the embedded PGlite,
 * served over its wire-protocol socket so the same `pg` driver and TypeORM code run unchanged.
 */
import fs from 'node:fs';
import { DataSource } from 'typeorm';
import { migrations } from '../../../migrations/index.js';
import { entities } from './entities.js';
import { CountingLogger } from './query-counter.js';

export interface Database {
  dataSource: DataSource;
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL URL; empty opens the embedded database in `dataDir` ('memory://' keeps it in memory). */
  url: string;
  dataDir: string;
  logErrors?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const dataSource = makeDataSource(opts.url, 10, opts.logErrors ?? true);
    await dataSource.initialize();
    return { dataSource, kind: 'server', close: () => dataSource.destroy() };
  }
  const embedded = await startEmbedded(opts.dataDir);
  // PGlite serves one connection at a time: keep the pool at the socket server's limit.
  const dataSource = makeDataSource(embedded.url, 1, opts.logErrors ?? true);
  await dataSource.initialize();
  return {
    dataSource,
    kind: 'embedded',
    close: async () => {
      await dataSource.destroy();
      await embedded.stop();
    },
  };
}

export function makeDataSource(url: string, poolSize: number, logErrors: boolean): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logging: true,
    logger: new CountingLogger(logErrors),
    maxQueryExecutionTime: 2000,
    extra: { max: poolSize, connectionTimeoutMillis: 10_000 },
  });
}

export async function startEmbedded(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
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
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const poolMax = (dataSource.options as { extra?: { max?: number } }).extra?.max ?? 10;
  if (poolMax < 2) return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query(`SELECT pg_advisory_lock(hashtext('planner:migrations'))`);
    return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    await lock.query(`SELECT pg_advisory_unlock(hashtext('planner:migrations'))`).catch(() => undefined);
    await lock.release();
  }
}
