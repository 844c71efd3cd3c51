#!/usr/bin/env node
/**
 * `npm run cluster`: a district deployment on this machine (cluster.mjs): the machine's PostgreSQL as
 * primary, a streaming replica, N app processes behind nginx. Ctrl-C or SIGTERM stops all of them and
 * removes the replica's folder; the database stays for the next run.
 *
 *   npm run cluster                       2 app processes, nginx on http://127.0.0.1:4471
 *   npm run cluster -- --apps 3 --port 8080
 * Environment: CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/planner_cluster,
 * created if missing, demo school seeded), CLUSTER_REPLICA_PORT (5433).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from './cluster.mjs';

const { values } = parseArgs({ options: { apps: { type: 'string', default: '2' }, port: { type: 'string', default: '4471' } } });
const apps = Number(values.apps);
const port = Number(values.port);
if (!Number.isInteger(apps) || apps < 1 || apps > 16) throw new Error('--apps: a number from 1 to 16');
if (!Number.isInteger(port) || port < 1 || port > 65535 - apps) throw new Error('--port: a free TCP port (the apps take the ones after it)');

const primaryUrl = process.env.CLUSTER_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/planner_cluster';
const database = decodeURIComponent(new URL(primaryUrl).pathname.slice(1));
const admin = new URL(primaryUrl);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
await client.end();

let cluster = null;
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  // Still starting: the start below finishes, then stops what it started.
  if (!cluster) return;
  console.log(`\n${signal}: stopping nginx, the app processes and the replica`);
  await cluster?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

cluster = await startCluster({
  primaryUrl,
  port,
  apps,
  replicaPort: Number(process.env.CLUSTER_REPLICA_PORT || 5433),
  env: { SEED_DEMO: 'true' },
  inherit: true,
});
if (stopping) {
  await cluster.stop();
  process.exit(0);
}
console.log(`\nThe cluster answers on ${cluster.url} (demo accounts in README.md). Ctrl-C stops it.`);
