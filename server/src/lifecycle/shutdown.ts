/**
 * Pieces of a graceful stop (main.ts puts them together on SIGTERM / SIGINT):
 *
 * - drainHttp: stop accepting, close idle keep-alive connections at once, let requests in flight
 *   finish and close each connection as soon as its response is sent, and at the deadline close
 *   whatever is left. Plain `server.close()` closes only the connections idle at that moment: one
 *   busy then stays open for the keep-alive timeout (5 s) after its answer, and for ever if its
 *   request never ends.
 * - settleBy: waits for a promise until a deadline, never past it.
 *
 * Why our own few lines rather than stoppable, http-terminator or @godaddy/terminus: since Node 18.2
 * `closeIdleConnections()` / `closeAllConnections()` do the hard part, and terminus would install
 * its own signal handlers, which must not race ours (the job worker and the database close after
 * the HTTP drain, in that order, within one deadline).
 */
import type http from 'node:http';
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

/** Call once the server is created (before it takes requests): it counts the requests in flight. */
export function drainableHttp(server: http.Server): HttpDrain {
  const active = new Set<http.ServerResponse>();
  let draining = false;
  /** Tells the client not to reuse the connection: Node then closes it once the response is sent. */
  const lastOnConnection = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      // Once draining, the connection of a finished response is idle: close it now, not after the keep-alive timeout.
      if (draining) setImmediate(() => server.closeIdleConnections());
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
        server.close(() => {
          clearTimeout(timer);
          resolve(cutOff);
        });
        server.closeIdleConnections();
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
