/**
 * Withdrawals and refunds (contract §5 and the university guarantee). Staff of the family's dual
 * school record a withdrawal; the refund is computed by the rule of the family's contract for that
 * date, shown to staff (quote), and issued when they confirm it (record) through Stripe's Refunds
 * API against the family's card payments; the enrollment ends and what was still due is cancelled.
 *
 * Rules (contract terms of the signed year, pricing.ts):
 * - Enrollment is the day the contract was completed. Within fullRefundDays (7) calendar days: 100%
 *   of the tuition paid; within halfRefundDays (30): 50%; after: nothing; each less the partner
 *   payments made for the student. The guarantee's case: everything paid less those direct costs.
 * - "Paid" is the tuition (annual or installments) paid under the contract, by card or check; late
 *   fees paid are not tuition and are not refunded.
 * - The refund goes to the card payments first, newest first, each never past what is left of it
 *   (Stripe's rule); what the cards cannot take (tuition paid by check) is recorded as owed by
 *   check (a refund row with method check), for the school to mail.
 * - Each Stripe refund carries an idempotency key of the contract and payment intent: a retry after a
 *   failure never refunds twice. charge.refunded webhooks record refunds not yet recorded (by
 *   Stripe's refund id; a replay changes nothing). A monthly plan's subscription is cancelled.
 */
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { AppError, because, badInput, conflict, notFound } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { logger } from '../../observability/logger.js';
import { EnrollmentContract } from '../contracts/enrollment-contract.entity.js';
import { User } from '../accounts/user.entity.js';
import { can } from './payments.policy.js';
import type { PaymentsService } from './payments.service.js';
import { today } from '../../core/clock.js';
import { calendarDaysBetween, guaranteeRefundCents, refundCents, type RefundRule } from './pricing.js';
import { Withdrawal } from './withdrawal.entity.js';
import type { WithdrawalInput } from './withdrawal-input.js';
import { recordRefund } from './withdrawal-refunds.js';

export interface RefundQuoteView {
  contractId: string;
  schoolYear: string | null;
  enrolledOn: string;
  withdrawnOn: string;
  daysEnrolled: number;
  rule: RefundRule;
  percent: number;
  paidCents: number;
  partnerPaymentsCents: number;
  refundCents: number;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export class WithdrawalsService {
  constructor(
    private readonly db: DataSource,
    private readonly payments: PaymentsService,
  ) {}

  /** The family's current enrollment: its latest signed contract, not ended. */
  private async enrollment(m: EntityManager, ctx: RequestContext, rawParentId: unknown): Promise<EnrollmentContract> {
    const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx, 'recordWithdrawal');
    const parentId = parseId(rawParentId, 'family');
    const parent = await m.getRepository(User).findOneBy({ id: parentId });
    if (!parent?.schoolId) throw notFound(because('PAYMENT_NOT_FOUND'));
    authorize(ctx, can, 'recordWithdrawal', { dualSchoolIds, schoolId: parent.schoolId });
    const contract = await m
      .getRepository(EnrollmentContract)
      .createQueryBuilder('c')
      .where('c.parent_id = :parentId AND c.completed_at IS NOT NULL', { parentId })
      .orderBy('c.completed_at', 'DESC')
      .getOne();
    if (!contract) throw conflict(because('WITHDRAWAL_NOT_ENROLLED'));
    if (contract.endedAt) throw conflict(because('WITHDRAWAL_RECORDED'));
    return contract;
  }

