/**
 * The money rules of spec 3 §9, in one place. Every amount is in integer cents; answers to API
 * callers convert to dollars (see toDollars) only at the edge.
 *
 *   annual tuition          $10,000
 *   upfront or check        $9,500   (5% upfront discount)
 *   monthly                 $1,000 x 10, auto-pay subscription, no discount
 *   pod (2+ students)       5% off   ($9,500 per student)
 *   upfront + pod           $9,000   (both discounts stack: 5% + 5% of the annual figure)
 *   late fee                5% per month late on the unpaid amount
 *   refund                  100% within 7 calendar days of enrollment, 50% within 30, none after,
 *                           in each case less the direct payments to partner institutions
 */

export const PAYMENT_PLANS = ['annual', 'monthly', 'check'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

export const SCHOOL_YEAR = '2025-26';
export const TUITION_TITLE = `Tuition ${SCHOOL_YEAR}`;
/** Tuition is due before the school year starts. */
export const TUITION_DUE_DATE = '2025-08-01';

export const ANNUAL_TUITION_CENTS = 1_000_000;
export const UPFRONT_DISCOUNT_PERCENT = 5;
export const POD_DISCOUNT_PERCENT = 5;
export const POD_MIN_STUDENTS = 2;
export const MONTHLY_INSTALLMENT_CENTS = 100_000;
export const MONTHLY_INSTALLMENTS = 10;
export const LATE_FEE_PERCENT_PER_MONTH = 5;
/** Example of a direct payment to a partner institution: one course, per student, per semester. */
export const PARTNER_COURSE_COST_CENTS = 39_900;
export const FULL_REFUND_DAYS = 7;
export const HALF_REFUND_DAYS = 30;

function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

export interface TuitionQuote {
  plan: PaymentPlan;
  /** What the family pays in total for the year, per student. */
  totalCents: number;
  /** Number of charges, and the amount of each. */
  installments: number;
  installmentCents: number;
  discountPercent: number;
}

/**
 * Tuition per student for a plan. Upfront (annual paid at once) and check both get the upfront
 * discount; the monthly plan gets no discount (not even the pod discount: §9 gives it no discount).
 */
export function quoteTuition(plan: PaymentPlan, podSize = 1): TuitionQuote {
  if (!Number.isInteger(podSize) || podSize < 1) throw new RangeError('podSize must be a whole number of at least 1');
  if (plan === 'monthly') {
    return {
      plan,
      totalCents: MONTHLY_INSTALLMENT_CENTS * MONTHLY_INSTALLMENTS,
      installments: MONTHLY_INSTALLMENTS,
      installmentCents: MONTHLY_INSTALLMENT_CENTS,
      discountPercent: 0,
    };
  }
  const discountPercent = UPFRONT_DISCOUNT_PERCENT + (podSize >= POD_MIN_STUDENTS ? POD_DISCOUNT_PERCENT : 0);
  const totalCents = ANNUAL_TUITION_CENTS - percentOf(ANNUAL_TUITION_CENTS, discountPercent);
  return { plan, totalCents, installments: 1, installmentCents: totalCents, discountPercent };
}

/** Annual tuition before the upfront discount, with the pod discount alone (e.g. billed, not yet paid). */
export function annualTuitionCents(podSize = 1): number {
  return ANNUAL_TUITION_CENTS - (podSize >= POD_MIN_STUDENTS ? percentOf(ANNUAL_TUITION_CENTS, POD_DISCOUNT_PERCENT) : 0);
}

/** What the upfront (card) and monthly checkout prices must charge, per charge. */
export const UPFRONT_PRICE_CENTS = quoteTuition('annual').totalCents;
export const MONTHLY_PRICE_CENTS = MONTHLY_INSTALLMENT_CENTS;

/** Whole calendar months between two dates (YYYY-MM-DD), counted once the day of month is reached. */
export function monthsLate(dueDate: string, onDate: string): number {
  const [dy, dm, dd] = dueDate.split('-').map(Number);
  const [oy, om, od] = onDate.split('-').map(Number);
  let months = (oy - dy) * 12 + (om - dm);
  if (od < dd) months -= 1;
  return Math.max(0, months);
}

/** Late fee: 5% of the unpaid amount for each month (or part of a month) the payment is late. */
export function lateFeeCents(unpaidCents: number, dueDate: string, onDate: string): number {
  if (unpaidCents <= 0 || onDate <= dueDate) return 0;
  const full = monthsLate(dueDate, onDate);
  // A payment one day late is one month late; "per month" counts each started month.
  const [, , dd] = dueDate.split('-').map(Number);
  const [, , od] = onDate.split('-').map(Number);
  const started = full + (od === dd ? 0 : 1);
  return percentOf(unpaidCents, LATE_FEE_PERCENT_PER_MONTH) * Math.max(1, started);
}

/** Calendar days from one date (YYYY-MM-DD) to another; negative when `to` is earlier. */
export function calendarDaysBetween(from: string, to: string): number {
  const a = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  const b = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)));
  return Math.round((b - a) / 86_400_000);
}

export interface RefundQuote {
  percent: 100 | 50 | 0;
  refundCents: number;
}

/**
 * Refund on withdrawal: 100% of what was paid within 7 calendar days of enrollment, 50% within 30,
 * nothing after; in each case less what was already paid directly to partner institutions
 * (e.g. $399 per student per semester), never below zero.
 */
export function refundCents(input: { paidCents: number; enrolledOn: string; withdrawnOn: string; partnerPaymentsCents: number }): RefundQuote {
  const days = calendarDaysBetween(input.enrolledOn, input.withdrawnOn);
  const percent: RefundQuote['percent'] = days <= FULL_REFUND_DAYS ? 100 : days <= HALF_REFUND_DAYS ? 50 : 0;
  if (percent === 0) return { percent, refundCents: 0 };
  const gross = percentOf(input.paidCents, percent);
  return { percent, refundCents: Math.max(0, gross - input.partnerPaymentsCents) };
}

/** Cents to the dollars the REST answers carry (9500, or 9500.5 for odd cents). */
export function toDollars(cents: number): number {
  return cents / 100;
}
