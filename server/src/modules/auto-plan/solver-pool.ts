/**
 * Generations run off the event loop: a piscina pool of worker threads (plan.worker.mjs running
 * plan-task.ts), each with its own WebAssembly HiGHS. The main thread posts the plain input the
 * service loaded from the database; the worker builds every model, solves it and decodes the
 * answer, and sends back the finished result. HiGHS stops itself within the time limit it is
 * given; as a second guard a generation still running a few seconds past it is aborted, which
 * ends its worker thread (piscina replaces it), so a stuck solve never holds a thread or a request
 * for long.
 *
 * A worker that fails (aborted, crashed, out of memory) answers 503 AUTO_PLAN_UNAVAILABLE: the
 * generator is unavailable for now, the caller's request itself was fine.
 *
 * The pool itself comes from piscina (threads, replacement, shutdown); only the wait for a free
 * thread is counted here, so the watchdog measures a generation's running time, not its queueing.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError, because } from '../../core/errors.js';
import type { AutoPlanInput, AutoPlanResult } from './plan-model.js';
import type { PlanJob } from './plan-task.js';

/** Seconds past the time limit after which a generation is aborted. */
const WATCHDOG_GRACE_SECONDS = 5;

/** Generates a plan in a worker thread: the input and the time limit of all its solves, in seconds. */
export type Planner = (input: AutoPlanInput, timeLimitSeconds: number) => Promise<AutoPlanResult>;

export interface SolverPool {
  plan: Planner;
  close(): Promise<void>;
}

/** `threads` solver threads, each with a JavaScript heap of at most `memoryMb`. */
export function solverPool(threads: number, memoryMb = 1024): SolverPool {
  const pool = new Piscina({
    filename: fileURLToPath(new URL('./plan.worker.mjs', import.meta.url)),
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    // A worker keeps its loaded solver for a minute of quiet, then its memory goes back.
    idleTimeout: 60_000,
  });
  // A thread that dies outside a task (out of memory while loading, say) is reported as the pool's
  // 'error' event; unheard, that event would end the whole server. Piscina replaces the thread, and
  // a task it was running rejects (503 below), so there is nothing more to do here.
  pool.on('error', () => {});
  // Generations wait here for a free thread, so the watchdog below counts only a running one.
  const waiting: (() => void)[] = [];
  let running = 0;
  const acquire = () => (running < pool.maxThreads ? (running++, Promise.resolve()) : new Promise<void>((go) => waiting.push(go)));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    plan: async (input, timeLimitSeconds) => {
      await acquire();
      try {
        const signal = AbortSignal.timeout(Math.ceil((timeLimitSeconds + WATCHDOG_GRACE_SECONDS) * 1000));
        const job: PlanJob = { input, timeLimitSeconds };
        return (await pool.run(job, { signal })) as AutoPlanResult;
      } catch (err) {
        // The worker's own error stays with the answer for the logs; the caller gets the reason only.
        throw Object.assign(new AppError('SERVICE_UNAVAILABLE', because('AUTO_PLAN_UNAVAILABLE')), { cause: err });
      } finally {
        release();
      }
    },
    close: () => pool.destroy(),
  };
}
