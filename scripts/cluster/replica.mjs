/**
 * A streaming replica of the machine's PostgreSQL, for `npm run cluster` and `npm run test:cluster`:
 * `pg_basebackup -R` copies the primary into a folder of its own, and Debian's own server binaries
 * (the primary's major version) run it as a hot standby on another port. Nothing is installed here;
 * .ci/run installs what a machine lacks.
 *
 * A physical replication slot of its own (planner_cluster_<pid of this process>) keeps the WAL the
 * replica has not received yet. Without one, a busy shared primary recycled the segment the copy
 * had to stream from before the replica started, and the replica never caught up ("requested WAL
 * segment ... has already been removed"). stop() drops the slot; a slot left by a run that was
 * killed would keep every WAL file from then on, so each start drops the inactive slots of this
 * name whose process is gone.
 *
 * As root (CI), the copy and the server run as the `postgres` user: PostgreSQL refuses to run as root.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function pgProgram(bin, args, opts = {}) {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...opts });
}

/** The folder of the server binaries matching the primary's major version (Debian's layout), or PG_BINDIR. */
export async function serverBinDir(primaryUrl) {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const major = Math.floor(Number(await one(primaryUrl, 'SHOW server_version_num')) / 10000);
  const dir = `/usr/lib/postgresql/${major}/bin`;
  if (!fs.existsSync(path.join(dir, 'postgres'))) {
    throw new Error(`PostgreSQL ${major}'s server binaries are missing (${dir}): apt-get install postgresql-${major}, or set PG_BINDIR`);
  }
  return dir;
}

export async function one(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(sql, params);
    return rows[0] ? Object.values(rows[0])[0] : undefined;
  } finally {
    await client.end();
  }
}