  private async compute(m: EntityManager, contract: EnrollmentContract, input: WithdrawalInput): Promise<RefundQuoteView> {
    const enrolledOn = isoDate(contract.completedAt!);
    if (input.withdrawnOn < enrolledOn || input.withdrawnOn > today()) throw badInput(because('WITHDRAWAL_DATE_INVALID'));
    const [{ paid }]: { paid: number }[] = await m.query(
      `SELECT coalesce(sum(r.amount_cents), 0)::int AS paid
         FROM payment_records r JOIN payments p ON p.id = r.payment_id
        WHERE p.contract_id = $1 AND p.payment_type IN ('annual', 'monthly') AND r.status = 'paid'`,
      [contract.id],
    );
    const terms = contract.terms;
    let rule: RefundRule;
    let percent: number;
    let cents: number;
    if (input.guarantee) {
      rule = 'guarantee';
      percent = 100;
      cents = guaranteeRefundCents({ paidCents: paid, partnerPaymentsCents: input.partnerPaymentsCents });
    } else {
      const quote = refundCents({ paidCents: paid, enrolledOn, withdrawnOn: input.withdrawnOn, partnerPaymentsCents: input.partnerPaymentsCents }, terms ?? undefined);
      percent = quote.percent;
      rule = quote.percent === 100 ? 'full' : quote.percent === 50 ? 'half' : 'none';
      cents = quote.refundCents;
    }
    return {
      contractId: contract.id,
      schoolYear: terms?.label ?? null,
      enrolledOn,
      withdrawnOn: input.withdrawnOn,
      daysEnrolled: calendarDaysBetween(enrolledOn, input.withdrawnOn),
      rule,
      percent,
      paidCents: paid,
      partnerPaymentsCents: input.partnerPaymentsCents,
      refundCents: cents,
    };
  }

  /** What the refund would be (nothing is saved): for staff to check before confirming. */
  async quote(ctx: RequestContext, rawParentId: unknown, input: Checked<WithdrawalInput>): Promise<RefundQuoteView> {
    authorize(ctx, can, 'recordWithdrawal', null);
    const contract = await this.enrollment(this.db.manager, ctx, rawParentId);
    return this.compute(this.db.manager, contract, valid(input));
  }

