/** Boot: configuration -> database (embedded or DATABASE_URL) -> migrations -> demo seed -> listen. */
import 'reflect-metadata';
import { buildApp } from './app.js';
import { config } from './config.js';
import { migrate, openDatabase } from './db/database.js';
import { seedDemoIfEmpty } from './db/seed.js';
import { backgroundWorker, configuredTransports } from './modules/jobs/background.js';
import { scheduleRetention } from './modules/jobs/retention.js';
import { requeuePendingMessages } from './modules/outbox/delivery.js';
import type { OutboxChannel } from './modules/outbox/outbox.entity.js';

const cfg = config();
const db = await openDatabase({ url: cfg.databaseUrl, dataDir: cfg.dataDir });
const ran = await migrate(db.dataSource);
if (ran.length) console.log(`Applied migrations: ${ran.join(', ')}`);
if (db.kind === 'embedded' || cfg.seedDemo) {
  if (await seedDemoIfEmpty(db.dataSource)) console.log('Seeded the demo school (accounts in README.md).');
}
const built = await buildApp(db.dataSource, cfg, db.kind);
// Background work runs on the PostgreSQL job queue, on every replica (jobs are claimed with SKIP LOCKED).
const transports = configuredTransports(cfg);
const worker = backgroundWorker(db.dataSource, built.deps.services, transports, cfg);
await requeuePendingMessages(db.dataSource, (Object.keys(transports) as OutboxChannel[]).filter((c) => transports[c]));
await scheduleRetention(db.dataSource);
worker.start();
const server = built.app.listen(cfg.port, () => {
  console.log(`Planner listening on http://localhost:${cfg.port} (database: ${db.kind === 'embedded' ? `embedded, ${cfg.dataDir}` : 'server'})`);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await worker.stop();
  server.close();
  await built.stop();
  // Closing PGlite releases its data directory so the next start can open it.
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
