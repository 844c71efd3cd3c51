/**
 * What a family and the school can read about the Dual School's money: a statement per family and
 * school year (every amount due, paid, late fee, waiver, withdrawal credit and refund, with dates,
 * Stripe references and the running balance), and for staff the year's ledger of money movements
 * as a CSV whose card payments and refunds add up to Stripe's.
 *
 * Who reads what: a parent their own family only (another family's statement is not found); staff
 * of a dual school any family of that school (another school's is not found); anyone else 403.
 *
 * The balance is what the family owes: an amount due adds to it, a payment subtracts, a waiver and
 * a withdrawal's credit subtract, a refund (money sent back) adds. So a family that paid in full
 * reads 0, and a withdrawal refunded as computed reads 0 once the refund is out.
 *
 * Decisions where the spec says nothing:
 * - A cancelled amount (the annual tuition replaced by the monthly plan, installments cancelled by a
 *   withdrawal) owed nothing and is left out; a waived late fee stays, with its waiver below it.
 * - The annual tuition paid at the upfront or check price (less than the tuition) shows the
 *   difference as its own "upfront price" line, so the balance reads 0.
 * - A failed card charge is listed (the family saw it fail) but moves no money.
 * - Lines are in date order; on one day an amount due comes before what paid it.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, because, notFound } from '../../core/errors.js';
import { authorize, permits } from '../../core/policy.js';
import { parseId } from '../../core/ids.js';
import { message, type MessageKey } from '../../messages/messages.js';
import { can } from '../payments/payments.policy.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { readerLocale } from '../accounts/reader-locale.js';
import { UserType } from '../accounts/user.entity.js';
import type { LedgerRow, StatementLine, StatementLineKind, StatementView } from './statement.js';

interface Family {
  id: number;
  name: string;
  schoolId: number;
  schoolName: string;
}

interface Movement {
  date: string;
  at: number;
  order: number;
  familyId: number;
  kind: StatementLineKind;
  effect: number;
  amount: number;
  method: string;
  paymentIntent: string | null;
  invoice: string | null;
  checkoutSession: string | null;
  refund: string | null;
  checkNumber: string | null;
  paymentId: number | null;
  describe: { key: MessageKey; values: Record<string, string | number> };
}

const YEAR_LABEL = /^\d{4}-\d{2}$/;
/** Order within a day: what is owed first, then what paid or credited it, then money sent back. */
const ORDER: Record<StatementLineKind, number> = { due: 0, late_fee: 1, upfront_discount: 2, failed: 3, payment: 4, waiver: 5, withdrawal_credit: 6, refund: 7 };

export class StatementsService {
  constructor(
    private readonly db: DataSource,
    private readonly payments: PaymentsService,
  ) {}

