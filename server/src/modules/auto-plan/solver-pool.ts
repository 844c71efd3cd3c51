/**
 * HiGHS solves off the event loop: a piscina pool of worker threads (highs.worker.cjs), each with
 * its own WebAssembly solver. HiGHS stops itself at the time limit it is given; as a second guard
 * a solve still running a few seconds past it is aborted, which ends its worker thread (piscina
 * replaces it), so a stuck solve never holds a thread or a request for long.
 *
 * The pool itself comes from piscina (threads, replacement, shutdown); only the wait for a free
 * thread is counted here, so the watchdog measures a solve's running time, not its queueing.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { LinearModel, Solve, SolveOutcome } from './plan-model.js';

/** Seconds past HiGHS' own time limit after which a solve is aborted. */
const WATCHDOG_GRACE_SECONDS = 5;

export interface SolverPool {
  solve: Solve;
  close(): Promise<void>;
}

export function solverPool(threads: number): SolverPool {
  const pool = new Piscina({
    filename: fileURLToPath(new URL('./highs.worker.cjs', import.meta.url)),
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    // A worker keeps its loaded solver for a minute of quiet, then its memory goes back.
    idleTimeout: 60_000,
  });
  // Solves wait here for a free thread, so the watchdog below counts only a running solve.
  const waiting: (() => void)[] = [];
  let running = 0;
  const acquire = () => (running < pool.maxThreads ? (running++, Promise.resolve()) : new Promise<void>((go) => waiting.push(go)));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    solve: async (model: LinearModel, timeLimitSeconds: number): Promise<SolveOutcome> => {
      await acquire();
      try {
        const signal = AbortSignal.timeout(Math.ceil((timeLimitSeconds + WATCHDOG_GRACE_SECONDS) * 1000));
        return (await pool.run({ model, timeLimitSeconds }, { signal })) as SolveOutcome;
      } finally {
        release();
      }
    },
    close: () => pool.destroy(),
  };
}
