/**
 * Tuition: what a family owes, what it paid, Stripe Checkout sessions, signed webhooks, the
 * built-in test checkout, and the dual-school staff's view (record a received check).
 *
 * The family is the parent's account (payments.family_id is the parent's user id). Only the
 * family and staff of the family's dual school see its payments. Payment state changes only
 * through signature-verified webhook events (each event id processed once, in one transaction
 * with its effect) or a staff member recording a check.
 *
 * Decisions where the spec says "not shown":
 * - Amounts: integer cents inside; the REST answers carry dollars as numbers (9500), as the
 *   screens display them; GraphQL gives both `amount` (dollars) and `amountCents`.
 * - The upfront card price and a check both settle the $10,000 annual tuition for $9,500 (§9).
 *   The monthly plan replaces the annual item (cancelled) with ten $1,000 installments; the
 *   first is paid by the subscription's first invoice.
 * - Pod discounts: the product records no pods yet, so checkout uses the two configured prices;
 *   pricing.ts computes pod figures for staff and the contract's fee schedule.
 * - History lists money received and failed charges (status paid or failed), newest first.
 */
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { AppError, badInput, conflict, notFound, because } from '../../core/errors.js';
import { authorize, permits } from '../../core/policy.js';
import { can, PAYMENT_POLICY_MESSAGES, type PaymentAction } from './payments.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { PRICE_REQUIRED } from './payment-input.js';
import { parseId } from '../../core/ids.js';
import { logger } from '../../observability/logger.js';
import { User, UserType } from '../accounts/user.entity.js';
import { CheckoutSessionRow, Payment, PaymentRecord } from './payment.entity.js';
import { ANNUAL_TUITION_CENTS, MONTHLY_INSTALLMENT_CENTS, MONTHLY_INSTALLMENTS, quoteTuition, TUITION_DUE_DATE, TUITION_TITLE, UPFRONT_PRICE_CENTS } from './pricing.js';
import { StripeGateway } from './stripe-gateway.js';
import type { StandInEvent, StandInSession } from './stripe-standin.js';
import { testCheckoutStore } from './test-checkout-store.js';

export const PAYMENT_MESSAGES = {
  ...PAYMENT_POLICY_MESSAGES,
  priceRequired: PRICE_REQUIRED,
  unknownPrice: 'PRICE_UNKNOWN',
  nothingDue: 'NOTHING_DUE',
  notConfigured: 'CARD_PAYMENTS_NOT_CONFIGURED',
  providerFailed: 'PAYMENT_PROVIDER_FAILED',
  badSignature: 'STRIPE_SIGNATURE_INVALID',
  notPayable: 'PAYMENT_NOT_DUE',
} as const;

