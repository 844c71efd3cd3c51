/**
 * Run as its own process by job-queue.test.ts: a worker whose handler never finishes (and ignores
 * its signal) is stopped; the process must then exit by itself, which it does only when no timer
 * of the queue is left. The database is a stand-in answering the queue's statements.
 */
import { JobWorker } from '../job-queue.js';

const statements: string[] = [];
let claimed = false;
const db = {
  async query(sql: string): Promise<unknown> {
    statements.push(sql);
    if (sql.includes("SET status = 'running'") && !claimed) {
      claimed = true;
      return [[{ id: '1', queue: 'stand-in', payload: {}, attempts: 1, max_attempts: 5 }], 1];
    }
    // The heartbeat's renewal and the release by the holder find the job.
    if (sql.includes('SET lease_expires_at') || sql.includes('attempts = attempts - 1')) return [[{ id: '1' }], 1];
    return [[], 0];
  },
};

let started!: () => void;
const running = new Promise<void>((resolve) => (started = resolve));
let aborted = false;
const worker = new JobWorker(
  db as never,
  {
    'stand-in': async (_payload, _job, signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      started();
      await new Promise(() => {});
    },
  },
  { pollMs: 20, stopWaitMs: 300, leaseSeconds: 0.3 },
);

worker.start();
await running;
// Let the heartbeat run a few times first.
await new Promise((resolve) => setTimeout(resolve, 250));
const t = Date.now();
await worker.stop();
console.log(
  JSON.stringify({
    stoppedMs: Date.now() - t,
    aborted,
    renewals: statements.filter((s) => s.includes('SET lease_expires_at')).length,
    released: statements.some((s) => s.includes('attempts = attempts - 1') && s.includes('locked_by = $2')),
  }),
);
