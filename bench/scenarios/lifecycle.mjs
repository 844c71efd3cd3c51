/**
 * Scenario `lifecycle`: how long the built server takes to stop on SIGTERM, on each database.
 * A server of its own is started (`node server/dist/server/src/main.js`, NODE_ENV=production as in
 * the image): on the embedded database in a fresh DATA_DIR, and on the small district's PostgreSQL
 * database. It answers a few requests over 8 keep-alive connections (left idle, as a browser or
 * the proxy leaves them) and has 4 more in flight when SIGTERM arrives; the figure is the time
 * from the signal to the process's exit, which must be code 0. Budget: <= 10 s, the default
 * SHUTDOWN_GRACE_SECONDS. A server still running after 30 s is killed and counted as 30 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LIMIT_MS = 30_000;
const BUDGET_SECONDS = 10;

/** Starts the built server with `env`; answers its origin and child once it listens. */
async function startServer(root, env, fail) {
  const child = spawn(process.execPath, ['server/dist/server/src/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', BENCH: '', SMTP_URL: '', LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: String(BUDGET_SECONDS), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  for (let i = 0; i < 1200; i++) {
    const m = /listening on http:\/\/localhost:(\d+)/.exec(output);
    if (m) return { origin: `http://127.0.0.1:${m[1]}`, child, exited, output: () => output };
    if (child.exitCode !== null) fail(`The lifecycle server stopped while starting:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  fail(`The lifecycle server did not start:\n${output}`);
}

/** SIGTERM with idle keep-alive connections and requests in flight: answers ms to exit and the exit. */
async function timeStop(server) {
  const health = () => fetch(`${server.origin}/api/health/`).then((r) => r.arrayBuffer());
  await Promise.all(Array.from({ length: 8 }, health));
  const inFlight = Array.from({ length: 4 }, () =>
    health().then(
      () => 'answered',
      () => 'failed',
    ),
  );
  const sent = performance.now();
  server.child.kill('SIGTERM');
  let timer;
  const late = new Promise((r) => (timer = setTimeout(() => r(null), LIMIT_MS)));
  const exit = await Promise.race([server.exited, late]);
  clearTimeout(timer);
  const ms = performance.now() - sent;
  if (!exit) server.child.kill('SIGKILL');
  return { ms: exit ? ms : LIMIT_MS, exit, answered: (await Promise.all(inFlight)).filter((a) => a === 'answered').length };
}

export async function scenarioLifecycle({ root, databaseUrl, record, log, fail }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-lifecycle-'));
  try {
    for (const [kind, env] of [
      ['embedded database', { DATABASE_URL: '', DATA_DIR: dataDir }],
      ['PostgreSQL server', { DATABASE_URL: databaseUrl, SEED_DEMO: 'false' }],
    ]) {
      log(`  lifecycle: starting a server on the ${kind}`);
      const server = await startServer(root, env, fail);
      const { ms, exit, answered } = await timeStop(server);
      const how = exit ? `exit code ${exit.code}${exit.signal ? `, signal ${exit.signal}` : ''}` : `still running after ${LIMIT_MS / 1000} s, killed`;
      const ok = exit && exit.code === 0;
      record(
        `shutdown on SIGTERM: ${kind}`,
        ok ? ms / 1000 : Math.max(ms, LIMIT_MS) / 1000,
        null,
        BUDGET_SECONDS,
        'abs',
        's',
        `${how}; 8 idle keep-alive connections, ${answered} of 4 requests in flight answered`,
      );
      if (!ok) log(`  lifecycle: server output:\n${server.output()}`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
