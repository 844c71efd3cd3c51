/** Refund rows of the payment history, from a withdrawal or a charge.refunded webhook: each Stripe refund once. */
import type { EntityManager } from 'typeorm';
import { logger } from '../../observability/logger.js';

/** A refund row of the history, once per Stripe refund (the withdrawal and the charge.refunded webhook may both report it). */
export async function recordRefund(
  m: EntityManager,
  familyId: number,
  paymentId: number | null,
  title: string,
  refundId: string,
  intent: string,
  amount: number,
  at: Date,
): Promise<void> {
  await m.query(
    `INSERT INTO payment_records (family_id, payment_id, title, amount_cents, status, method, stripe_refund_id, stripe_payment_intent_id, occurred_at)
     VALUES ($1, $2, $3, $4, 'refunded', 'card', $5, $6, $7)
     ON CONFLICT (stripe_refund_id) WHERE stripe_refund_id IS NOT NULL DO NOTHING`,
    [familyId, paymentId, `Refund: ${title}`, amount, refundId, intent, at],
  );
}

/** charge.refunded: records each of the charge's refunds not recorded yet, for the family that paid with it. */
export async function onChargeRefunded(m: EntityManager, charge: Record<string, unknown>, at: Date): Promise<void> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent as { id?: string } | null)?.id;
  if (!intent) return;
  const paid = await m.query(`SELECT family_id, payment_id, title FROM payment_records WHERE stripe_payment_intent_id = $1 AND status = 'paid' LIMIT 1`, [intent]);
  if (!paid.length) {
    logger.warn(`[payments] refund of unknown payment intent ${intent}; ignored`);
    return;
  }
  const refunds = ((charge.refunds as { data?: { id: string; amount: number }[] } | undefined)?.data ?? []).filter(
    (r) => typeof r.id === 'string' && Number.isInteger(r.amount),
  );
  for (const r of refunds) await recordRefund(m, paid[0].family_id, paid[0].payment_id, paid[0].title, r.id, intent, r.amount, at);
}
