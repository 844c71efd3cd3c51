/** A statement's and a ledger's shapes, and the ledger as CSV: read by the service, the adapters and the PDF. */
import { spreadsheetCell } from '../courses/csv.js';

export const STATEMENT_LINE_KINDS = ['due', 'late_fee', 'upfront_discount', 'payment', 'failed', 'waiver', 'withdrawal_credit', 'refund'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export interface StatementLine {
  /** YYYY-MM-DD */
  date: string;
  kind: StatementLineKind;
  /** In the reader's language. */
  description: string;
  /** Its effect on the balance in cents: positive owed, negative paid or credited; 0 for a failed charge. */
  amountCents: number;
  /** What the family owes after this line, in cents. */
  balanceCents: number;
  /** Stripe's reference (payment intent, invoice, checkout session or refund id), a check's number, or none. */
  reference: string | null;
  /** The amount due the line belongs to. */
  paymentId: number | null;
}

export interface StatementView {
  familyId: number;
  familyName: string;
  schoolName: string;
  schoolYear: string | null;
  /** The school years the family has money in, oldest first (the screen offers them). */
  schoolYears: string[];
  lines: StatementLine[];
  totals: { dueCents: number; paidCents: number; creditedCents: number; refundedCents: number; balanceCents: number };
  locale: string;
}

/** One row of the ledger: a money movement of the school year. */
export interface LedgerRow {
  date: string;
  familyId: number;
  familyName: string;
  kind: StatementLineKind;
  /** In the reader's language, as the statement words it. */
  description: string;
  /** Positive cents; the kind says which way. */
  amountCents: number;
  method: string;
  paymentIntent: string | null;
  invoice: string | null;
  checkoutSession: string | null;
  refund: string | null;
  paymentId: number | null;
}

export const LEDGER_HEADER = [
  'date',
  'family_id',
  'family',
  'type',
  'description',
  'amount',
  'method',
  'stripe_payment_intent',
  'stripe_invoice',
  'stripe_checkout_session',
  'stripe_refund',
  'payment_id',
];

/**
 * The ledger as CSV: amounts in dollars with two decimals, always positive (the type says which
 * way money moved); cells a spreadsheet would read as a formula neutralised (caseload's rule).
 */
export function ledgerCsv(rows: LedgerRow[]): string {
  const lines = [LEDGER_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.date,
        String(r.familyId),
        r.familyName,
        r.kind,
        r.description,
        (r.amountCents / 100).toFixed(2),
        r.method,
        r.paymentIntent ?? '',
        r.invoice ?? '',
        r.checkoutSession ?? '',
        r.refund ?? '',
        r.paymentId === null ? '' : String(r.paymentId),
      ]
        .map(spreadsheetCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
