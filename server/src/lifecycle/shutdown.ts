/**
 * Pieces of a graceful stop (main.ts puts them together on SIGTERM / SIGINT):
 *
 * - drainHttp: stop accepting, close idle keep-alive connections at once, let requests in flight
 *   finish and close each connection as soon as its response is sent, and at the deadline close
 *   whatever is left. Plain `server.close()` closes only the connections idle at that moment: one
 *   busy then stays open for the keep-alive timeout (5 s) after its answer, and for ever if its
 *   request never ends.
 *   A connection accepted but whose request is not read yet counts as idle to Node
 *   (`closeIdleConnections()`), yet its client has sent the request: closing it resets a request the
 *   balancer already passed on (nginx logs "recv() failed (104: Connection reset by peer) while
 *   reading response header from upstream"; it tries another replica for a GET, answers 502 for a
 *   POST). Such a connection gets FRESH_CONNECTION_GRACE_MS for its request, answered with
 *   `Connection: close`; only connections that were answered and sit idle are closed at once.
 * - settleBy: waits for a promise until a deadline, never past it.
 *
 * Why our own few lines rather than stoppable, http-terminator or @godaddy/terminus: since Node 18.2
 * `closeIdleConnections()` / `closeAllConnections()` do the hard part, and terminus would install
 * its own signal handlers, which must not race ours (the job worker and the database close after
 * the HTTP drain, in that order, within one deadline).
 */
import type http from 'node:http';
import net, { type Socket } from 'node:net';
import { logger } from '../observability/logger.js';

export interface HttpDrain {
  /** Requests whose response is not finished yet. */
  inFlight(): number;
  /**
   * Stops accepting and waits for requests in flight until `deadline` (ms since the epoch); then
   * closes the connections still open. Answers how many requests were cut off (0: all finished).
   */
  drain(deadline: number): Promise<number>;
}

/**
 * How long, once draining, a connection that has not sent its request yet is waited for. Its client
 * normally sent the request with the connection (a balancer does): it is read within milliseconds
 * even on a busy process; a client that connected and says nothing is closed after this.
 */
export const FRESH_CONNECTION_GRACE_MS = 2000;

/** Call once the server is created (before it takes requests): it counts the requests in flight. */
export function drainableHttp(server: http.Server): HttpDrain {
  const active = new Set<http.ServerResponse>();
  /** Per open connection: requests begun on it, and those not answered yet. */
  const connections = new Map<Socket, { requests: number; open: number }>();
  let draining = false;
  /** Tells the client not to reuse the connection: Node then closes it once the response is sent. */
  const lastOnConnection = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  /** Closes the connections that were answered and wait for another request; never a fresh one. */
  const closeAnsweredIdle = () => {
    for (const [socket, use] of connections) if (use.requests > 0 && use.open === 0) socket.destroy();
  };
  /** Closes every connection with no request in flight (after the grace: the fresh ones too). */
  const closeUnanswered = () => {
    for (const [socket, use] of connections) if (use.open === 0) socket.destroy();
  };
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { requests: 0, open: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    active.add(res);
    const use = connections.get(req.socket);
    if (use) {
      use.requests++;
      use.open++;
    }
    res.once('close', () => {
      active.delete(res);
      if (use) use.open--;
      // Once draining, the connection of a finished response is idle: close it now, not after the keep-alive timeout.
      if (draining) setImmediate(closeAnsweredIdle);
    });
    if (draining) lastOnConnection(res);
  });
  return {
    inFlight: () => active.size,
    drain(deadline) {
      draining = true;
      active.forEach(lastOnConnection);
      return new Promise<number>((resolve) => {
        let cutOff = 0;
        const timer = setTimeout(
          () => {
            cutOff = active.size;
            server.closeAllConnections();
          },
          Math.max(0, deadline - Date.now()),
        );
        // Connections that never sent a request: closed once their grace is over (no request is lost then).
        const silent = setTimeout(closeUnanswered, Math.max(0, Math.min(FRESH_CONNECTION_GRACE_MS, deadline - Date.now())));
        // net.Server's close, not http.Server's: since Node 19 the latter also closes every connection
        // Node counts as idle, the fresh ones included. This one only stops accepting.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(timer);
          clearTimeout(silent);
          resolve(cutOff);
        });
        closeAnsweredIdle();
      });
    },
  };
}

/** Waits for `work` until `deadline` (ms since the epoch): 'done', 'failed' (it threw; logged) or 'timeout'. */
export async function settleBy(work: Promise<unknown>, deadline: number, what: string): Promise<'done' | 'failed' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
  });
  const settled = work.then(
    () => 'done' as const,
    (e: unknown) => {
      logger.error({ err: e }, `[shutdown] ${what} failed`);
      return 'failed' as const;
    },
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
