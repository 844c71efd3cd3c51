/**
 * Instrumentation for `npm run bench` and tests, never for production: with BENCH=1 (or
 * NODE_ENV=test) and NODE_ENV other than production, every response carries X-SQL-Statements (the
 * number of SQL statements the request ran, counted through AsyncLocalStorage and the TypeORM
 * logger), and /api/bench/ serves:
 *   GET /api/bench/bare/   a bare JSON answer (no database, no authentication): the baseline of a REST read;
 *   GET /api/bench/stats/  the process's CPU time, memory (and its peak since the last reset, sampled
 *                          every 10 ms; and the most the old generation held just after a full
 *                          collection)
 *                          and event-loop delay percentiles; ?reset=1 starts a new window.
 */
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../config.js';
import { runCounted, type Counter } from '../db/query-counter.js';

export const SQL_STATEMENTS_HEADER = 'X-SQL-Statements';

export function benchInstrumentationEnabled(config: Pick<Config, 'nodeEnv'>, env: NodeJS.ProcessEnv = process.env): boolean {
  if (config.nodeEnv === 'production') return false;
  return env.BENCH === '1' || config.nodeEnv === 'test';
}

/** Sets X-SQL-Statements on the response from the statements the request ran before its headers went out. */
function sqlStatementHeader(_req: Request, res: Response, next: NextFunction): void {
  const counter: Counter = { statements: [] };
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent) this.setHeader(SQL_STATEMENTS_HEADER, String(counter.statements.length));
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
  runCounted(counter, () => next());
}

function statsRouter(): express.Router {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // Memory: RSS, and the JavaScript heap plus the Buffers outside it (heapUsed + external).
  const live = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  let peakRss = 0;
  let peakHeap = 0;
  let startRss = process.memoryUsage().rss;
  let startHeap = live(process.memoryUsage());
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, live(m));
  };
  setInterval(sample, 10).unref();
  // What the process still holds, as against garbage not yet collected (which the peaks include, up
  // to V8's next full collection): the old generation as each full collection is reported, plus the
  // Buffers outside the heap. The young generation is left out: it fills and empties every few
  // milliseconds, and the report comes a moment after the collection.
  let peakHeapAfterGc = 0;
  const held = () =>
    getHeapSpaceStatistics()
      .filter((space) => !space.space_name.startsWith('new_'))
      .reduce((sum, space) => sum + space.space_used_size, 0) + process.memoryUsage().external;
  new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR)) {
      peakHeapAfterGc = Math.max(peakHeapAfterGc, held());
    }
  }).observe({ entryTypes: ['gc'] });

  const router = express.Router();
  router.get('/bare/', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/stats/', (req, res) => {
    sample();
    const cpu = process.cpuUsage();
    const m = process.memoryUsage();
    const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      cpu_user_us: cpu.user,
      cpu_system_us: cpu.system,
      rss: m.rss,
      heap_used: m.heapUsed,
      external: m.external,
      window_start_rss: startRss,
      /** heapUsed + external at the start of the window, and its peak since. */
      window_start_heap: startHeap,
      peak_rss: peakRss,
      peak_heap: peakHeap,
      /** The old generation's used size + external just after a full collection, the most since the start of the window (0: none yet). */
      peak_heap_after_gc: peakHeapAfterGc,
      event_loop_p50_ms: ms(delay.percentile(50)),
      event_loop_p99_ms: ms(delay.percentile(99)),
      event_loop_max_ms: ms(delay.max),
    });
    if (req.query.reset) {
      if (req.query.gc && typeof global.gc === 'function') global.gc();
      delay.reset();
      const now = process.memoryUsage();
      startRss = peakRss = now.rss;
      startHeap = peakHeap = live(now);
      peakHeapAfterGc = 0;
    }
  });
  return router;
}

/** Mounts the header and /api/bench/ when enabled; call before the /api routes. */
export function mountBenchInstrumentation(app: Express, config: Pick<Config, 'nodeEnv'>): void {
  if (!benchInstrumentationEnabled(config)) return;
  app.use(sqlStatementHeader);
  app.use('/api/bench', statsRouter());
}
