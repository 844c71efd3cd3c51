import { describe, expect, it } from 'vitest';
import { setTestToday, testClockEnabled, today } from './clock.js';

describe('the clock', () => {
  it("is the machine's day (UTC)", () => {
    expect(today()).toBe(new Date().toISOString().slice(0, 10));
  });

  it('can be moved only with NODE_ENV=test and TEST_CLOCK=1, never in production', () => {
    expect(testClockEnabled({ NODE_ENV: 'test', TEST_CLOCK: '1' })).toBe(true);
    expect(testClockEnabled({ NODE_ENV: 'production', TEST_CLOCK: '1' })).toBe(false);
    expect(testClockEnabled({ NODE_ENV: 'development', TEST_CLOCK: '1' })).toBe(false);
    expect(testClockEnabled({ NODE_ENV: 'test' })).toBe(false);
    // This process runs the unit tests without TEST_CLOCK: moving the day is refused, today unchanged.
    expect(() => setTestToday('2030-01-01')).toThrow(/only with NODE_ENV=test and TEST_CLOCK=1/);
    expect(today()).toBe(new Date().toISOString().slice(0, 10));
  });
});
