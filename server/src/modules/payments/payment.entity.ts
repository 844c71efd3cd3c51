import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export const PAYMENT_TYPES = ['annual', 'monthly', 'late_fee'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** waived: a late fee staff waived (with a reason). */
export const PAYMENT_STATUSES = ['due', 'paid', 'cancelled', 'waived'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A payment history row: money received, or a failed charge; by card (Stripe) or by check (recorded by staff). */
export const PAYMENT_RECORD_STATUSES = ['paid', 'failed', 'refunded'] as const;
export const PAYMENT_METHODS = ['card', 'check'] as const;

/** Something a family owes: the annual tuition, one installment of the monthly plan, or a late fee on one of those. */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** The parent's user id: the family is the parent's account. */
  @Column({ name: 'family_id', type: 'integer' })
  familyId: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;

  @Column({ name: 'contract_id', type: 'uuid', nullable: true })
  contractId: string | null;

  @Column({ name: 'school_year_id', type: 'integer', nullable: true })
  schoolYearId: number | null;

  @Column({ type: 'text' })
  title: string;

  /** YYYY-MM-DD */
  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ name: 'payment_type', type: 'text' })
  paymentType: PaymentType;

  @Column({ type: 'text', default: 'due' })
  status: PaymentStatus;

  /** Monthly plan: 1..10. */
  @Column({ type: 'smallint', nullable: true })
  installment: number | null;

  @Column({ name: 'stripe_subscription_id', type: 'text', nullable: true })
  stripeSubscriptionId: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  /** A late fee: the payment it is charged on, and which month late (1, 2, ...). */
  @Column({ name: 'late_fee_for', type: 'integer', nullable: true })
  lateFeeFor: number | null;

  @Column({ name: 'months_late', type: 'smallint', nullable: true })
  monthsLate: number | null;

  @Column({ name: 'waived_at', type: 'timestamptz', nullable: true })
  waivedAt: Date | null;

  @Column({ name: 'waived_by', type: 'integer', nullable: true })
  waivedBy: number | null;

  @Column({ name: 'waive_reason', type: 'text', nullable: true })
  waiveReason: string | null;

  /** A monthly installment whose Stripe invoice failed: when, and which invoice (the late-fee clock). */
  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt: Date | null;

  @Column({ name: 'failed_invoice_id', type: 'text', nullable: true })
  failedInvoiceId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A row of the payment history: money received (or a failed charge). */
@Entity('payment_records')
export class PaymentRecord {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'family_id', type: 'integer' })
  familyId: number;

  @Column({ name: 'payment_id', type: 'integer', nullable: true })
  paymentId: number | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ type: 'text' })
  status: (typeof PAYMENT_RECORD_STATUSES)[number];

  @Column({ type: 'text' })
  method: (typeof PAYMENT_METHODS)[number];

  @Column({ name: 'stripe_session_id', type: 'text', nullable: true })
  stripeSessionId: string | null;

  @Column({ name: 'stripe_invoice_id', type: 'text', nullable: true })
  stripeInvoiceId: string | null;

  /** The payment intent the money came by (refunds go against it). */
  @Column({ name: 'stripe_payment_intent_id', type: 'text', nullable: true })
  stripePaymentIntentId: string | null;

  /** A refund row (status refunded): Stripe's refund id. */
  @Column({ name: 'stripe_refund_id', type: 'text', nullable: true })
  stripeRefundId: string | null;

  @Column({ name: 'recorded_by', type: 'integer', nullable: true })
  recordedBy: number | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;
}

/** A Checkout Session started by a family, so webhook events map back to the family and payment. */
@Entity('checkout_sessions')
export class CheckoutSessionRow {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'family_id', type: 'integer' })
  familyId: number;

  @Column({ name: 'payment_id', type: 'integer' })
  paymentId: number;

  @Column({ type: 'text' })
  plan: 'annual' | 'monthly' | 'late_fee';

  @Column({ name: 'price_id', type: 'text' })
  priceId: string;

  @Column({ type: 'text', default: 'open' })
  status: 'open' | 'complete' | 'expired';

  @Column({ name: 'stripe_subscription_id', type: 'text', nullable: true })
  stripeSubscriptionId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A processed Stripe event: the primary key makes each event id count once. */
@Entity('stripe_events')
export class StripeEventRow {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  type: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