  /** The family a caller may read: a parent their own; staff a family of their dual school (given by id). */
  private async familyFor(ctx: RequestContext, rawFamily: unknown): Promise<Family> {
    let familyId: number;
    if (permits(ctx.caller, can, 'viewOwnPayments', null)) {
      familyId = ctx.caller!.user.id;
      // Another family's statement does not exist for a parent.
      if (rawFamily !== undefined && rawFamily !== null && rawFamily !== '' && parseId(rawFamily, 'family') !== familyId) throw notFound(because('NOT_FOUND'));
    } else {
      authorize(ctx, can, 'viewFamilies', null);
      const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx);
      familyId = parseId(rawFamily, 'family');
      const [row]: { school_id: number | null }[] = await this.db.query(`SELECT school_id FROM users WHERE id = $1 AND user_type = $2`, [familyId, UserType.Parent]);
      if (!row || row.school_id === null) throw notFound(because('NOT_FOUND'));
      authorize(ctx, can, 'viewFamilies', { dualSchoolIds, schoolId: row.school_id });
    }
    const [f]: { id: number; name: string; school_id: number; school_name: string | null }[] = await this.db.query(
      `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.school_id, s.name AS school_name
         FROM users u LEFT JOIN schools s ON s.id = u.school_id WHERE u.id = $1`,
      [familyId],
    );
    return { id: f.id, name: f.name, schoolId: f.school_id, schoolName: f.school_name ?? '' };
  }

  /** The family's statement for a school year (its latest when none is given), in the reader's language. */
  async statement(ctx: RequestContext, rawFamily: unknown, rawYear: unknown): Promise<StatementView> {
    const family = await this.familyFor(ctx, rawFamily);
    const locale = await readerLocale(ctx);
    const years: { id: number; label: string }[] = await this.db.query(
      `SELECT DISTINCT y.id, y.label, y.starts_on FROM payments p JOIN school_years y ON y.id = p.school_year_id WHERE p.family_id = $1 ORDER BY y.starts_on`,
      [family.id],
    );
    let year: { id: number; label: string } | undefined;
    if (rawYear === undefined || rawYear === null || rawYear === '') year = years.at(-1);
    else {
      const label = checkYearLabel(rawYear);
      year = years.find((y) => y.label === label);
      if (!year) {
        // A year of the school the family has no money in reads as an empty statement; a year the school never had is not found.
        const [known]: { id: number; label: string }[] = await this.db.query(`SELECT id, label FROM school_years WHERE school_id = $1 AND label = $2`, [
          family.schoolId,
          label,
        ]);
        if (!known) throw notFound(because('SCHOOL_YEAR_NOT_FOUND'));
        year = known;
      }
    }
    const movements = year ? await this.movements([family.id], year.id) : [];
    let balance = 0;
    const totals = { dueCents: 0, paidCents: 0, creditedCents: 0, refundedCents: 0, balanceCents: 0 };
    const lines = movements.map((mv): StatementLine => {
      balance += mv.effect;
      if (mv.kind === 'due' || mv.kind === 'late_fee') totals.dueCents += mv.amount;
      else if (mv.kind === 'payment') totals.paidCents += mv.amount;
      else if (mv.kind === 'refund') totals.refundedCents += mv.amount;
      else if (mv.kind !== 'failed') totals.creditedCents += mv.amount;
      return {
        date: mv.date,
        kind: mv.kind,
        description: message(locale, mv.describe.key, mv.describe.values),
        amountCents: mv.effect,
        balanceCents: balance,
        reference: mv.refund ?? mv.paymentIntent ?? mv.invoice ?? mv.checkoutSession ?? mv.checkNumber,
        paymentId: mv.paymentId,
      };
    });
    totals.balanceCents = balance;
    return {
      familyId: family.id,
      familyName: family.name,
      schoolName: family.schoolName,
      schoolYear: year?.label ?? null,
      schoolYears: years.map((y) => y.label),
      lines,
      totals,
      locale,
    };
  }

  /** Staff: every money movement of a school year of their dual school(s), oldest first, described in the reader's language. */
  async ledger(ctx: RequestContext, rawYear: unknown): Promise<{ schoolYear: string; rows: LedgerRow[] }> {
    const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx);
    const locale = await readerLocale(ctx);
    if (rawYear === undefined || rawYear === null || rawYear === '') throw badInput(because('SCHOOL_YEAR_LABEL_REQUIRED'));
    const label = checkYearLabel(rawYear);
    const years: { id: number }[] = await this.db.query(`SELECT id FROM school_years WHERE school_id = ANY($1::int[]) AND label = $2`, [dualSchoolIds, label]);
    if (!years.length) throw notFound(because('SCHOOL_YEAR_NOT_FOUND'));
    const rows: LedgerRow[] = [];
    const names = new Map<number, string>();
    for (const y of years) {
      const families: { family_id: number; name: string }[] = await this.db.query(
        `SELECT DISTINCT p.family_id, trim(u.first_name || ' ' || u.last_name) AS name FROM payments p JOIN users u ON u.id = p.family_id WHERE p.school_year_id = $1`,
        [y.id],
      );
      for (const f of families) names.set(f.family_id, f.name);
      for (const mv of await this.movements(
        families.map((f) => f.family_id),
        y.id,
      )) {
        rows.push({
          date: mv.date,
          familyId: mv.familyId,
          familyName: names.get(mv.familyId) ?? '',
          kind: mv.kind,
          description: message(locale, mv.describe.key, mv.describe.values),
          amountCents: mv.amount,
          method: mv.method,
          paymentIntent: mv.paymentIntent,
          invoice: mv.invoice,
          checkoutSession: mv.checkoutSession,
          refund: mv.refund,
          paymentId: mv.paymentId,
        });
      }
    }
    rows.sort((a, b) => a.date.localeCompare(b.date) || a.familyId - b.familyId);
    return { schoolYear: label, rows };
  }

  /** The money movements of these families in a school year, in statement order (by family, then date). */
  private async movements(familyIds: number[], schoolYearId: number): Promise<Movement[]> {
    if (!familyIds.length) return [];
    const payments: {
      id: number;
      family_id: number;
      due_date: string;
      created_at: Date;
      amount_cents: number;
      payment_type: string;
      status: string;
      installment: number | null;
      installments: number;
      months_late: number | null;
      late_fee_for_type: string | null;
      late_fee_for_installment: number | null;
      waived_at: Date | null;
      waive_reason: string | null;
      label: string;
    }[] = await this.db.query(
      `SELECT p.id, p.family_id, to_char(p.due_date, 'YYYY-MM-DD') AS due_date, p.created_at, p.amount_cents, p.payment_type, p.status,
              p.installment, p.months_late, p.waived_at, p.waive_reason, y.label,
              (SELECT count(*)::int FROM payments m WHERE m.contract_id = p.contract_id AND m.family_id = p.family_id AND m.payment_type = 'monthly') AS installments,
              f.payment_type AS late_fee_for_type, f.installment AS late_fee_for_installment
         FROM payments p
         JOIN school_years y ON y.id = p.school_year_id
         LEFT JOIN payments f ON f.id = p.late_fee_for
        WHERE p.family_id = ANY($1::int[]) AND p.school_year_id = $2 AND p.status <> 'cancelled'`,
      [familyIds, schoolYearId],
    );
    const records: {
      id: number;
      family_id: number;
      payment_id: number;
      amount_cents: number;
      status: 'paid' | 'failed' | 'refunded';
      method: string;
      stripe_session_id: string | null;
      stripe_invoice_id: string | null;
      stripe_payment_intent_id: string | null;
      stripe_refund_id: string | null;
      occurred_at: Date;
    }[] = await this.db.query(
      `SELECT r.id, r.family_id, r.payment_id, r.amount_cents, r.status, r.method, r.stripe_session_id, r.stripe_invoice_id,
              r.stripe_payment_intent_id, r.stripe_refund_id, r.occurred_at
         FROM payment_records r JOIN payments p ON p.id = r.payment_id
        WHERE r.family_id = ANY($1::int[]) AND p.school_year_id = $2`,
      [familyIds, schoolYearId],
    );
    const withdrawals: { id: number; family_id: number; withdrawn_on: string; recorded_at: Date; refund_cents: number; percent: number; rule: string; reason: string }[] =
      await this.db.query(
        `SELECT w.id, w.family_id, to_char(w.withdrawn_on, 'YYYY-MM-DD') AS withdrawn_on, w.recorded_at, w.refund_cents, w.percent, w.rule, w.reason
           FROM withdrawals w
          WHERE w.family_id = ANY($1::int[]) AND w.refund_cents > 0
            AND EXISTS (SELECT 1 FROM payments p WHERE p.contract_id = w.contract_id AND p.school_year_id = $2)`,
        [familyIds, schoolYearId],
      );

    const out: Movement[] = [];
    const base = { method: '', paymentIntent: null, invoice: null, checkoutSession: null, refund: null, checkNumber: null };
    const dueText = (p: (typeof payments)[number]): Movement['describe'] =>
      p.payment_type === 'monthly' && p.installment
        ? { key: 'statement.line.monthly', values: { year: p.label, month: p.installment, months: p.installments } }
        : { key: 'statement.line.annual', values: { year: p.label } };
    for (const p of payments) {
      const at = Date.parse(p.due_date);
      if (p.payment_type === 'late_fee') {
        const ofMonth = p.late_fee_for_type === 'monthly' && p.late_fee_for_installment !== null;
        out.push({
          ...base,
          date: p.due_date,
          at,
          order: ORDER.late_fee,
          familyId: p.family_id,
          kind: 'late_fee',
          effect: p.amount_cents,
          amount: p.amount_cents,
          paymentId: p.id,
          describe: {
            key: ofMonth ? 'statement.line.lateFeeMonthly' : 'statement.line.lateFee',
            values: { year: p.label, month: p.late_fee_for_installment ?? 0, months: p.installments, late: p.months_late ?? 1 },
          },
        });
        if (p.status === 'waived' && p.waived_at) {
          out.push({
            ...base,
            date: isoDate(p.waived_at),
            at: p.waived_at.getTime(),
            order: ORDER.waiver,
            familyId: p.family_id,
            kind: 'waiver',
            effect: -p.amount_cents,
            amount: p.amount_cents,
            paymentId: p.id,
            describe: { key: 'statement.line.waiver', values: { reason: p.waive_reason ?? '' } },
          });
        }
        continue;
      }
      out.push({
        ...base,
        date: p.due_date,
        at,
        order: ORDER.due,
        familyId: p.family_id,
        kind: 'due',
        effect: p.amount_cents,
        amount: p.amount_cents,
        paymentId: p.id,
        describe: dueText(p),
      });
    }
    const paidOf = new Map<number, number>();
    for (const r of records) {
      const stripe = { paymentIntent: r.stripe_payment_intent_id, invoice: r.stripe_invoice_id, checkoutSession: r.stripe_session_id, refund: r.stripe_refund_id };
      const common = {
        ...base,
        ...stripe,
        date: isoDate(r.occurred_at),
        at: r.occurred_at.getTime(),
        familyId: r.family_id,
        method: r.method,
        paymentId: r.payment_id,
        checkNumber: r.method === 'check' ? `#${r.id}` : null,
      };
      if (r.status === 'paid') {
        paidOf.set(r.payment_id, (paidOf.get(r.payment_id) ?? 0) + r.amount_cents);
        out.push({
          ...common,
          order: ORDER.payment,
          kind: 'payment',
          effect: -r.amount_cents,
          amount: r.amount_cents,
          describe: { key: r.method === 'check' ? 'statement.line.paymentCheck' : 'statement.line.paymentCard', values: {} },
        });
      } else if (r.status === 'failed') {
        out.push({
          ...common,
          order: ORDER.failed,
          kind: 'failed',
          effect: 0,
          amount: r.amount_cents,
          describe: { key: 'statement.line.failed', values: {} },
        });
      } else {
        out.push({
          ...common,
          order: ORDER.refund,
          kind: 'refund',
          effect: r.amount_cents,
          amount: r.amount_cents,
          describe: { key: r.method === 'check' ? 'statement.line.refundCheck' : 'statement.line.refundCard', values: {} },
        });
      }
    }
    // The annual tuition paid at the upfront (or check) price: the difference is the price's discount.
    for (const p of payments) {
      const paid = paidOf.get(p.id) ?? 0;
      if (p.payment_type === 'annual' && p.status === 'paid' && paid > 0 && paid < p.amount_cents) {
        const when = records.find((r) => r.payment_id === p.id && r.status === 'paid')!.occurred_at;
        out.push({
          ...base,
          date: isoDate(when),
          at: when.getTime(),
          order: ORDER.upfront_discount,
          familyId: p.family_id,
          kind: 'upfront_discount',
          effect: paid - p.amount_cents,
          amount: p.amount_cents - paid,
          paymentId: p.id,
          describe: { key: 'statement.line.upfrontDiscount', values: {} },
        });
      }
    }
    for (const w of withdrawals) {
      out.push({
        ...base,
        date: w.withdrawn_on,
        at: w.recorded_at.getTime(),
        order: ORDER.withdrawal_credit,
        familyId: w.family_id,
        kind: 'withdrawal_credit',
        effect: -w.refund_cents,
        amount: w.refund_cents,
        paymentId: null,
        describe: { key: 'statement.line.withdrawalCredit', values: { percent: w.percent, reason: w.reason } },
      });
    }
    return out.sort((a, b) => a.familyId - b.familyId || a.date.localeCompare(b.date) || a.order - b.order || a.at - b.at || (a.paymentId ?? 0) - (b.paymentId ?? 0));
  }
}

function checkYearLabel(raw: unknown): string {
  if (typeof raw !== 'string' || !YEAR_LABEL.test(raw)) throw badInput(because('SCHOOL_YEAR_LABEL_INVALID'));
  return raw;
}

const isoDate = (d: Date) => new Date(d).toISOString().slice(0, 10);
