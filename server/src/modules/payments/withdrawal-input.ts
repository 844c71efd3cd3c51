/**
 * A withdrawal as staff record it: the date (YYYY-MM-DD), the reason (1 to 500 characters), the
 * partner payments already made for the student (whole cents, e.g. 39900 per course per semester),
 * and whether it is the university guarantee's case. With it, the refund the staff member saw and
 * confirms (whole cents), so a refund that changed meanwhile is not issued blind.
 */
import { badInput, because } from '../../core/errors.js';
import { check, parseInput, text, z, type Checked } from '../../core/validation.js';
import { isCalendarDate } from '../school-years/school-year-input.js';

export interface WithdrawalInput {
  withdrawnOn: string;
  reason: string;
  partnerPaymentsCents: number;
  guarantee: boolean;
}

const MAX_CENTS = 10_000_000;
const schema = z.object({
  withdrawnOn: z.string().max(20).optional(),
  reason: text(),
  partnerPaymentsCents: z.unknown().optional(),
  guarantee: z.boolean().optional(),
});

export function parseWithdrawal(raw: unknown): WithdrawalInput {
  const v = parseInput(schema, raw);
  if (!isCalendarDate(v.withdrawnOn)) throw badInput(because('WITHDRAWAL_DATE_INVALID'));
  if (v.reason === '' || v.reason.length > 500) throw badInput(because('WITHDRAWAL_REASON_REQUIRED'));
  const partner = v.partnerPaymentsCents ?? 0;
  if (typeof partner !== 'number' || !Number.isInteger(partner) || partner < 0 || partner > MAX_CENTS) throw badInput(because('WITHDRAWAL_PARTNER_PAYMENTS_INVALID'));
  return { withdrawnOn: v.withdrawnOn, reason: v.reason, partnerPaymentsCents: partner, guarantee: v.guarantee ?? false };
}

export const checkWithdrawal = (raw: unknown): Checked<WithdrawalInput> => check(() => parseWithdrawal(raw));
