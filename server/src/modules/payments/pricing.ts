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
 *   university guarantee    everything paid, less direct course costs (partner payments)
 *
 * These are the spec's figures (SPEC_TERMS): each school year carries its own (school_years.terms),
 * and each contract the ones it was signed under; the functions take the terms to apply.
 */

export const PAYMENT_PLANS = ['annual', 'monthly', 'check'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/**
 * Attachment A's amounts and rules for one school year. Admissions staff set them per year
 * (school_years.terms); a contract records the ones it was signed under and keeps them.
 */
export interface TuitionTerms {
  annualTuitionCents: number;
  upfrontDiscountPercent: number;
  podDiscountPercent: number;
  podMinStudents: number;
  monthlyInstallmentCents: number;
  lateFeePercentPerMonth: number;
  fullRefundDays: number;
  halfRefundDays: number;
  /** Example of a direct payment to a partner institution: one course, per student, per semester. */
  partnerCourseCostCents: number;
}

/** The spec's figures (§9): what a new school year starts with. */
export const SPEC_TERMS: Readonly<TuitionTerms> = Object.freeze({
  annualTuitionCents: 1_000_000,
  upfrontDiscountPercent: 5,
  podDiscountPercent: 5,
  podMinStudents: 2,
  monthlyInstallmentCents: 100_000,
  lateFeePercentPerMonth: 5,
  fullRefundDays: 7,
  halfRefundDays: 30,
  partnerCourseCostCents: 39_900,
});

/** A school year's calendar and terms: what a contract is signed under (enrollment_contracts.terms). */
export interface YearTerms extends TuitionTerms {
  /** e.g. 2026-27 */
  label: string;
  /** YYYY-MM-DD */
  startsOn: string;
  endsOn: string;
  /** The annual tuition (and the upfront or check payment) is due on this day. */
  tuitionDueOn: string;
  /** The monthly plan's due dates, in order: one installment each. */
  monthlyDueDates: string[];
}

export const ANNUAL_TUITION_CENTS = SPEC_TERMS.annualTuitionCents;
export const MONTHLY_INSTALLMENT_CENTS = SPEC_TERMS.monthlyInstallmentCents;
export const MONTHLY_INSTALLMENTS = 10;
export const PARTNER_COURSE_COST_CENTS = SPEC_TERMS.partnerCourseCostCents;

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
export function quoteTuition(plan: PaymentPlan, podSize = 1, terms: TuitionTerms = SPEC_TERMS, installments = MONTHLY_INSTALLMENTS): TuitionQuote {
  if (!Number.isInteger(podSize) || podSize < 1) throw new RangeError('podSize must be a whole number of at least 1');
  if (plan === 'monthly') {
    return {
      plan,
      totalCents: terms.monthlyInstallmentCents * installments,
      installments,
      installmentCents: terms.monthlyInstallmentCents,
      discountPercent: 0,
    };
  }
  const discountPercent = terms.upfrontDiscountPercent + (podSize >= terms.podMinStudents ? terms.podDiscountPercent : 0);
  const totalCents = terms.annualTuitionCents - percentOf(terms.annualTuitionCents, discountPercent);
  return { plan, totalCents, installments: 1, installmentCents: totalCents, discountPercent };
}

/** Annual tuition before the upfront discount, with the pod discount alone (e.g. billed, not yet paid). */
export function annualTuitionCents(podSize = 1, terms: TuitionTerms = SPEC_TERMS): number {
  return terms.annualTuitionCents - (podSize >= terms.podMinStudents ? percentOf(terms.annualTuitionCents, terms.podDiscountPercent) : 0);
}

/** What the upfront (card) and monthly checkout prices charge under the spec's terms. */
export const UPFRONT_PRICE_CENTS = quoteTuition('annual').totalCents;
export const MONTHLY_PRICE_CENTS = MONTHLY_INSTALLMENT_CENTS;

/** YYYY-MM-DD plus n calendar months, the day kept (clamped to the month's last day). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = m - 1 + n;
  const year = y + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** YYYY-MM-DD plus n calendar days. */
export function addDays(date: string, n: number): string {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The school year a date falls in, as the Dual School's calendar runs (decision: the year starts in
 * August, ends in June): its label, tuition due on 1 August, ten monthly payments on the 1st from
 * August to May. Staff change any of it per year; this only proposes it.
 */
export function proposedSchoolYear(startYear: number): Omit<YearTerms, keyof TuitionTerms> {
  const tuitionDueOn = `${startYear}-08-01`;
  return {
    label: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    startsOn: `${startYear}-08-15`,
    endsOn: `${startYear + 1}-06-15`,
    tuitionDueOn,
    monthlyDueDates: Array.from({ length: MONTHLY_INSTALLMENTS }, (_, i) => addMonths(tuitionDueOn, i)),
  };
}

/** The start year of the school year a day falls in (August onwards: that year's). */
export function schoolYearStartOf(today: string): number {
  const y = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 8 ? y : y - 1;
}

/** Whole calendar months between two dates (YYYY-MM-DD), counted once the day of month is reached. */
export function monthsLate(dueDate: string, onDate: string): number {
  const [dy, dm, dd] = dueDate.split('-').map(Number);
  const [oy, om, od] = onDate.split('-').map(Number);
  let months = (oy - dy) * 12 + (om - dm);
  if (od < dd) months -= 1;
  return Math.max(0, months);
}

/** Months (each started month counts) a payment due on `dueDate` is late on `onDate`; 0 when not late. */
export function startedMonthsLate(dueDate: string, onDate: string): number {
  if (onDate <= dueDate) return 0;
  const full = monthsLate(dueDate, onDate);
  // A payment one day late is one month late; "per month" counts each started month.
  const [, , dd] = dueDate.split('-').map(Number);
  const [, , od] = onDate.split('-').map(Number);
  return Math.max(1, full + (od === dd ? 0 : 1));
}

/** One month's late fee: the contract's percent of the unpaid amount. */
export function monthlyLateFeeCents(unpaidCents: number, percent: number = SPEC_TERMS.lateFeePercentPerMonth): number {
  return unpaidCents <= 0 ? 0 : percentOf(unpaidCents, percent);
}

/** Late fee: 5% of the unpaid amount for each month (or part of a month) the payment is late. */
export function lateFeeCents(unpaidCents: number, dueDate: string, onDate: string, percent: number = SPEC_TERMS.lateFeePercentPerMonth): number {
  if (unpaidCents <= 0) return 0;
  return monthlyLateFeeCents(unpaidCents, percent) * startedMonthsLate(dueDate, onDate);
}

/**
 * How many monthly late fees a payment has earned on `onDate`: none within the school's grace
 * period after the due date; once past it, one for each month (started) since the due date.
 * Decision: the grace period delays the first fee, it does not move the clock.
 */
export function lateFeeMonths(dueDate: string, onDate: string, graceDays: number): number {
  if (onDate <= addDays(dueDate, graceDays)) return 0;
  return startedMonthsLate(dueDate, onDate);
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

export type RefundRule = 'full' | 'half' | 'none' | 'guarantee';

/**
 * Refund on withdrawal: 100% of what was paid within 7 calendar days of enrollment, 50% within 30,
 * nothing after; in each case less what was already paid directly to partner institutions
 * (e.g. $399 per student per semester), never below zero.
 */
export function refundCents(
  input: { paidCents: number; enrolledOn: string; withdrawnOn: string; partnerPaymentsCents: number },
  terms: Pick<TuitionTerms, 'fullRefundDays' | 'halfRefundDays'> = SPEC_TERMS,
): RefundQuote {
  const days = calendarDaysBetween(input.enrolledOn, input.withdrawnOn);
  const percent: RefundQuote['percent'] = days <= terms.fullRefundDays ? 100 : days <= terms.halfRefundDays ? 50 : 0;
  if (percent === 0) return { percent, refundCents: 0 };
  const gross = percentOf(input.paidCents, percent);
  return { percent, refundCents: Math.max(0, gross - input.partnerPaymentsCents) };
}

/** Cents to the dollars the REST answers carry (9500, or 9500.5 for odd cents). */
export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * The university guarantee's refund (§2, the application's terms box): a student who met every duty
 * and was not admitted to a guaranteed campus gets everything paid back, less direct course costs.
 */
export function guaranteeRefundCents(input: { paidCents: number; partnerPaymentsCents: number }): number {
  return Math.max(0, input.paidCents - input.partnerPaymentsCents);
}
