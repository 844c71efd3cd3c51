/**
 * A school year as admissions staff enter it (createSchoolYear / updateSchoolYear), checked before
 * anything is stored: a label like 2026-27 whose two years follow each other, real calendar dates
 * in order, 1 to 12 monthly due dates each after the one before, whole cents and whole percents in
 * range, and refund periods where the full one is no longer than the half one. On update every
 * field is optional: what is left out keeps its value.
 */
import { badInput, because } from '../../core/errors.js';
import { check, parseInput, z, type Checked } from '../../core/validation.js';
import type { TuitionTerms } from '../payments/pricing.js';

export const SCHOOL_YEAR_INPUT_MESSAGES = {
  badLabel: 'SCHOOL_YEAR_LABEL_INVALID',
  badDate: (field: string) => because('SCHOOL_YEAR_DATE_INVALID', { field }),
  order: 'SCHOOL_YEAR_DATES_ORDER',
  monthly: 'SCHOOL_YEAR_MONTHLY_DATES',
  amount: (field: string) => because('SCHOOL_YEAR_AMOUNT_INVALID', { field }),
  percent: (field: string) => because('SCHOOL_YEAR_PERCENT_INVALID', { field }),
  refundDays: 'SCHOOL_YEAR_REFUND_DAYS',
  graceDays: 'LATE_FEE_GRACE_DAYS_INVALID',
} as const;
const M = SCHOOL_YEAR_INPUT_MESSAGES;

/** The largest amount a field takes: $100,000, ten times the spec's tuition. */
export const MAX_AMOUNT_CENTS = 10_000_000;
export const MAX_MONTHLY_DATES = 12;

export interface SchoolYearInput extends Partial<TuitionTerms> {
  label?: string;
  startsOn?: string;
  endsOn?: string;
  tuitionDueOn?: string;
  monthlyDueDates?: string[];
}

const AMOUNTS = ['annualTuitionCents', 'monthlyInstallmentCents', 'partnerCourseCostCents'] as const;
const PERCENTS = ['upfrontDiscountPercent', 'podDiscountPercent', 'lateFeePercentPerMonth'] as const;

const shape = z
  .object({
    label: z.string().max(20).optional(),
    startsOn: z.string().max(20).optional(),
    endsOn: z.string().max(20).optional(),
    tuitionDueOn: z.string().max(20).optional(),
    monthlyDueDates: z.array(z.string().max(20)).max(MAX_MONTHLY_DATES, M.monthly).optional(),
    annualTuitionCents: z.unknown().optional(),
    monthlyInstallmentCents: z.unknown().optional(),
    partnerCourseCostCents: z.unknown().optional(),
    upfrontDiscountPercent: z.unknown().optional(),
    podDiscountPercent: z.unknown().optional(),
    lateFeePercentPerMonth: z.unknown().optional(),
    podMinStudents: z.unknown().optional(),
    fullRefundDays: z.unknown().optional(),
    halfRefundDays: z.unknown().optional(),
  })
  .strict();

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const whole = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export function parseSchoolYearInput(raw: unknown): SchoolYearInput {
  const v = parseInput(shape, raw);
  const out: SchoolYearInput = {};
  if (v.label !== undefined) {
    const m = /^(\d{4})-(\d{2})$/.exec(v.label.trim());
    if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2]) || Number(m[1]) < 2000) throw badInput(because(M.badLabel));
    out.label = v.label.trim();
  }
  for (const field of ['startsOn', 'endsOn', 'tuitionDueOn'] as const) {
    if (v[field] === undefined) continue;
    if (!isCalendarDate(v[field])) throw badInput(M.badDate(field));
    out[field] = v[field];
  }
  if (v.monthlyDueDates !== undefined) {
    const dates = v.monthlyDueDates;
    if (dates.length === 0 || !dates.every(isCalendarDate) || dates.some((d, i) => i > 0 && d <= dates[i - 1])) throw badInput(because(M.monthly));
    out.monthlyDueDates = dates;
  }
  for (const field of AMOUNTS) {
    if (v[field] === undefined) continue;
    if (!whole(v[field], 0, MAX_AMOUNT_CENTS)) throw badInput(M.amount(field));
    out[field] = v[field];
  }
  for (const field of PERCENTS) {
    if (v[field] === undefined) continue;
    if (!whole(v[field], 0, 100)) throw badInput(M.percent(field));
    out[field] = v[field];
  }
  if (v.podMinStudents !== undefined) {
    if (!whole(v.podMinStudents, 2, 100)) throw badInput(M.amount('podMinStudents'));
    out.podMinStudents = v.podMinStudents;
  }
  for (const field of ['fullRefundDays', 'halfRefundDays'] as const) {
    if (v[field] === undefined) continue;
    if (!whole(v[field], 0, 365)) throw badInput(because(M.refundDays));
    out[field] = v[field];
  }
  return out;
}

/** The rules across fields, checked on the year as it would be stored (input merged with what it had). */
export function checkWholeYear(y: {
  startsOn: string;
  endsOn: string;
  fullRefundDays: number;
  halfRefundDays: number;
  upfrontDiscountPercent: number;
  podDiscountPercent: number;
}): void {
  if (y.startsOn >= y.endsOn) throw badInput(because(M.order));
  if (y.fullRefundDays > y.halfRefundDays) throw badInput(because(M.refundDays));
  if (y.upfrontDiscountPercent + y.podDiscountPercent > 100) throw badInput(M.percent('podDiscountPercent'));
}

export const checkSchoolYearInput = (raw: unknown): Checked<SchoolYearInput> => check(() => parseSchoolYearInput(raw));

export function parseGraceDays(raw: unknown): number {
  if (!whole(raw, 0, 60)) throw badInput(because(M.graceDays));
  return raw;
}
export const checkGraceDays = (raw: unknown): Checked<number> => check(() => parseGraceDays(raw));
