/**
 * drainableHttp and settleBy on a plain HTTP server in this process: an idle keep-alive connection
 * is closed at once, a request in flight finishes and its connection closes right after its answer
 * (plain server.close() keeps that connection until its keep-alive timeout, here a minute), one
 * that never finishes is cut at the deadline.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainableHttp, FRESH_CONNECTION_GRACE_MS, settleBy } from './shutdown.js';

let servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers) s.closeAllConnections();
  servers = [];
});

/** A server whose /slow answers after `slowMs`, and whose /hang never answers. Keep-alive lasts a minute. */
async function serve(slowMs = 300): Promise<{ server: http.Server; port: number; drain: ReturnType<typeof drainableHttp> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/hang') return;
    setTimeout(() => res.end('done'), req.url === '/slow' ? slowMs : 0);
  });
  server.keepAliveTimeout = 60_000;
  const drain = drainableHttp(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port, drain };
}

function get(port: number, path: string, agent: http.Agent): Promise<{ body: string; connection: string | undefined; socketClosed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ body, connection: res.headers.connection, socketClosed: new Promise((r) => req.socket!.once('close', () => r())) }));
    });
    req.on('error', reject);
  });
}

describe('drainableHttp', () => {
  it('closes an idle keep-alive connection at once instead of after its keep-alive timeout', async () => {
    const { port, drain } = await serve();
    const agent = new http.Agent({ keepAlive: true });
    const first = await get(port, '/', agent);
    expect(first.connection).toBe('keep-alive');
    const started = Date.now();
    expect(await drain.drain(Date.now() + 30_000)).toBe(0);
    await first.socketClosed;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('lets a request in flight finish, tells its client to close, and closes its connection after the answer', async () => {
    const { port, drain } = await serve(500);
    const agent = new http.Agent({ keepAlive: true });
    const slow = get(port, '/slow', agent);
    await new Promise((r) => setTimeout(r, 100));
    expect(drain.inFlight()).toBe(1);
    const drained = drain.drain(Date.now() + 30_000);
    const answer = await slow;
    expect(answer.body).toBe('done');
    expect(answer.connection).toBe('close');
    expect(await drained).toBe(0);
    expect(drain.inFlight()).toBe(0);
  });

  it('stops accepting new connections while a request is in flight', async () => {
    const { port, drain } = await serve(500);
    const slow = get(port, '/slow', new http.Agent({ keepAlive: true }));
    await new Promise((r) => setTimeout(r, 100));
    const drained = drain.drain(Date.now() + 30_000);
    await expect(get(port, '/', new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect((await slow).body).toBe('done');
    await drained;
  });

  it('answers a request on a connection accepted before the stop but read after it (a balancer already sent it), then closes it', async () => {
    const { port, drain } = await serve();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    // The server has the connection; its request comes just after the stop began.
    await new Promise((r) => setTimeout(r, 100));
    const drained = drain.drain(Date.now() + 30_000);
    let raw = '';
    socket.on('data', (d) => (raw += d));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write('GET / HTTP/1.1\r\nHost: planner\r\n\r\n');
    await closed;
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toMatch(/\r\nConnection: close\r\n/i);
    expect(raw.endsWith('done')).toBe(true);
    expect(await drained).toBe(0);
  });

  it('closes a connection that never sends a request once its grace is over, well before the deadline', async () => {
    const { port, drain } = await serve();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const closed = new Promise((r) => socket.once('close', r));
    expect(await drain.drain(Date.now() + 30_000)).toBe(0);
    await closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(FRESH_CONNECTION_GRACE_MS - 100);
    expect(Date.now() - started).toBeLessThan(FRESH_CONNECTION_GRACE_MS + 3000);
  });

  it('cuts off a request still running at the deadline and answers how many', async () => {
    const { port, drain } = await serve();
    const hung = get(port, '/hang', new http.Agent({ keepAlive: true })).then(
      () => 'answered',
      (e) => e.code,
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    expect(await drain.drain(Date.now() + 300)).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await hung).toBe('ECONNRESET');
  });
});

describe('settleBy', () => {
  it('answers done, failed or timeout, and never waits past the deadline', async () => {
    expect(await settleBy(Promise.resolve(1), Date.now() + 1000, 'a quick step')).toBe('done');
    expect(await settleBy(Promise.reject(new Error('boom')), Date.now() + 1000, 'a failing step')).toBe('failed');
    const started = Date.now();
    expect(await settleBy(new Promise(() => {}), Date.now() + 200, 'a step that hangs')).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
