/**
 * The test clock of browser journeys (never mounted outside NODE_ENV=test with TEST_CLOCK=1): a
 * journey moves the server's day without touching the machine's clock, and the day's late-fee run
 * happens as the daily job would run it that morning.
 *
 *   POST /api/test-clock/ {"today": "YYYY-MM-DD"}  sets the day, runs its late fees: {today, late_fees_added}
 *   POST /api/test-clock/ {"today": null}          back to the machine's clock
 */
import express, { type Express } from 'express';
import type { AppDeps } from '../../adapters.js';
import { setTestToday, testClockEnabled, today } from '../../core/clock.js';
import { isCalendarDate } from '../school-years/school-year-input.js';
import { applyLateFees } from './late-fees.js';

export function mountTestClock(app: Express, deps: AppDeps): void {
  if (!testClockEnabled() || deps.config.nodeEnv !== 'test') return;
  app.post('/api/test-clock/', express.json(), async (req, res, next) => {
    try {
      const day: unknown = (req.body as { today?: unknown } | undefined)?.today;
      if (day !== null && !isCalendarDate(day)) {
        res.status(400).json({ error: 'today must be a date (YYYY-MM-DD) or null', code: 'BAD_INPUT' });
        return;
      }
      setTestToday(day);
      const added = day === null ? 0 : await applyLateFees(deps.db, today());
      res.json({ today: today(), late_fees_added: added });
    } catch (e) {
      next(e);
    }
  });
}
