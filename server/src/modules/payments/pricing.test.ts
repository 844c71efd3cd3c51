import { describe, expect, it } from 'vitest';
import {
  annualTuitionCents,
  lateFeeCents,
  MONTHLY_PRICE_CENTS,
  PARTNER_COURSE_COST_CENTS,
  quoteTuition,
  refundCents,
  toDollars,
  UPFRONT_PRICE_CENTS,
} from './pricing.js';

describe('tuition (spec 3 §9)', () => {
  it('annual tuition is $10,000', () => {
    expect(annualTuitionCents()).toBe(1_000_000);
  });

  it('upfront and check payments are $9,500 (5% upfront discount)', () => {
    expect(quoteTuition('annual')).toMatchObject({ totalCents: 950_000, installments: 1, discountPercent: 5 });
    expect(quoteTuition('check')).toMatchObject({ totalCents: 950_000, installments: 1, discountPercent: 5 });
    expect(UPFRONT_PRICE_CENTS).toBe(950_000);
  });

  it('the monthly plan is $1,000 x 10 with no discount, also for pods', () => {
    expect(quoteTuition('monthly')).toEqual({ plan: 'monthly', totalCents: 1_000_000, installments: 10, installmentCents: 100_000, discountPercent: 0 });
    expect(quoteTuition('monthly', 3).totalCents).toBe(1_000_000);
    expect(MONTHLY_PRICE_CENTS).toBe(100_000);
  });

  it('a pod of 2 or more gets 5% off: $9,500 per student; one student alone does not', () => {
    expect(annualTuitionCents(2)).toBe(950_000);
    expect(annualTuitionCents(5)).toBe(950_000);
    expect(annualTuitionCents(1)).toBe(1_000_000);
  });

  it('pod and upfront discounts stack to $9,000', () => {
    expect(quoteTuition('annual', 2)).toMatchObject({ totalCents: 900_000, discountPercent: 10 });
    expect(quoteTuition('check', 4).totalCents).toBe(900_000);
  });

  it('refuses a pod size that is not a whole number of at least 1', () => {
    expect(() => quoteTuition('annual', 0)).toThrow(RangeError);
    expect(() => quoteTuition('annual', 1.5)).toThrow(RangeError);
  });
});

describe('late fee: 5% per month on unpaid amounts', () => {
  it('is nothing on or before the due date, or when nothing is unpaid', () => {
    expect(lateFeeCents(100_000, '2025-08-01', '2025-08-01')).toBe(0);
    expect(lateFeeCents(100_000, '2025-08-01', '2025-07-15')).toBe(0);
    expect(lateFeeCents(0, '2025-08-01', '2025-12-01')).toBe(0);
  });

  it('is 5% for each month started after the due date', () => {
    expect(lateFeeCents(100_000, '2025-08-01', '2025-08-02')).toBe(5_000);
    expect(lateFeeCents(100_000, '2025-08-01', '2025-09-01')).toBe(5_000);
    expect(lateFeeCents(100_000, '2025-08-01', '2025-09-02')).toBe(10_000);
    expect(lateFeeCents(1_000_000, '2025-08-01', '2025-11-01')).toBe(150_000);
  });
});

describe('refunds', () => {
  const base = { paidCents: 950_000, enrolledOn: '2025-07-01', partnerPaymentsCents: 0 };

  it('100% within 7 calendar days of enrollment', () => {
    expect(refundCents({ ...base, withdrawnOn: '2025-07-01' })).toEqual({ percent: 100, refundCents: 950_000 });
    expect(refundCents({ ...base, withdrawnOn: '2025-07-08' })).toEqual({ percent: 100, refundCents: 950_000 });
  });

  it('50% within 30 calendar days', () => {
    expect(refundCents({ ...base, withdrawnOn: '2025-07-09' })).toEqual({ percent: 50, refundCents: 475_000 });
    expect(refundCents({ ...base, withdrawnOn: '2025-07-31' })).toEqual({ percent: 50, refundCents: 475_000 });
  });

  it('nothing after 30 calendar days', () => {
    expect(refundCents({ ...base, withdrawnOn: '2025-08-01' })).toEqual({ percent: 0, refundCents: 0 });
  });

  it('less direct payments to partner institutions ($399 per student per semester), never below zero', () => {
    expect(PARTNER_COURSE_COST_CENTS).toBe(39_900);
    expect(refundCents({ ...base, withdrawnOn: '2025-07-03', partnerPaymentsCents: 39_900 }).refundCents).toBe(910_100);
    expect(refundCents({ ...base, withdrawnOn: '2025-07-20', partnerPaymentsCents: 2 * 39_900 }).refundCents).toBe(395_200);
    expect(refundCents({ paidCents: 30_000, enrolledOn: '2025-07-01', withdrawnOn: '2025-07-02', partnerPaymentsCents: 39_900 }).refundCents).toBe(0);
  });

  it('counts calendar days across month and year ends', () => {
    expect(refundCents({ paidCents: 100, enrolledOn: '2025-12-28', withdrawnOn: '2026-01-04', partnerPaymentsCents: 0 }).percent).toBe(100);
    expect(refundCents({ paidCents: 100, enrolledOn: '2025-12-28', withdrawnOn: '2026-01-05', partnerPaymentsCents: 0 }).percent).toBe(50);
  });
});

it('REST amounts are dollars', () => {
  expect(toDollars(950_000)).toBe(9500);
  expect(toDollars(39_900)).toBe(399);
});
