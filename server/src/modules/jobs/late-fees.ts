/**
 * Late fees (contract §5, attachment A): a daily job adds the contract's late fee on each amount a
 * family left unpaid past its due date plus the school's grace period (schools.late_fee_grace_days),
 * once for each month (started) late, each its own line on the family's payments due
 * (payment_type 'late_fee', with the payment it is for and which month late it is).
 *
 * Idempotent: a late fee row is unique per (payment, month late), so running the job twice, on two
 * replicas, or again after a crash adds nothing. The clock starts at the due date, or at the day
 * Stripe reported the installment's invoice failed (invoice.payment_failed) when that came first.
 *
 * Decisions where the contract is silent:
 * - "Unpaid amounts" are the annual tuition and each monthly installment still due; a late fee
 *   earns no late fee, a cancelled or waived amount none, a withdrawn family's contract none.
 * - The fee is the contract's percent of the amount unpaid, rounded to the cent; it is due the day
 *   it is added, and payable through the same checkout (or by check).
 * - The grace period delays the first fee only: a payment 40 days late with 5 days' grace has two.
 *
 * The job is a singleton per day (its key is the time it is due, 06:00 UTC: before the school day in
 * the Americas), queued by every replica at start; each run first queues the next day's.
 */
import type { DataSource } from 'typeorm';
import { logger } from '../../observability/logger.js';
import { lateFeeMonths, monthlyLateFeeCents, type YearTerms } from '../payments/pricing.js';
import { enqueueJob, stopIfAsked, type JobHandler } from './job-queue.js';

export const LATE_FEE_QUEUE = 'payments.late-fees';
const LATE_FEE_HOUR_UTC = 6;
const BATCH = 500;

interface Candidate {
  id: number;
  family_id: number;
  school_id: number;
  contract_id: string | null;
  school_year_id: number | null;
  title: string;
  amount_cents: number;
  clock_start: string;
  grace_days: number;
  terms: YearTerms | null;
}

/** Adds every late fee due on `on` (YYYY-MM-DD) that is not there yet; answers how many it added. */
export async function applyLateFees(db: DataSource, on: string, stopping: AbortSignal = new AbortController().signal): Promise<number> {
  let added = 0;
  let after = 0;
  for (;;) {
    stopIfAsked(stopping);
    // Amounts still due whose clock has started; the school's grace is applied below.
    const rows: Candidate[] = await db.query(
      `SELECT p.id, p.family_id, p.school_id, p.contract_id, p.school_year_id, p.title, p.amount_cents,
              to_char(LEAST(p.due_date, coalesce((p.failed_at AT TIME ZONE 'UTC')::date, p.due_date)), 'YYYY-MM-DD') AS clock_start,
              s.late_fee_grace_days AS grace_days, c.terms
         FROM payments p
         JOIN schools s ON s.id = p.school_id
         LEFT JOIN enrollment_contracts c ON c.id = p.contract_id
        WHERE p.status = 'due' AND p.payment_type <> 'late_fee' AND p.id > $2
          AND LEAST(p.due_date, coalesce((p.failed_at AT TIME ZONE 'UTC')::date, p.due_date)) < $1::date
          AND (c.id IS NULL OR c.ended_at IS NULL)
        ORDER BY p.id
        LIMIT ${BATCH}`,
      [on, after],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    for (const p of rows) {
      const months = lateFeeMonths(p.clock_start, on, p.grace_days);
      if (months === 0) continue;
      const fee = monthlyLateFeeCents(p.amount_cents, p.terms?.lateFeePercentPerMonth);
      if (fee === 0) continue;
      const result: unknown[] = await db.query(
        `INSERT INTO payments (family_id, school_id, contract_id, school_year_id, title, due_date, amount_cents, payment_type, late_fee_for, months_late)
         SELECT $1, $2, $3, $4, $5 || ', ' || n || CASE WHEN n = 1 THEN ' month late' ELSE ' months late' END, $6, $7, 'late_fee', $8, n
           FROM generate_series(1, $9::int) AS n
         ON CONFLICT (late_fee_for, months_late) WHERE payment_type = 'late_fee' DO NOTHING
         RETURNING id`,
        [p.family_id, p.school_id, p.contract_id, p.school_year_id, `Late fee: ${p.title}`, on, fee, p.id, months],
      );
      added += result.length;
    }
    if (rows.length < BATCH) break;
  }
  return added;
}

/** The next time the late-fee job is due after `after`: 06:00 UTC. */
export function nextLateFeeRun(after: Date): Date {
  const due = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), LATE_FEE_HOUR_UTC));
  if (due <= after) due.setUTCDate(due.getUTCDate() + 1);
  return due;
}

/** Queues the next run unless it is queued already (every replica calls this at start). */
export async function scheduleLateFees(db: DataSource, after = new Date()): Promise<void> {
  const due = nextLateFeeRun(after);
  await enqueueJob(db, LATE_FEE_QUEUE, { due: due.toISOString() }, { runAt: due, singletonKey: due.toISOString(), maxAttempts: 3 });
}

export function lateFeeHandler(db: DataSource): JobHandler {
  return async (payload, _job, stopping) => {
    const due = new Date(String(payload.due ?? ''));
    await scheduleLateFees(db, new Date(Math.max(Date.now(), due.getTime() || 0)));
    // The fees of the day the run was due for (a run delayed past midnight still counts that day).
    const on = (Number.isNaN(due.getTime()) ? new Date() : due).toISOString().slice(0, 10);
    const added = await applyLateFees(db, on, stopping);
    logger.info(`[late fees] ${added} added for ${on}`);
  };
}
