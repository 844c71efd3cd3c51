/**
 * Load for the cluster's checks, made as a browser makes it: `connections` keep-alive connections,
 * each sending its next GET as soon as the last is answered, for `seconds`.
 *
 * Like a browser (and Node's http.Agent), a connection whose answer says `Connection: close` is
 * not used again: nginx says so on a client's 1000th request (keepalive_requests) and while it
 * reloads, then closes the connection. Like a browser, a GET whose reused connection was closed
 * before any byte of its answer came is sent again on a new connection (RFC 9112 §9.3.1; Node's
 * `req.reusedSocket`): the server closed an idle connection as the request went out, and never saw
 * it. Such retries are counted and reported, never hidden among the answers.
 *
 * Why not autocannon (the benches use it): its client never reads `Connection: close` and writes
 * its next request on the connection nginx is closing; when that request arrives after the close,
 * the reset counts as a failed request. Against nginx with keepalive_requests at 5, 20 or 100 that
 * was one close in 300 to 600, so a run whose connections passed nginx's 1000 requests each could
 * fail with no fault of the app or of nginx: the likely cause of the one reset a CI run saw late in
 * its 60 s, long after the restarts.
 */
import http from 'node:http';

/**
 * Resolves with `{ requests: { total }, errors, timeouts, non2xx, retried, latency: { p99 }, problems }`;
 * `problems` holds each failed request (an error, a timeout or an answer other than 2xx) with the
 * second of the run it happened in, so a failure can be laid beside a check's events.
 */
export async function load({ url, headers = {}, connections = 8, seconds, timeoutMs = 10_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const started = Date.now();
  const until = started + seconds * 1000;
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const result = { requests: { total: 0 }, errors: 0, timeouts: 0, non2xx: 0, retried: 0, latency: { p99: 0 }, problems: [] };
  const latencies = [];

  /**
   * One GET: its status and time, or its error, whether its connection was a reused one and whether
   * any answer came. `fresh`: on a connection of its own, never one from the pool, which may hold
   * other connections the server is closing too.
   */
  const once = (fresh = false) =>
    new Promise((resolve) => {
      const t = performance.now();
      let answered = false;
      const done = (outcome) => {
        if (answered) return;
        answered = true;
        resolve(outcome);
      };
      const req = http.get(url, { agent: fresh ? false : agent, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => done({ status: res.statusCode, ms: performance.now() - t }));
        res.on('error', (error) => done({ error, responded: true }));
      });
      req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('request timed out'), { code: 'TIMEOUT' })));
      req.on('error', (error) => done({ error, reused: req.reusedSocket, responded: Boolean(req.res) }));
    });

  const connection = async () => {
    while (Date.now() < until) {
      let outcome = await once();
      let note = '';
      if (outcome.error && outcome.reused && !outcome.responded && outcome.error.code !== 'TIMEOUT') {
        result.retried++;
        note = ` (sent again on a new connection after ${outcome.error.code ?? outcome.error.message} on a reused one)`;
        outcome = await once(true);
      }
      result.requests.total++;
      if (outcome.error) {
        result.errors++;
        if (outcome.error.code === 'TIMEOUT') result.timeouts++;
        const where = note || ` (on a ${outcome.reused ? 'reused' : 'new'} connection${outcome.responded ? ', the answer begun' : ''})`;
        result.problems.push(`${at()}: ${outcome.error.code ?? outcome.error.name}: ${outcome.error.message}${where}`);
      } else {
        latencies.push(outcome.ms);
        if (outcome.status < 200 || outcome.status >= 300) {
          result.non2xx++;
          result.problems.push(`${at()}: HTTP ${outcome.status}${note}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  result.latency.p99 = latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]) : 0;
  return result;
}