/** Throws a clear message when the primary refuses replication connections (pg_hba.conf). */
export async function assertReplicationAllowed(primaryUrl) {
  const url = new URL(primaryUrl);
  url.pathname = '/postgres';
  url.searchParams.set('replication', 'true');
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.query('IDENTIFY_SYSTEM');
  } catch (e) {
    throw new Error(
      `The primary refuses replication connections (${e.message}). Add "host replication all 127.0.0.1/32 trust" (or a password line) to its pg_hba.conf and run SELECT pg_reload_conf().`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

const SLOT_PREFIX = 'planner_cluster_';

/** Drops the slots of earlier runs on this machine that are inactive and whose process is gone. */
async function dropForgottenSlots(primaryUrl, log) {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT slot_name FROM pg_replication_slots WHERE NOT active AND slot_name LIKE $1`, [`${SLOT_PREFIX}%`]);
    for (const { slot_name: slot } of rows) {
      const pid = Number(slot.slice(SLOT_PREFIX.length));
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) continue;
      await client.query('SELECT pg_drop_replication_slot($1) WHERE EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = $1 AND NOT active)', [slot]);
      log(`replica: dropped the slot ${slot} of a run that ended without stopping`);
    }
  } finally {
    await client.end();
  }
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * Copies the primary and starts the copy as a streaming hot standby on `port`.
 * Returns its control (replicaControl); stop() removes the folder.
 */
export async function startReplica({ primaryUrl, port, log = () => {} }) {
  await assertReplicationAllowed(primaryUrl);
  const bin = await serverBinDir(primaryUrl);
  const primary = new URL(primaryUrl);
  // The standby must allow at least as many connections, workers and locks as the primary (hot standby rule).
  const settings = {};
  for (const name of ['max_connections', 'max_worker_processes', 'max_prepared_transactions', 'max_locks_per_transaction', 'max_wal_senders']) {
    settings[name] = await one(primaryUrl, `SHOW ${name}`);
  }
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-replica-'));
  const dir = path.join(parent, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', parent]);
  await dropForgottenSlots(primaryUrl, log);
  const slot = `${SLOT_PREFIX}${process.pid}`;
  const started = Date.now();
  try {
    pgProgram(path.join(bin, 'pg_basebackup'), [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
      '-D',
      dir,
      '-X',
      'stream',
      '-R',
      '-c',
      'fast',
      // -C -S: the slot is made with the copy, and -R names it in the copy's settings.
      '-C',
      '-S',
      slot,
    ]);
  } catch (e) {
    fs.rmSync(parent, { recursive: true, force: true });
    await dropSlot(primaryUrl, slot);
    throw new Error(`pg_basebackup failed: ${e.stderr || e.message}`);
  }
  log(`replica: copied the primary in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Debian keeps postgresql.conf and pg_hba.conf outside the data folder: the copy gets its own.
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${parent}'`,
    'hot_standby = on',
    'shared_buffers = 32MB',
    // Feedback keeps the primary from vacuuming rows a replica query still reads (no query conflicts).
    'hot_standby_feedback = on',
    'wal_receiver_status_interval = 1s',
    'logging_collector = off',
    ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`),
  ];
  fs.writeFileSync(path.join(dir, 'postgresql.conf'), conf.join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  if (asRoot) execFileSync('chown', ['postgres:postgres', path.join(dir, 'postgresql.conf'), path.join(dir, 'pg_hba.conf')]);
  const replica = replicaControl({ primaryUrl, port, dir: parent, bin, slot });
  try {
    replica.start();
  } catch (e) {
    const tail = fs.existsSync(replica.logFile) ? fs.readFileSync(replica.logFile, 'utf8').slice(-2000) : '';
    await replica.stop();
    throw new Error(`the replica did not start: ${e.stderr || e.message}\n${tail}`);
  }
  return replica;
}

/**
 * Control of a replica made by startReplica, from its folder: what a test process gets (the replica
 * itself is started once, by the test run's global setup).
 */
export function replicaControl({ primaryUrl, port, dir: parent, bin, slot }) {
  const dir = path.join(parent, 'data');
  const logFile = path.join(parent, 'replica.log');
  const url = (db) => {
    const u = new URL(primaryUrl);
    u.port = String(port);
    if (db) u.pathname = `/${db}`;
    return u.toString();
  };
  const pgCtl = (...args) => pgProgram(path.join(bin, 'pg_ctl'), [...args, '-D', dir]);
  const replica = {
    dir: parent,
    bin,
    slot,
    port,
    primaryUrl,
    url,
    logFile,
    /** Starts the server (again, after halt()); waits until it accepts connections. */
    start() {
      if (asRoot && !fs.existsSync(logFile)) {
        fs.writeFileSync(logFile, '');
        execFileSync('chown', ['postgres:postgres', logFile]);
      }
      pgCtl('start', '-l', logFile, '-w', '-t', '60');
    },
    /** Stops the server (fast: connections are cut) and keeps its folder. */
    halt() {
      try {
        pgCtl('stop', '-m', 'fast', '-w', '-t', '30');
      } catch {
        // Not running.
      }
    },
    /** Stops the server, removes its folder and drops its slot. */
    async stop() {
      replica.halt();
      fs.rmSync(parent, { recursive: true, force: true });
      if (slot) await dropSlot(primaryUrl, slot);
    },
    /** Makes lag real: the replica keeps receiving WAL but applies none of it. */
    pauseReplay: () => one(url('postgres'), 'SELECT pg_wal_replay_pause()'),
    resumeReplay: () => one(url('postgres'), 'SELECT pg_wal_replay_resume()'),
    /** Waits until the replica has applied the primary's WAL up to now. */
    async caughtUp(timeoutMs = 120_000) {
      const target = await one(primaryUrl, 'SELECT pg_current_wal_insert_lsn()::text');
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (await one(url('postgres'), 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn', [target])) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the replica did not reach ${target} within ${timeoutMs} ms`);
    },
  };
  return replica;
}

/** Drops a slot of ours if it is there (a walsender lets go of it once the replica has stopped). */
async function dropSlot(primaryUrl, slot) {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await one(primaryUrl, 'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1', [slot]);
      return;
    } catch (e) {
      // "is active for PID": the walsender of the stopped replica has not ended yet.
      if (Date.now() > until) throw new Error(`could not drop the replication slot ${slot}: ${e.message}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
