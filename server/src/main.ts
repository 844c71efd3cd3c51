/**
 * Boot: configuration -> database (embedded or DATABASE_URL) -> migrations -> demo seed -> listen.
 *
 * Stop (SIGTERM from a deploy or `docker compose down`, SIGINT from Ctrl-C), all within
 * SHUTDOWN_GRACE_SECONDS: stop accepting connections and close idle keep-alive ones; let requests
 * in flight finish while the job worker stops (the running job goes back to the queue for another
 * replica); then close what is still open, stop GraphQL, close the database (PGlite writes its data
 * directory and releases it) and exit 0. Closing the database can add at most CLOSE_RESERVE_MS;
 * whatever still hangs then ends the process with exit code 1.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { config } from './config.js';
import { migrate, openDatabase } from './db/database.js';
import { seedDemoIfEmpty } from './db/seed.js';
import { removeAbandonedUploadFolders } from './core/upload-folder.js';
import { drainableHttp, settleBy } from './lifecycle/shutdown.js';
import { backgroundWorker, configuredTransports } from './modules/jobs/background.js';
import { scheduleRetention } from './modules/jobs/retention.js';
import { scheduleLateFees } from './modules/jobs/late-fees.js';
import { ensureDemoSchoolYears } from './modules/school-years/school-year-rules.js';
import { requeuePendingMessages } from './modules/outbox/delivery.js';
import type { OutboxChannel } from './modules/outbox/outbox.entity.js';
import { logger } from './observability/logger.js';

/** After the grace period: the most that closing GraphQL, the payment stand-in and the database may take. */
const CLOSE_RESERVE_MS = 5000;

const cfg = config();
logger.level = cfg.logLevel;
const graceMs = cfg.shutdownGraceSeconds * 1000;

// Signals are handled from the first line: one during boot stops the server as soon as boot is done.
let signalled: { signal: string; at: number } | null = null;
let running: Awaited<ReturnType<typeof boot>> | null = null;
let failed = false;
function onSignal(signal: string): void {
  if (signalled) {
    logger.info(`${signal}: already shutting down`);
    return;
  }
  signalled = { signal, at: Date.now() };
  logger.info(`${signal}: shutting down (requests in flight get up to ${cfg.shutdownGraceSeconds} s)`);
  // Last resort, should a close hang: the process never outlives the grace period by more than the reserve.
  setTimeout(() => {
    logger.fatal(`Shutdown did not finish within ${cfg.shutdownGraceSeconds} s + ${CLOSE_RESERVE_MS / 1000} s; exiting.`);
    process.exit(1);
  }, graceMs + CLOSE_RESERVE_MS).unref();
  if (running) void shutdown(running);
}
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));

async function boot() {
  const db = await openDatabase({
    url: cfg.databaseUrl,
    dataDir: cfg.dataDir,
    poolMax: cfg.dbPoolMax,
    replicaUrls: cfg.databaseReplicaUrls,
    statementTimeoutMs: cfg.dbStatementTimeoutMs,
    idleInTransactionTimeoutMs: cfg.dbIdleInTransactionTimeoutMs,
  });
  const ran = await migrate(db.dataSource, { statementTimeoutMs: cfg.dbMigrationStatementTimeoutMs });
  if (ran.length) logger.info(`Applied migrations: ${ran.join(', ')}`);
  if (db.kind === 'embedded' || cfg.seedDemo) {
    if (await seedDemoIfEmpty(db.dataSource)) logger.info('Seeded the demo school (accounts in README.md).');
    // A demo started again a year later still offers the current and next school years, never only past ones.
    await ensureDemoSchoolYears(db.dataSource);
  }
  const built = await buildApp(db.dataSource, cfg, db.kind);
  // Uploads a killed process left on disk (a roster's names and emails) do not stay there.
  const abandoned = await removeAbandonedUploadFolders().catch((e: unknown) => {
    logger.warn({ err: e }, 'Could not look for upload folders left by stopped processes');
    return [];
  });
  if (abandoned.length) logger.info(`Removed ${abandoned.length} upload folder(s) left by processes that were stopped.`);
  // Background work runs on the PostgreSQL job queue, on every replica (jobs are claimed with SKIP LOCKED).
  const transports = configuredTransports(cfg);
  const worker = backgroundWorker(db.dataSource, built.deps.services, transports, cfg, {
    onOutcome: built.metrics?.recordJob,
    onFailed: built.metrics?.recordJobFailure,
  });
  await requeuePendingMessages(
    db.dataSource,
    (Object.keys(transports) as OutboxChannel[]).filter((c) => transports[c]),
  );
  await scheduleRetention(db.dataSource);
  await scheduleLateFees(db.dataSource);
  worker.start();
  // Express 5 calls back with the error too (e.g. EADDRINUSE): stop cleanly, exit code 1.
  const server = built.app.listen(cfg.port, (err?: Error) => {
    if (err) {
      logger.fatal(`Cannot listen on port ${cfg.port}: ${err.message}`);
      failed = true;
      onSignal('listen error');
      return;
    }
    const port = (server.address() as AddressInfo).port;
    logger.info(`Planner listening on http://localhost:${port} (database: ${db.kind === 'embedded' ? `embedded, ${cfg.dataDir}` : 'server'})`);
  });
  return { db, built, worker, transports, server, http: drainableHttp(server) };
}

async function shutdown({ db, built, worker, transports, server, http }: NonNullable<typeof running>): Promise<void> {
  const started = signalled?.at ?? Date.now();
  const deadline = started + graceMs;
  let clean = !failed;
  // The HTTP drain and the worker's stop run side by side, both bounded by the grace period.
  const [cutOff, jobs] = await Promise.all([http.drain(deadline), settleBy(worker.stop(), deadline, 'stopping the job worker')]);
  if (cutOff) logger.warn(`[shutdown] ${cutOff} request(s) still running after ${cfg.shutdownGraceSeconds} s were cut off.`);
  if (jobs === 'timeout') logger.warn(`[shutdown] the running job did not stop within ${cfg.shutdownGraceSeconds} s; its connection closes with the database.`);
  // The SMTP pool's open connections (QUIT to the relay).
  for (const t of Object.values(transports)) t?.close?.();
  if (server.listening) clean = false;
  const closeBy = Math.max(deadline, Date.now()) + CLOSE_RESERVE_MS;
  if ((await settleBy(built.stop(), closeBy, 'stopping GraphQL and the payment stand-in')) !== 'done') clean = false;
  // Closing PGlite writes its data directory and releases it so the next start can open it.
  if ((await settleBy(db.close(), closeBy, 'closing the database')) !== 'done') clean = false;
  logger.info(`Stopped in ${Date.now() - started} ms.`);
  process.exit(clean ? 0 : 1);
}

running = await boot();
if (signalled) void shutdown(running);