export interface PaymentDueView {
  id: number;
  title: string;
  dueDate: string;
  amountCents: number;
  paymentType: string;
}
export interface PaymentHistoryView {
  id: number;
  title: string;
  date: string;
  amountCents: number;
  status: string;
  method: string;
}
export interface FamilyView {
  parentId: number;
  parentName: string;
  email: string;
  applicationStatus: string | null;
  schoolId: number;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addMonths = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number);
  const total = m - 1 + n;
  return `${y + Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

export class PaymentsService {
  readonly gateway: StripeGateway;

  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
  ) {
    this.gateway = new StripeGateway(config, testCheckoutStore(db));
  }

  close(): Promise<void> {
    return this.gateway.close();
  }

  /** What the client needs to start a checkout: prices, publishable key, mode. */
  checkoutConfig() {
    return {
      publishableKey: this.gateway.publishableKey,
      upfrontPriceId: this.gateway.prices.upfront,
      monthlyPriceId: this.gateway.prices.monthly,
      testCheckout: this.gateway.testCheckout,
      annualCents: ANNUAL_TUITION_CENTS,
      upfrontCents: UPFRONT_PRICE_CENTS,
      monthlyCents: MONTHLY_INSTALLMENT_CENTS,
      monthlyInstallments: MONTHLY_INSTALLMENTS,
    };
  }

  // ---- the family ---------------------------------------------------------------------------

  /** Called by contract completion, in its transaction: the annual tuition becomes due (once). */
  async createTuitionDue(m: EntityManager, input: { familyId: number; schoolId: number; contractId: string }): Promise<void> {
    await m.query(
      `INSERT INTO payments (family_id, school_id, contract_id, title, due_date, amount_cents, payment_type)
       VALUES ($1, $2, $3, $4, $5, $6, 'annual')
       ON CONFLICT (family_id) WHERE payment_type = 'annual' DO NOTHING`,
      [input.familyId, input.schoolId, input.contractId, TUITION_TITLE, TUITION_DUE_DATE, ANNUAL_TUITION_CENTS],
    );
  }

  async paymentsDue(ctx: RequestContext): Promise<PaymentDueView[]> {
    const caller = authorize(ctx, can, 'viewOwnPayments', null);
    const rows = await this.db.getRepository(Payment).find({
      where: { familyId: caller.user.id, status: 'due' },
      order: { dueDate: 'ASC', id: 'ASC' },
    });
    return rows.map((p) => ({ id: p.id, title: p.title, dueDate: p.dueDate, amountCents: p.amountCents, paymentType: p.paymentType }));
  }

  async paymentHistory(ctx: RequestContext): Promise<PaymentHistoryView[]> {
    const caller = authorize(ctx, can, 'viewOwnPayments', null);
    const rows = await this.db.getRepository(PaymentRecord).find({
      where: { familyId: caller.user.id },
      order: { occurredAt: 'DESC', id: 'DESC' },
    });
    return rows.map(historyView);
  }

  /** Starts a Stripe Checkout Session for the family's due annual tuition: upfront (payment) or monthly (subscription). */
  async createCheckoutSession(ctx: RequestContext, plan: 'annual' | 'monthly', input: Checked<string>): Promise<{ sessionId: string; url: string | null }> {
    const caller = authorize(ctx, can, 'checkout', null);
    const priceId = valid(input);
    const expected = plan === 'annual' ? this.gateway.prices.upfront : this.gateway.prices.monthly;
    if (!expected) throw new AppError('SERVICE_UNAVAILABLE', because(PAYMENT_MESSAGES.notConfigured));
    // The server decides what is charged: only the configured price of this plan is accepted.
    if (priceId !== expected) throw badInput(because(PAYMENT_MESSAGES.unknownPrice));
    const due = await this.db.getRepository(Payment).findOneBy({ familyId: caller.user.id, paymentType: 'annual', status: 'due' });
    if (!due) throw conflict(because(PAYMENT_MESSAGES.nothingDue));

    const metadata = { family_id: String(caller.user.id), payment_id: String(due.id), plan };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: plan === 'annual' ? 'payment' : 'subscription',
      line_items: [{ price: expected, quantity: 1 }],
      customer_email: caller.user.email,
      client_reference_id: String(caller.user.id),
      metadata,
      success_url: `${this.config.publicUrl}/parent-payments?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.config.publicUrl}/parent-payments`,
      ...(plan === 'monthly' ? { subscription_data: { metadata } } : {}),
    };
    let session: Stripe.Checkout.Session;
    try {
      const stripe = await this.gateway.stripe();
      session = await stripe.checkout.sessions.create(params);
    } catch (e) {
      logger.error(`[payments] checkout session failed: ${(e as Error).message}`);
      throw new AppError('SERVICE_UNAVAILABLE', because(PAYMENT_MESSAGES.providerFailed));
    }
    await this.db.getRepository(CheckoutSessionRow).insert({ id: session.id, familyId: caller.user.id, paymentId: due.id, plan, priceId: expected });
    return { sessionId: session.id, url: session.url ?? null };
  }

  // ---- webhooks -----------------------------------------------------------------------------

  /**
   * Verifies and applies one Stripe event. A bad signature is a 400 and changes nothing; an event
   * id already processed changes nothing again. Events may arrive in any order: an invoice before
   * its checkout session creates the monthly schedule itself; a late failure never undoes a payment.
   */
  async handleWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<{ received: true; duplicate: boolean }> {
    if (!this.gateway.webhookSecret) throw badInput(because('STRIPE_WEBHOOKS_NOT_CONFIGURED'));
    let event: Stripe.Event;
    try {
      event = this.gateway.constructEvent(rawBody, signature);
    } catch {
      throw badInput(because(PAYMENT_MESSAGES.badSignature));
    }
    return this.db.transaction(async (m) => {
      const inserted: unknown[] = await m.query(`INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`, [event.id, event.type]);
      if (inserted.length === 0) return { received: true as const, duplicate: true };
      const at = new Date(event.created * 1000);
      const obj = event.data.object as unknown as Record<string, unknown>;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          await this.onSessionCompleted(m, obj as unknown as Stripe.Checkout.Session, at);
          break;
        case 'checkout.session.expired':
          await m.query(`UPDATE checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'`, [obj.id]);
          break;
        case 'invoice.paid':
        case 'invoice.payment_succeeded':
          await this.onInvoice(m, obj, at, true);
          break;
        case 'invoice.payment_failed':
          await this.onInvoice(m, obj, at, false);
          break;
        default:
          break; // recorded as seen; nothing to do
      }
      return { received: true as const, duplicate: false };
    });
  }

  private async onSessionCompleted(m: EntityManager, session: Stripe.Checkout.Session, at: Date): Promise<void> {
    const row = await m.getRepository(CheckoutSessionRow).findOneBy({ id: session.id });
    if (!row) {
      logger.warn(`[payments] checkout session ${session.id} is not one of ours; ignored`);
      return;
    }
    const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
    await m.query(`UPDATE checkout_sessions SET status = 'complete', stripe_subscription_id = COALESCE($2, stripe_subscription_id) WHERE id = $1`, [
      row.id,
      subscriptionId,
    ]);
    if (row.plan === 'monthly') {
      if (subscriptionId) await this.ensureMonthlySchedule(m, row.familyId, subscriptionId);
      return;
    }
    // Payment mode: settled only once the money is there (async methods complete unpaid first).
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
    const payment = await m.getRepository(Payment).findOneBy({ id: row.paymentId });
    if (!payment) return;
    await m.query(`UPDATE payments SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'due'`, [payment.id, at]);
    await m.query(
      `INSERT INTO payment_records (family_id, payment_id, title, amount_cents, status, method, stripe_session_id, occurred_at)
       VALUES ($1, $2, $3, $4, 'paid', 'card', $5, $6)
       ON CONFLICT (stripe_session_id) WHERE status = 'paid' AND stripe_session_id IS NOT NULL DO NOTHING`,
      [row.familyId, payment.id, payment.title, session.amount_total ?? UPFRONT_PRICE_CENTS, row.id, at],
    );
  }

  /** The monthly plan replaces the annual item with ten installments; safe to call again. */
  private async ensureMonthlySchedule(m: EntityManager, familyId: number, subscriptionId: string): Promise<void> {
    const annual = await m.getRepository(Payment).findOneBy({ familyId, paymentType: 'annual' });
    if (!annual) return;
    await m.query(`UPDATE payments SET status = 'cancelled' WHERE id = $1 AND status = 'due'`, [annual.id]);
    for (let i = 1; i <= MONTHLY_INSTALLMENTS; i++) {
      await m.query(
        `INSERT INTO payments (family_id, school_id, contract_id, title, due_date, amount_cents, payment_type, installment, stripe_subscription_id)
         VALUES ($1, $2, $3, $4, $5, $6, 'monthly', $7, $8)
         ON CONFLICT (family_id, installment) WHERE payment_type = 'monthly' DO NOTHING`,
        [
          familyId,
          annual.schoolId,
          annual.contractId,
          `${TUITION_TITLE} (month ${i} of ${MONTHLY_INSTALLMENTS})`,
          addMonths(TUITION_DUE_DATE, i - 1),
          MONTHLY_INSTALLMENT_CENTS,
          i,
          subscriptionId,
        ],
      );
    }
  }

  private async onInvoice(m: EntityManager, invoice: Record<string, unknown>, at: Date, paid: boolean): Promise<void> {
    const parent = invoice.parent as { subscription_details?: { subscription?: string; metadata?: Record<string, string> } } | null | undefined;
    const legacy = invoice as { subscription?: string | { id: string } | null; subscription_details?: { metadata?: Record<string, string> } };
    const subscriptionId = parent?.subscription_details?.subscription ?? (typeof legacy.subscription === 'string' ? legacy.subscription : legacy.subscription?.id);
    if (!subscriptionId) return;
    const metadata = parent?.subscription_details?.metadata ?? legacy.subscription_details?.metadata ?? {};
    // The family: from the completed session, or (invoice first) from the subscription's metadata,
    // which this app wrote when it created the session; the session row must exist either way.
    let row = await m.getRepository(CheckoutSessionRow).findOneBy({ stripeSubscriptionId: subscriptionId, plan: 'monthly' });
    if (!row && metadata.family_id && /^\d+$/.test(metadata.family_id)) {
      row = await m.getRepository(CheckoutSessionRow).findOne({ where: { familyId: Number(metadata.family_id), plan: 'monthly' }, order: { createdAt: 'DESC' } });
    }
    if (row && !row.stripeSubscriptionId) {
      await m.query(`UPDATE checkout_sessions SET stripe_subscription_id = $2 WHERE id = $1`, [row.id, subscriptionId]);
    }
    if (!row) {
      logger.warn(`[payments] invoice for unknown subscription ${subscriptionId}; ignored`);
      return;
    }
    await this.ensureMonthlySchedule(m, row.familyId, subscriptionId);
    const invoiceId = String(invoice.id);
    const alreadyPaid: unknown[] = await m.query(`SELECT 1 FROM payment_records WHERE stripe_invoice_id = $1 AND status = 'paid'`, [invoiceId]);
    if (alreadyPaid.length > 0) return; // a replay, or a failure reported after the retry succeeded
    const next = await m.getRepository(Payment).findOne({
      where: { familyId: row.familyId, paymentType: 'monthly', status: 'due' },
      order: { installment: 'ASC' },
    });
    const title = next?.title ?? `${TUITION_TITLE} (monthly)`;
    if (paid) {
      if (next) await m.query(`UPDATE payments SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'due'`, [next.id, at]);
      await m.query(
        `INSERT INTO payment_records (family_id, payment_id, title, amount_cents, status, method, stripe_invoice_id, occurred_at)
         VALUES ($1, $2, $3, $4, 'paid', 'card', $5, $6)
         ON CONFLICT (stripe_invoice_id) WHERE status = 'paid' AND stripe_invoice_id IS NOT NULL DO NOTHING`,
        [row.familyId, next?.id ?? null, title, Number(invoice.amount_paid ?? MONTHLY_INSTALLMENT_CENTS), invoiceId, at],
      );
    } else {
      await m.query(
        `INSERT INTO payment_records (family_id, payment_id, title, amount_cents, status, method, stripe_invoice_id, occurred_at)
         VALUES ($1, $2, $3, $4, 'failed', 'card', $5, $6)`,
        [row.familyId, next?.id ?? null, title, Number(invoice.amount_due ?? MONTHLY_INSTALLMENT_CENTS), invoiceId, at],
      );
    }
  }

  // ---- the built-in test checkout (no Stripe keys) --------------------------------------------

  /** A test checkout session, from the database: it may have been started on another replica. */
  async testCheckoutSession(id: string): Promise<StandInSession | null> {
    return (await this.gateway.standIn?.fetch(id)) ?? null;
  }

  /**
   * The test checkout's Pay or Cancel: the stand-in builds Stripe's events, which are signed with
   * the webhook secret and posted to the webhook like Stripe's. Answers where the browser goes next.
   */
  async finishTestCheckout(id: string, action: 'pay' | 'cancel', webhookUrl: string): Promise<string> {
    const standIn = this.gateway.standIn;
    const session = await standIn?.fetch(id);
    if (!standIn || !session) throw notFound(because('TEST_CHECKOUT_NOT_FOUND'));
    const events: StandInEvent[] = action === 'pay' ? standIn.complete(id) : standIn.expire(id);
    await standIn.persist(id);
    for (const event of events) {
      const payload = JSON.stringify(event);
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': this.gateway.sign(payload) },
        body: payload,
      });
      if (!res.ok) throw new AppError('SERVICE_UNAVAILABLE', because('WEBHOOK_REFUSED', { type: event.type, status: res.status }));
    }
    return action === 'pay' ? session.success_url.replace('{CHECKOUT_SESSION_ID}', id) : (session.cancel_url ?? session.success_url);
  }

  // ---- dual-school staff --------------------------------------------------------------------

  /** The dual schools a staff member works at; anyone else is refused. */
  async staffDualSchoolIds(ctx: RequestContext, action: PaymentAction = 'viewFamilies'): Promise<number[]> {
    const caller = authorize(ctx, can, action, null);
    const ids: { id: number }[] = await this.db.query(
      `SELECT s.id FROM schools s
        WHERE s.dual_school_enabled
          AND (s.id = $2 OR EXISTS (SELECT 1 FROM school_memberships sm WHERE sm.user_id = $1 AND sm.school_id = s.id))`,
      [caller.user.id, caller.user.schoolId ?? -1],
    );
    const dualSchoolIds = ids.map((r) => r.id);
    authorize(ctx, can, action, { dualSchoolIds });
    return dualSchoolIds;
  }

  /** Families of the staff's dual schools that are accepted or enrolled, by parent id, a page at a time. */
  async families(ctx: RequestContext, page: { first: number; after: string | null }) {
    const schoolIds = await this.staffDualSchoolIds(ctx);
    const first = Math.min(Math.max(page.first, 1), 100);
    const after = page.after && /^\d+$/.test(page.after) ? Number(page.after) : 0;
    const qb = this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.user_type = :t', { t: UserType.Parent })
      .andWhere('u.school_id IN (:...schoolIds)', { schoolIds })
      .andWhere(`u.application_status IN ('accepted', 'enrolled')`);
    const totalCount = await qb.getCount();
    const rows = await qb
      .clone()
      .andWhere('u.id > :after', { after })
      .orderBy('u.id', 'ASC')
      .take(first + 1)
      .getMany();
    const nodes: FamilyView[] = rows.slice(0, first).map((u) => ({
      parentId: u.id,
      parentName: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      applicationStatus: u.applicationStatus,
      schoolId: u.schoolId!,
    }));
    return { nodes, totalCount, hasNextPage: rows.length > first, endCursor: nodes.length ? String(nodes[nodes.length - 1].parentId) : null };
  }

  /** Staff record a check received for a due payment: the payment is paid, the history shows it. */
  async recordCheck(ctx: RequestContext, rawPaymentId: unknown): Promise<Payment> {
    const caller = authorize(ctx, can, 'recordCheck', null);
    const schoolIds = await this.staffDualSchoolIds(ctx, 'recordCheck');
    const paymentId = parseId(rawPaymentId, 'payment');
    return this.db.transaction(async (m) => {
      const payment = await m.getRepository(Payment).createQueryBuilder('p').setLock('pessimistic_write').where('p.id = :id', { id: paymentId }).getOne();
      if (!payment) throw notFound(because(PAYMENT_MESSAGES.paymentNotFound));
      authorize(ctx, can, 'recordCheck', { dualSchoolIds: schoolIds, schoolId: payment.schoolId });
      if (payment.status !== 'due') throw conflict(because(PAYMENT_MESSAGES.notPayable));
      // A check pays the annual tuition at the upfront price (§9); an installment at its amount.
      const amount = payment.paymentType === 'annual' ? quoteTuition('check').totalCents : payment.amountCents;
      const at = new Date();
      await m.update(Payment, { id: payment.id }, { status: 'paid', paidAt: at });
      await m.insert(PaymentRecord, {
        familyId: payment.familyId,
        paymentId: payment.id,
        title: payment.title,
        amountCents: amount,
        status: 'paid',
        method: 'check',
        recordedBy: caller.user.id,
        occurredAt: at,
      });
      return { ...payment, status: 'paid' as const, paidAt: at };
    });
  }

  /** A staff member may see this family (REST family detail and the contract file). */
  async staffSeesSchool(ctx: RequestContext, schoolId: number): Promise<boolean> {
    if (!permits(ctx.caller, can, 'viewFamilies', null)) return false;
    const dualSchoolIds = await this.staffDualSchoolIds(ctx).catch(() => [] as number[]);
    return permits(ctx.caller, can, 'viewFamilies', { dualSchoolIds, schoolId });
  }
}

export function historyView(r: PaymentRecord): PaymentHistoryView {
  return { id: r.id, title: r.title, date: isoDate(r.occurredAt), amountCents: r.amountCents, status: r.status, method: r.method };
}