  /** Records the withdrawal and issues the refund shown (confirmedRefundCents must still be the refund). */
  async record(
    ctx: RequestContext,
    rawParentId: unknown,
    input: Checked<WithdrawalInput>,
    confirmedRefundCents: number,
  ): Promise<RefundQuoteView & { withdrawalId: number }> {
    const caller = authorize(ctx, can, 'recordWithdrawal', null);
    const contract = await this.enrollment(this.db.manager, ctx, rawParentId);
    const withdrawal = valid(input);
    const quote = await this.compute(this.db.manager, contract, withdrawal);
    if (quote.refundCents !== confirmedRefundCents) throw conflict(because('WITHDRAWAL_QUOTE_CHANGED', { amount: quote.refundCents }));

    // 1. The money back, through Stripe, before anything is recorded (a retry reuses the same refunds).
    const cards: { id: number; payment_id: number; title: string; intent: string; left: number; occurred_at: Date }[] = await this.db.query(
      `SELECT r.id, r.payment_id, r.title, r.stripe_payment_intent_id AS intent, r.occurred_at,
              r.amount_cents - coalesce((SELECT sum(x.amount_cents) FROM payment_records x
                                          WHERE x.status = 'refunded' AND x.stripe_payment_intent_id = r.stripe_payment_intent_id), 0)::int AS left
         FROM payment_records r JOIN payments p ON p.id = r.payment_id
        WHERE p.contract_id = $1 AND p.payment_type IN ('annual', 'monthly') AND r.status = 'paid' AND r.method = 'card' AND r.stripe_payment_intent_id IS NOT NULL
        ORDER BY r.occurred_at DESC, r.id DESC`,
      [contract.id],
    );
    let owed = quote.refundCents;
    const issued: { refund: Stripe.Refund; record: (typeof cards)[number] }[] = [];
    if (owed > 0 && cards.length > 0) {
      const stripe = await this.payments.gateway.stripe();
      for (const record of cards) {
        if (owed === 0) break;
        const amount = Math.min(owed, record.left);
        if (amount <= 0) continue;
        try {
          const refund = await stripe.refunds.create(
            { payment_intent: record.intent, amount, reason: 'requested_by_customer', metadata: { contract_id: contract.id, family_id: String(contract.parentId) } },
            { idempotencyKey: `withdrawal-${contract.id}-${record.intent}-${amount}` },
          );
          issued.push({ refund, record });
          owed -= amount;
        } catch (e) {
          logger.error(`[payments] refund failed: ${(e as Error).message}`);
          throw new AppError('SERVICE_UNAVAILABLE', because('REFUND_FAILED'));
        }
      }
    }

    // 2. The withdrawal, the end of the enrollment, the refunds (and what the school owes by check).
    const saved = await this.db.transaction(async (m) => {
      const locked = await m.getRepository(EnrollmentContract).createQueryBuilder('c').setLock('pessimistic_write').where('c.id = :id', { id: contract.id }).getOne();
      if (!locked || locked.endedAt) throw conflict(because('WITHDRAWAL_RECORDED'));
      const at = new Date();
      const row = await m.getRepository(Withdrawal).save(
        m.getRepository(Withdrawal).create({
          contractId: contract.id,
          familyId: contract.parentId,
          schoolId: contract.schoolId,
          withdrawnOn: withdrawal.withdrawnOn,
          reason: withdrawal.reason,
          rule: quote.rule,
          enrolledOn: quote.enrolledOn,
          paidCents: quote.paidCents,
          partnerPaymentsCents: quote.partnerPaymentsCents,
          percent: quote.percent,
          refundCents: quote.refundCents,
          recordedBy: caller.user.id,
          recordedAt: at,
        }),
      );
      await m.update(EnrollmentContract, { id: contract.id }, { endedAt: at });
      // Nothing more is owed for this enrollment: tuition still due, installments and late fees.
      await m.query(`UPDATE payments SET status = 'cancelled' WHERE contract_id = $1 AND status = 'due'`, [contract.id]);
      const others: unknown[] = await m.query(`SELECT 1 FROM enrollment_contracts WHERE parent_id = $1 AND completed_at IS NOT NULL AND ended_at IS NULL`, [
        contract.parentId,
      ]);
      if (others.length === 0) await m.query(`UPDATE users SET application_status = 'withdrawn' WHERE id = $1 AND application_status = 'enrolled'`, [contract.parentId]);
      for (const { refund, record } of issued) await recordRefund(m, contract.parentId, record.payment_id, record.title, refund.id, record.intent, refund.amount, at);
      if (owed > 0) {
        await m.query(
          `INSERT INTO payment_records (family_id, payment_id, title, amount_cents, status, method, recorded_by, occurred_at)
           VALUES ($1, NULL, $2, $3, 'refunded', 'check', $4, $5)`,
          [contract.parentId, `Refund ${quote.schoolYear ?? ''} (by check)`.replace('  ', ' '), owed, caller.user.id, at],
        );
      }
      return row;
    });

    // 3. The monthly plan stops charging.
    const subs: { id: string }[] = await this.db.query(
      `SELECT DISTINCT stripe_subscription_id AS id FROM payments WHERE contract_id = $1 AND stripe_subscription_id IS NOT NULL`,
      [contract.id],
    );
    for (const sub of subs) {
      try {
        await (await this.payments.gateway.stripe()).subscriptions.cancel(sub.id);
      } catch (e) {
        logger.error(`[payments] subscription ${sub.id} not cancelled: ${(e as Error).message}`);
      }
    }
    return { ...quote, withdrawalId: saved.id };
  }

  /** The family's withdrawals (the family itself). */
  async mine(ctx: RequestContext): Promise<Withdrawal[]> {
    const caller = authorize(ctx, can, 'viewOwnPayments', null);
    return this.db.getRepository(Withdrawal).find({ where: { familyId: caller.user.id }, order: { recordedAt: 'DESC' } });
  }
}
