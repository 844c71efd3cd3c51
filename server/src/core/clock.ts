/**
 * The server's "today" (YYYY-MM-DD, UTC) for its day-based rules, e.g. the latest day a withdrawal
 * may be dated. It is the machine's clock, except in a browser journey that moves the day: with
 * NODE_ENV=test and TEST_CLOCK=1 (e2e/serve.mjs sets both) POST /api/test-clock/ sets it
 * (modules/jobs/test-clock.rest.ts). Never in production: `setTestToday` refuses outside that.
 */
let testToday: string | null = null;

export function testClockEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'test' && env.TEST_CLOCK === '1';
}

/** Today, UTC (the moved day while a journey has set one). */
export function today(): string {
  return testToday ?? new Date().toISOString().slice(0, 10);
}

/** A journey moves the day (null: back to the machine's clock). */
export function setTestToday(day: string | null): void {
  if (!testClockEnabled()) throw new Error('The test clock is available only with NODE_ENV=test and TEST_CLOCK=1');
  testToday = day;
}
