/**
 * A district deployment on one machine, from Debian's packages and the built app: the machine's
 * PostgreSQL as primary, a streaming replica (replica.mjs), N app processes (server/dist) and nginx
 * in front of them with deploy/nginx.conf, the compose file's proxy configuration. Used by
 * `npm run cluster` (run.mjs) and `npm run test:cluster` (server/src/cluster/).
 *
 * deploy/nginx.conf finds the replicas through Docker's DNS; here they are ports on 127.0.0.1, so
 * the same server block gets an upstream of those ports in place of the resolver, and nothing else
 * changes. A line this relies on that is missing from the file stops the cluster with a message.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReplica } from './replica.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(root, 'server/dist/server/src/main.js');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 200, or throws after `timeoutMs`. */
export async function waitForOk(url, timeoutMs = 60_000, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`${url}: the process exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await sleep(150);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

/**
 * Throws when another program listens on `port`. An app started on a taken port fails its listen
 * and exits with code 1 a few seconds later, while the other program answers the health check in its
 * place: the cluster would seem to start, then lose a process in the middle of a check.
 */
export async function assertPortFree(port, what) {
  await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e) => reject(new Error(`${what}: port ${port} is taken by another program (${e.code}); choose other ports (CLUSTER_PORT, --port)`)));
    // No host: the app listens on every address, so a listener on any of them takes the port from it.
    probe.listen(port, () => probe.close(resolve));
  });
}

/** deploy/nginx.conf's server block, pointed at an upstream of local ports. */
export function nginxSite(listenPort) {
  const original = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const edits = [
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`],
    [/^\s*resolver [^\n]*;\n/m, ''],
    [/^\s*resolver_timeout [^\n]*;\n/m, ''],
    [/^(\s*)set \$planner_app http:\/\/app:4000;$/m, '$1set $planner_app http://planner_app;'],
  ];
  let site = original;
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer has ${pattern}: update scripts/cluster/cluster.mjs to match it`);
    site = site.replace(pattern, replacement);
  }
  return site;
}

function nginxConf(dir, listenPort, appPorts, downPorts = []) {
  const asRoot = process.getuid?.() === 0;
  return `# Written by scripts/cluster/cluster.mjs around deploy/nginx.conf.
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
${asRoot ? 'user nobody nogroup;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The compose file's replicas, here local ports. A replica that refused a connection is left out
  # for a second only, so one that is back after a restart gets requests again at once. One marked
  # down is being restarted (cluster.takeOut).
  upstream planner_app {
${appPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s${downPorts.includes(p) ? ' down' : ''};`).join('\n')}
  }
${nginxSite(listenPort)}
}
`;
}

/** The processes whose parent is `pid` (nginx's workers of its master), from /proc. */
function childrenOf(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent's pid; field 2, the name in parentheses, may hold spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

function findNginx() {
  for (const candidate of [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean)) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is missing: apt-get install nginx (or set NGINX to its path)');
}

/** The last `lines` lines of a file, or a note that it is missing or empty. */
export function tail(file, lines = 40) {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return `(no ${path.basename(file)})`;
  }
  const rows = text.trimEnd().split('\n');
  return rows.length && rows[0] ? rows.slice(-lines).join('\n') : `(${path.basename(file)} is empty)`;
}

/**
 * One app process: start() spawns it, stop() sends a signal and waits for its exit code. Its stdout
 * and stderr go to `logFile` (an uncaught error's stack included); an exit that stop() did not ask
 * for is passed to `onUnexpectedExit`.
 */
function appProcess({ index, port, env, dir, node, inherit, onUnexpectedExit }) {
  let child = null;
  let exited = null;
  let stopping = false;
  const logFile = path.join(dir, `app-${index + 1}.log`);
  const app = {
    index,
    port,
    logFile,
    get pid() {
      return child?.pid;
    },
    get running() {
      return Boolean(child) && !exited;
    },
    async start() {
      await assertPortFree(port, `app ${index + 1}`);
      const out = inherit ? 'inherit' : fs.openSync(logFile, 'a');
      if (!inherit) fs.appendFileSync(logFile, `--- ${new Date().toISOString()}: started on port ${port}\n`);
      stopping = false;
      child = spawn(node, [MAIN], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', out, out] });
      if (typeof out === 'number') fs.closeSync(out);
      let resolveExit;
      exited = null;
      const exitPromise = new Promise((r) => (resolveExit = r));
      child.once('exit', (code, signal) => {
        exited = { code, signal };
        if (!inherit) fs.appendFileSync(logFile, `--- ${new Date().toISOString()}: exited (code ${code}, signal ${signal})\n`);
        if (!stopping) onUnexpectedExit?.(app, exited);
        resolveExit(exited);
      });
      app.exit = exitPromise;
      return waitForOk(`http://127.0.0.1:${port}/api/health/`, 90_000, () => !exited);
    },
    /** Sends `signal` and waits for the process to end (SIGKILL after `timeoutMs`). */
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (!child || exited) return exited;
      stopping = true;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await app.exit;
      clearTimeout(timer);
      return result;
    },
  };
  return app;
}

/**
 * Starts the cluster on `database` (a database of the primary's server, migrated by the first app).
 * Ports: nginx on `port`, the apps on the next `apps` ports; the replica on `replicaPort`.
 */
export async function startCluster({
  primaryUrl,
  port = 4471,
  apps = 2,
  replicaPort = 5433,
  env = {},
  log = (line) => console.log(line),
  inherit = false,
  node = process.execPath,
}) {
  if (!fs.existsSync(MAIN)) throw new Error('The built app is missing (server/dist): run npm run build first');
  const nginx = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-cluster-'));
  fs.chmodSync(dir, 0o755);
  const stops = [];
  const cluster = { dir, port, url: `http://127.0.0.1:${port}`, apps: [], replica: null, nginxPid: null, unexpectedExits: [] };
  /** The ends of every app process's log, nginx's error log and the replica's log: what a failure shows. */
  cluster.logTails = (lines = 40) =>
    [
      ...cluster.apps.map(
        (a) => `--- app ${a.index + 1} (port ${a.port}, ${a.running ? `running, pid ${a.pid}` : 'not running'}): ${a.logFile}\n${tail(a.logFile, lines)}`,
      ),
      `--- nginx error log\n${tail(path.join(dir, 'nginx-error.log'), lines)}`,
      ...(cluster.replica ? [`--- replica log\n${tail(cluster.replica.logFile, lines)}`] : []),
    ].join('\n');
  const onUnexpectedExit = (app, { code, signal }) => {
    const what = `app ${app.index + 1} (port ${app.port}) exited unexpectedly: code ${code}, signal ${signal}`;
    cluster.unexpectedExits.push({ at: new Date().toISOString(), what });
    if (!inherit) log(`cluster: ${what}\n${tail(app.logFile, 60)}`);
  };
  cluster.stop = async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => log(`cluster: stopping: ${e.message}`));
    stops.length = 0;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let p = port; p <= port + apps; p++) await assertPortFree(p, p === port ? 'nginx' : `app ${p - port}`);
    cluster.replica = await startReplica({ primaryUrl, port: replicaPort, log });
    stops.push(async () => cluster.replica.stop());
    // The copy replays what the primary wrote while it was made (on a shared server, other databases' WAL too).
    await cluster.replica.caughtUp();
    log(`cluster: replica streaming on port ${replicaPort}`);

    const replicaUrl = cluster.replica.url(new URL(primaryUrl).pathname.slice(1));
    const appEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URLS: replicaUrl,
      PUBLIC_URL: cluster.url,
      // nginx appends the client's address: one hop, as in docker-compose.yml.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: '10',
      ...env,
    };
    const appPorts = Array.from({ length: apps }, (_, i) => port + 1 + i);
    cluster.apps = appPorts.map((p, index) => appProcess({ index, port: p, env: appEnv, dir, node, inherit, onUnexpectedExit }));
    stops.push(async () => {
      await Promise.all(cluster.apps.map((a) => a.stop('SIGTERM')));
    });
    // The first migrates (and seeds, with SEED_DEMO) alone; the others then start side by side.
    await cluster.apps[0].start();
    await Promise.all(cluster.apps.slice(1).map((a) => a.start()));
    log(`cluster: ${apps} app processes on ports ${appPorts.join(', ')} (${node === process.execPath ? `Node ${process.version}` : node})`);

    const confFile = path.join(dir, 'nginx.conf');
    fs.writeFileSync(confFile, nginxConf(dir, port, appPorts));
    execFileSync(nginx, ['-t', '-q', '-c', confFile, '-p', dir, '-e', path.join(dir, 'nginx-error.log')], { stdio: 'pipe' });
    const proxy = spawn(nginx, ['-c', confFile, '-p', dir, '-e', path.join(dir, 'nginx-error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
    cluster.nginxPid = proxy.pid;
    const proxyExit = new Promise((r) => proxy.once('exit', r));
    /**
     * Writes nginx's configuration with the apps on `downPorts` marked down and reloads it; resolves
     * once the workers of the previous configuration have exited (they finish the requests they hold
     * first), so no request goes to those apps any more.
     */
    const reconfigure = async (downPorts) => {
      fs.writeFileSync(confFile, nginxConf(dir, port, appPorts, downPorts));
      execFileSync(nginx, ['-t', '-q', '-c', confFile, '-p', dir, '-e', path.join(dir, 'nginx-error.log')], { stdio: 'pipe' });
      const previous = childrenOf(proxy.pid);
      proxy.kill('SIGHUP');
      const until = Date.now() + 30_000;
      while (previous.some((pid) => fs.existsSync(`/proc/${pid}`))) {
        if (Date.now() > until) throw new Error(`nginx's previous workers (${previous.join(', ')}) did not exit within 30 s of a reload`);
        await sleep(50);
      }
    };
    const down = new Set();
    /**
     * Takes an app out of nginx's upstream, as a rolling deploy does before it stops a replica: nginx
     * may have handed a request to a stopping process's listen queue, which the kernel resets when
     * the process stops listening (a GET is tried elsewhere, a POST would get 502).
     */
    cluster.takeOut = async (app) => {
      down.add(app.port);
      await reconfigure([...down]);
    };
    /** Puts an app taken out back in nginx's upstream. */
    cluster.putBack = async (app) => {
      down.delete(app.port);
      await reconfigure([...down]);
    };
    stops.push(async () => {
      proxy.kill('SIGTERM');
      await proxyExit;
    });
    await waitForOk(`${cluster.url}/api/health/`, 30_000);
    log(`cluster: nginx on ${cluster.url} (deploy/nginx.conf)`);
    return cluster;
  } catch (e) {
    if (!inherit) log(`cluster: did not start: ${e.message}\n${cluster.logTails()}`);
    await cluster.stop();
    throw e;
  }
}
