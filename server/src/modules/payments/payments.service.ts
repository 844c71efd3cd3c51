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
import { ANNUAL_TUITION_CENTS, MONTHLY_INSTALLMENT_CENTS, MONTHLY_INSTALLMENTS, quoteTuition, UPFRONT_PRICE_CENTS, type YearTerms } from './pricing.js';
import { EnrollmentContract } from '../contracts/enrollment-contract.entity.js';
import { onChargeRefunded } from './withdrawal-refunds.js';
import { StripeGateway } from './stripe-gateway.js';
import type { StandInEvent, StandInSession } from './stripe-standin.js';
import { testCheckoutStore } from './test-checkout-store.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { message } from '../../messages/messages.js';

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
  /** The school year it belongs to (2026-27). */
  schoolYear: string | null;
  /** A late fee: the payment it is for, and which month late it is. */
  lateFeeFor: number | null;
  monthsLate: number | null;
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
/** Decision: a date already past when the family signs (joining mid-year) falls due on the signing day, never before it. */
const notBefore = (date: string, signedOn: string) => (date < signedOn ? signedOn : date);
export const tuitionTitle = (label: string) => `Tuition ${label}`;

export class PaymentsService {
  readonly gateway: StripeGateway;

  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly outbox: OutboxService,
  ) {
    this.gateway = new StripeGateway(config, testCheckoutStore(db));
  }

  /**
   * The family's receipt for money received (a card payment, a monthly invoice, a check staff
   * recorded), queued in the transaction that recorded it: once per payment record, so a replayed
   * webhook sends none. In the parent's language; the reference is Stripe's (the payment intent,
   * else the invoice or session) or, for a check, the record's number.
   */
  private async sendReceipt(m: EntityManager, recordId: number): Promise<void> {
    const [r]: {
      amountCents: number;
      title: string;
      method: string;
      occurredAt: Date;
      reference: string;
      email: string;
      locale: string | null;
      schoolId: number;
      userId: number;
    }[] = await m.query(
      `SELECT r.amount_cents AS "amountCents", r.title, r.method, r.occurred_at AS "occurredAt",
                coalesce(r.stripe_payment_intent_id, r.stripe_invoice_id, r.stripe_session_id, '#' || r.id) AS reference,
                u.email, u.locale, u.school_id AS "schoolId", u.id AS "userId"
           FROM payment_records r JOIN users u ON u.id = r.family_id WHERE r.id = $1`,
      [recordId],
    );
    if (!r?.email) return;
    const values = {
      amount: r.amountCents / 100,
      title: r.title,
      date: new Date(r.occurredAt),
      method: r.method,
      reference: r.reference,
      link: `${this.config.publicUrl}/parent-payments`,
    };
    await this.outbox.enqueue(
      'email',
      r.email,
      message(r.locale, 'payments.receipt.subject', values),
      message(r.locale, 'payments.receipt.body', values),
      { schoolId: r.schoolId, userId: r.userId },
      m,
    );
  }

  close(): Promise<void> {
    return this.gateway.close();
  }

  /**
   * What the client needs to start a checkout: prices, publishable key, mode, and the amounts: for a
   * family with tuition due, its contract's (the year it signed for, as checkout charges); else the spec's.
   */
  async checkoutConfig(ctx?: RequestContext) {
    const familyId = ctx?.caller?.user.id;
    const due = familyId ? await this.db.getRepository(Payment).findOne({ where: { familyId, paymentType: 'annual', status: 'due' }, order: { dueDate: 'ASC' } }) : null;
    const terms = due ? await this.termsOf(this.db.manager, due.contractId) : null;
    return {
      publishableKey: this.gateway.publishableKey,
      upfrontPriceId: this.gateway.prices.upfront,
      monthlyPriceId: this.gateway.prices.monthly,
      testCheckout: this.gateway.testCheckout,
      annualCents: terms?.annualTuitionCents ?? ANNUAL_TUITION_CENTS,
      upfrontCents: terms ? quoteTuition('annual', 1, terms).totalCents : UPFRONT_PRICE_CENTS,
      monthlyCents: terms?.monthlyInstallmentCents ?? MONTHLY_INSTALLMENT_CENTS,
      monthlyInstallments: terms?.monthlyDueDates.length ?? MONTHLY_INSTALLMENTS,
    };
  }

  // ---- the family ---------------------------------------------------------------------------

  /** Called by contract completion, in its transaction: the year's annual tuition becomes due (once), under the contract's terms. */
  async createTuitionDue(
    m: EntityManager,
    input: { familyId: number; schoolId: number; contractId: string; schoolYearId: number; terms: YearTerms; signedOn: string },
  ): Promise<void> {
    await m.query(
      `INSERT INTO payments (family_id, school_id, contract_id, school_year_id, title, due_date, amount_cents, payment_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'annual')
       ON CONFLICT (family_id, contract_id) WHERE payment_type = 'annual' DO NOTHING`,
      [
        input.familyId,
        input.schoolId,
        input.contractId,
        input.schoolYearId,
        tuitionTitle(input.terms.label),
        notBefore(input.terms.tuitionDueOn, input.signedOn),
        input.terms.annualTuitionCents,
      ],
    );
  }

  /** The terms a payment's contract was signed under. */
  private async termsOf(m: EntityManager, contractId: string | null): Promise<YearTerms | null> {
    if (!contractId) return null;
    return (await m.getRepository(EnrollmentContract).findOneBy({ id: contractId }))?.terms ?? null;
  }

  async paymentsDue(ctx: RequestContext): Promise<PaymentDueView[]> {
    const caller = authorize(ctx, can, 'viewOwnPayments', null);
    const rows: (Payment & { schoolYear: string | null })[] = await this.db
      .getRepository(Payment)
      .createQueryBuilder('p')
      .leftJoin('school_years', 'y', 'y.id = p.school_year_id')
      .addSelect('y.label', 'p_school_year')
      .where(`p.family_id = :id AND p.status = 'due'`, { id: caller.user.id })
      .orderBy('p.due_date', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getRawAndEntities()
      .then(({ raw, entities }) => entities.map((e) => ({ ...e, schoolYear: (raw.find((r: { p_id: number }) => r.p_id === e.id)?.p_school_year as string) ?? null })));
    return rows.map(dueView);
  }

  async paymentHistory(ctx: RequestContext): Promise<PaymentHistoryView[]> {
    const caller = authorize(ctx, can, 'viewOwnPayments', null);
    const rows = await this.db.getRepository(PaymentRecord).find({
      where: { familyId: caller.user.id },
      order: { occurredAt: 'DESC', id: 'DESC' },
    });
    return rows.map(historyView);
  }

  /**
   * Starts a Stripe Checkout Session for the family's due annual tuition: upfront (payment) or
   * monthly (subscription). The price id names the plan (only the configured one of the plan is
   * accepted); the amount is the contract's (its year's attachment A), sent as the line's price_data,
   * so a year whose tuition differs charges what that family signed for.
   */
  async createCheckoutSession(ctx: RequestContext, plan: 'annual' | 'monthly', input: Checked<string>): Promise<{ sessionId: string; url: string | null }> {
    const caller = authorize(ctx, can, 'checkout', null);
    const priceId = valid(input);
    const expected = plan === 'annual' ? this.gateway.prices.upfront : this.gateway.prices.monthly;
    if (!expected) throw new AppError('SERVICE_UNAVAILABLE', because(PAYMENT_MESSAGES.notConfigured));
    // The server decides what is charged: only the configured price of this plan is accepted.
    if (priceId !== expected) throw badInput(because(PAYMENT_MESSAGES.unknownPrice));
    const due = await this.db.getRepository(Payment).findOne({ where: { familyId: caller.user.id, paymentType: 'annual', status: 'due' }, order: { dueDate: 'ASC' } });
    if (!due) throw conflict(because(PAYMENT_MESSAGES.nothingDue));
    const terms = await this.termsOf(this.db.manager, due.contractId);
    const unitAmount = plan === 'annual' ? quoteTuition('annual', 1, terms ?? undefined).totalCents : (terms?.monthlyInstallmentCents ?? MONTHLY_INSTALLMENT_CENTS);
    const name = plan === 'annual' ? `${due.title} (upfront)` : `${due.title} (monthly plan)`;
    return this.startSession(caller.user, due, plan, expected, {
      price_data: { currency: 'usd', unit_amount: unitAmount, product_data: { name }, ...(plan === 'monthly' ? { recurring: { interval: 'month' as const } } : {}) },
      quantity: 1,
    });
  }

  /** Starts a payment-mode Checkout Session for one of the family's due late fees (the same checkout as tuition). */
  async createLateFeeCheckoutSession(ctx: RequestContext, rawPaymentId: unknown): Promise<{ sessionId: string; url: string | null }> {
    const caller = authorize(ctx, can, 'checkout', null);
    const fee = await this.db.getRepository(Payment).findOneBy({ id: parseId(rawPaymentId, 'payment'), paymentType: 'late_fee' });
    if (!fee || fee.familyId !== caller.user.id) throw notFound(because(PAYMENT_MESSAGES.paymentNotFound));
    if (fee.status !== 'due') throw conflict(because(PAYMENT_MESSAGES.notPayable));
    return this.startSession(caller.user, fee, 'late_fee', 'price_data', {
      price_data: { currency: 'usd', unit_amount: fee.amountCents, product_data: { name: fee.title } },
      quantity: 1,
    });
  }

  private async startSession(
    user: { id: number; email: string },
    due: Payment,
    plan: 'annual' | 'monthly' | 'late_fee',
    priceId: string,
    lineItem: Stripe.Checkout.SessionCreateParams.LineItem,
  ): Promise<{ sessionId: string; url: string | null }> {
    const caller = { user };
    const expected = priceId;
    const metadata = { family_id: String(caller.user.id), payment_id: String(due.id), plan };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: plan === 'monthly' ? 'subscription' : 'payment',
      line_items: [lineItem],
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
        case 'charge.refunded':
          await onChargeRefunded(m, obj, at);
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
      if (subscriptionId) await this.ensureMonthlySchedule(m, row.familyId, subscriptionId, row.paymentId);
      return;
    }
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    // Payment mode: settled only once the money is there (async methods complete unpaid first).
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
    const payment = await m.getRepository(Payment).findOneBy({ id: row.paymentId });
    if (!payment) return;
    await m.query(`UPDATE payments SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'due'`, [payment.id, at]);
    const recorded: { id: number }[] = await m.query(
      `INSERT INTO payment_records (family_id, payment_id, title, amount_cents, status, method, stripe_session_id, stripe_payment_intent_id, occurred_at)
       VALUES ($1, $2, $3, $4, 'paid', 'card', $5, $6, $7)
       ON CONFLICT (stripe_session_id) WHERE status = 'paid' AND stripe_session_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [row.familyId, payment.id, payment.title, session.amount_total ?? UPFRONT_PRICE_CENTS, row.id, paymentIntent, at],
    );
    if (recorded[0]) await this.sendReceipt(m, recorded[0].id);
  }

  /**
   * The monthly plan replaces the annual item with the contract's installments (its year's monthly
   * dates and amount; a date already past at signing falls due on the signing day); safe to call again.
   */
  private async ensureMonthlySchedule(m: EntityManager, familyId: number, subscriptionId: string, annualId?: number): Promise<void> {
    const annual = annualId
      ? await m.getRepository(Payment).findOneBy({ id: annualId, familyId, paymentType: 'annual' })
      : await m.getRepository(Payment).findOne({ where: { familyId, paymentType: 'annual', status: 'due' }, order: { dueDate: 'ASC' } });
    if (!annual) return;
    if (annual.status === 'paid') return; // paid upfront meanwhile: no schedule
    const terms = await this.termsOf(m, annual.contractId);
    const dates = terms?.monthlyDueDates ?? Array.from({ length: MONTHLY_INSTALLMENTS }, () => annual.dueDate);
    const amount = terms?.monthlyInstallmentCents ?? MONTHLY_INSTALLMENT_CENTS;
    const signedOn = isoDate(annual.createdAt);
    await m.query(`UPDATE payments SET status = 'cancelled' WHERE id = $1 AND status = 'due'`, [annual.id]);
    for (let i = 1; i <= dates.length; i++) {
      await m.query(
        `INSERT INTO payments (family_id, school_id, contract_id, school_year_id, title, due_date, amount_cents, payment_type, installment, stripe_subscription_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'monthly', $8, $9)
         ON CONFLICT (family_id, contract_id, installment) WHERE payment_type = 'monthly' DO NOTHING`,
        [
          familyId,
          annual.schoolId,
          annual.contractId,
          annual.schoolYearId,
          `${annual.title} (month ${i} of ${dates.length})`,
          notBefore(dates[i - 1], signedOn),
          amount,
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
    await this.ensureMonthlySchedule(m, row.familyId, subscriptionId, row.paymentId);
    const invoiceId = String(invoice.id);
    const alreadyPaid: unknown[] = await m.query(`SELECT 1 FROM payment_records WHERE stripe_invoice_id = $1 AND status = 'paid'`, [invoiceId]);
    if (alreadyPaid.length > 0) return; // a replay, or a failure reported after the retry succeeded
    // The installment an invoice is for: the one a failure of this invoice already marked, else the next unpaid.
    const next =
      (await m.getRepository(Payment).findOne({ where: { familyId: row.familyId, paymentType: 'monthly', status: 'due', failedInvoiceId: invoiceId } })) ??
      (await m.getRepository(Payment).findOne({
        where: { familyId: row.familyId, paymentType: 'monthly', status: 'due', stripeSubscriptionId: subscriptionId },
        order: { installment: 'ASC' },
      }));
    const title = next?.title ?? 'Tuition (monthly)';
    if (paid) {
      if (next) await m.query(`UPDATE payments SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'due'`, [next.id, at]);
      const recorded: { id: number }[] = await m.query(
        `INSERT INTO payment_records (family_id, payment_id, title, amount_cents, status, method, stripe_invoice_id, stripe_payment_intent_id, occurred_at)
         VALUES ($1, $2, $3, $4, 'paid', 'card', $5, $6, $7)
         ON CONFLICT (stripe_invoice_id) WHERE status = 'paid' AND stripe_invoice_id IS NOT NULL DO NOTHING
         RETURNING id`,
        [row.familyId, next?.id ?? null, title, Number(invoice.amount_paid ?? MONTHLY_INSTALLMENT_CENTS), invoiceId, invoicePaymentIntent(invoice), at],
      );
      if (recorded[0]) await this.sendReceipt(m, recorded[0].id);
    } else {
      // The late-fee clock of this installment starts at the failure when that is before its due date.
      if (next) await m.query(`UPDATE payments SET failed_at = coalesce(failed_at, $2), failed_invoice_id = $3 WHERE id = $1`, [next.id, at, invoiceId]);
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
      // Withdrawn families stay listed: staff read their refunds and what is still owed by check.
      .andWhere(`u.application_status IN ('accepted', 'enrolled', 'withdrawn')`);
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
      // A check pays the annual tuition at the upfront price of the contract's terms (§9); an installment or a late fee at its amount.
      const terms = await this.termsOf(m, payment.contractId);
      const amount = payment.paymentType === 'annual' ? quoteTuition('check', 1, terms ?? undefined).totalCents : payment.amountCents;
      const at = new Date();
      await m.update(Payment, { id: payment.id }, { status: 'paid', paidAt: at });
      const recorded = await m.insert(PaymentRecord, {
        familyId: payment.familyId,
        paymentId: payment.id,
        title: payment.title,
        amountCents: amount,
        status: 'paid',
        method: 'check',
        recordedBy: caller.user.id,
        occurredAt: at,
      });
      await this.sendReceipt(m, Number(recorded.identifiers[0].id));
      return { ...payment, status: 'paid' as const, paidAt: at };
    });
  }

  /**
   * Staff waive a late fee still due, with a reason: the fee stays on the family's statement as
   * waived, with who waived it, when and why (the log of the waiver).
   */
  async waiveLateFee(ctx: RequestContext, rawPaymentId: unknown, reason: Checked<string>): Promise<Payment> {
    const caller = authorize(ctx, can, 'waiveLateFee', null);
    const schoolIds = await this.staffDualSchoolIds(ctx, 'waiveLateFee');
    const paymentId = parseId(rawPaymentId, 'payment');
    return this.db.transaction(async (m) => {
      const fee = await m.getRepository(Payment).createQueryBuilder('p').setLock('pessimistic_write').where('p.id = :id', { id: paymentId }).getOne();
      if (!fee) throw notFound(because(PAYMENT_MESSAGES.paymentNotFound));
      authorize(ctx, can, 'waiveLateFee', { dualSchoolIds: schoolIds, schoolId: fee.schoolId });
      const why = valid(reason);
      if (fee.paymentType !== 'late_fee' || fee.status !== 'due') throw conflict(because('LATE_FEE_NOT_WAIVABLE'));
      const at = new Date();
      await m.update(Payment, { id: fee.id }, { status: 'waived', waivedAt: at, waivedBy: caller.user.id, waiveReason: why });
      return { ...fee, status: 'waived' as const, waivedAt: at, waivedBy: caller.user.id, waiveReason: why };
    });
  }

  /** A staff member may see this family (REST family detail and the contract file). */
  async staffSeesSchool(ctx: RequestContext, schoolId: number): Promise<boolean> {
    if (!permits(ctx.caller, can, 'viewFamilies', null)) return false;
    const dualSchoolIds = await this.staffDualSchoolIds(ctx).catch(() => [] as number[]);
    return permits(ctx.caller, can, 'viewFamilies', { dualSchoolIds, schoolId });
  }
}

/** The payment intent an invoice was paid with: `payments` (API 2025-03 and later) or the older `payment_intent`. */
function invoicePaymentIntent(invoice: Record<string, unknown>): string | null {
  const list = (invoice.payments as { data?: { payment?: { payment_intent?: string | { id: string } } }[] } | undefined)?.data ?? [];
  const fromList = list[0]?.payment?.payment_intent;
  const legacy = invoice.payment_intent as string | { id: string } | null | undefined;
  const pi = fromList ?? legacy;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}

export function dueView(p: Payment & { schoolYear?: string | null }): PaymentDueView {
  return {
    id: p.id,
    title: p.title,
    dueDate: p.dueDate,
    amountCents: p.amountCents,
    paymentType: p.paymentType,
    schoolYear: p.schoolYear ?? null,
    lateFeeFor: p.lateFeeFor,
    monthsLate: p.monthsLate,
  };
}

export function historyView(r: PaymentRecord): PaymentHistoryView {
  return { id: r.id, title: r.title, date: isoDate(r.occurredAt), amountCents: r.amountCents, status: r.status, method: r.method };
}
