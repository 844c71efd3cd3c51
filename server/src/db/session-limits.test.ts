/**
 * The database settings of the issue "Safe under hostile traffic": DB_STATEMENT_TIMEOUT_MS,
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, DB_POOL_MAX (and SHUTDOWN_GRACE_SECONDS) read from the
 * environment; on a PostgreSQL server, a statement or an idle transaction over its limit is ended
 * and the pool never opens more connections than allowed, while migrations run under their own
 * limit. (The embedded database enforces no timeout: see SessionLimits in database.ts.)
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.js';
import { isConnectionError } from '../core/errors.js';
import { migrate, openDatabase, type Database } from './database.js';

describe('configuration', () => {
  const names = ['DB_STATEMENT_TIMEOUT_MS', 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 'DB_MIGRATION_STATEMENT_TIMEOUT_MS', 'DB_POOL_MAX', 'SHUTDOWN_GRACE_SECONDS'];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  });

  it('has defaults: 15 s per statement, 60 s idle in a transaction, no limit for migrations, 10 connections, 10 s of grace', () => {
    for (const n of names) delete process.env[n];
    expect(loadConfig()).toMatchObject({
      dbStatementTimeoutMs: 15_000,
      dbIdleInTransactionTimeoutMs: 60_000,
      dbMigrationStatementTimeoutMs: 0,
      dbPoolMax: 10,
      shutdownGraceSeconds: 10,
    });
  });

  it('reads each from the environment', () => {
    Object.assign(process.env, {
      DB_STATEMENT_TIMEOUT_MS: '2500',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '9000',
      DB_MIGRATION_STATEMENT_TIMEOUT_MS: '600000',
      DB_POOL_MAX: '25',
      SHUTDOWN_GRACE_SECONDS: '30',
    });
    expect(loadConfig()).toMatchObject({
      dbStatementTimeoutMs: 2500,
      dbIdleInTransactionTimeoutMs: 9000,
      dbMigrationStatementTimeoutMs: 600_000,
      dbPoolMax: 25,
      shutdownGraceSeconds: 30,
    });
  });

  it('refuses a value that is not a whole non-negative number, naming the variable', () => {
    for (const [name, value] of [
      ['DB_STATEMENT_TIMEOUT_MS', '15s'],
      ['DB_POOL_MAX', '-1'],
      ['SHUTDOWN_GRACE_SECONDS', '2.5'],
      ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 'lots'],
    ]) {
      process.env[name] = value;
      expect(() => loadConfig()).toThrow(`${name} must be a non-negative integer, got "${value}"`);
      delete process.env[name];
    }
  });

  it('keeps at least one connection in the pool', () => {
    process.env.DB_POOL_MAX = '0';
    expect(loadConfig().dbPoolMax).toBe(1);
  });
});

describe.runIf(inject('databaseKind') === 'server')('on a PostgreSQL server', () => {
  const url = inject('databaseUrl');
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url, dataDir: '', logErrors: false, statementTimeoutMs: 300, idleInTransactionTimeoutMs: 500, poolMax: 3 });
  });
  afterAll(() => db?.close());

  it("sets both timeouts on the pool's connections", async () => {
    expect(await db.dataSource.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '300ms' }]);
    expect(await db.dataSource.query('SHOW idle_in_transaction_session_timeout')).toEqual([{ idle_in_transaction_session_timeout: '500ms' }]);
  });

  it('cancels a statement running longer than DB_STATEMENT_TIMEOUT_MS with a clear error, and the pool goes on', async () => {
    const started = Date.now();
    await expect(db.dataSource.query('SELECT pg_sleep(3)')).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await db.dataSource.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    // Both APIs answer such an error with 503 and "try again", not a 500.
    const cancelled = await db.dataSource.query('SELECT pg_sleep(3)').catch((e: unknown) => e);
    expect(isConnectionError(cancelled)).toBe(true);
  });

  it('ends a transaction left idle longer than DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, releasing its locks', async () => {
    const runner = db.dataSource.createQueryRunner();
    await runner.startTransaction();
    await runner.query(`SELECT pg_advisory_xact_lock(hashtext('session-limits test'))`);
    await new Promise((r) => setTimeout(r, 1000));
    // The server ended the session; TypeORM then drops the runner whose connection died.
    await expect(runner.query('SELECT 1')).rejects.toThrow(/idle-in-transaction timeout|terminat|already released/i);
    await runner.release().catch(() => undefined);
    // The lock went with the session: another connection takes it at once.
    expect(await db.dataSource.query(`SELECT pg_try_advisory_lock(hashtext('session-limits test')) AS got`)).toEqual([{ got: true }]);
    await db.dataSource.query(`SELECT pg_advisory_unlock(hashtext('session-limits test'))`);
  });

  it('opens at most DB_POOL_MAX connections however many queries wait', async () => {
    const rows = await Promise.all(Array.from({ length: 8 }, () => db.dataSource.query('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)')));
    expect(new Set(rows.map((r) => r[0].pid)).size).toBe(3);
  });

  it('runs migrations under their own limit: a replica waits for the migration lock longer than the statement timeout', async () => {
    // Another replica holds the lock for a second, three times the pool's statement timeout.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('planner:migrations'))`);
      const release = setTimeout(() => void other.query(`SELECT pg_advisory_unlock(hashtext('planner:migrations'))`), 1000);
      const started = Date.now();
      expect(await migrate(db.dataSource, { statementTimeoutMs: 0 })).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      clearTimeout(release);
    } finally {
      await other.end();
    }
    // The connections went back to the pool with the pool's own limit.
    const settings = await Promise.all(Array.from({ length: 3 }, () => db.dataSource.query(`SELECT current_setting('statement_timeout') AS t, pg_sleep(0.05)`)));
    expect(settings.map((r) => r[0].t)).toEqual(['300ms', '300ms', '300ms']);
  });
});
