import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Dual School's money, year after year:
 *
 *  - school_years: each dual school's years (label, dates, tuition due date, the monthly plan's
 *    dates, and attachment A's amounts as jsonb terms), with school_year_changes logging every
 *    change (who, when, before and after).
 *  - applications.school_year_id: the year admissions offer the family; enrollment_contracts gain
 *    the year and the terms they were signed under (a frozen copy), and become one per family and
 *    year (re-enrollment is a new contract). Existing contracts were signed under the 2025-26 terms
 *    the code held as constants: that year is created for their schools and recorded on them.
 *  - payments: the year they belong to; late fees (payment_type 'late_fee', one row per late
 *    payment and month late, so the daily job adds each once), waivable (status 'waived', who,
 *    when, why); refunds and withdrawals. schools.late_fee_grace_days is the school's grace period.
 */
const SPEC_TERMS = {
  annualTuitionCents: 1_000_000,
  upfrontDiscountPercent: 5,
  podDiscountPercent: 5,
  podMinStudents: 2,
  monthlyInstallmentCents: 100_000,
  lateFeePercentPerMonth: 5,
  fullRefundDays: 7,
  halfRefundDays: 30,
  partnerCourseCostCents: 39_900,
  monthlyDueDates: ['2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01'],
};

export class SchoolYears1732300002900 implements MigrationInterface {
  name = 'SchoolYears1732300002900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools ADD COLUMN late_fee_grace_days integer NOT NULL DEFAULT 5 CHECK (late_fee_grace_days BETWEEN 0 AND 60)`);
    await q.query(`
      CREATE TABLE school_years (
        id serial PRIMARY KEY,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        label text NOT NULL,
        starts_on date NOT NULL,
        ends_on date NOT NULL,
        tuition_due_on date NOT NULL,
        terms jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (starts_on < ends_on),
        UNIQUE (school_id, label)
      )`);
    await q.query(`CREATE INDEX school_years_school ON school_years (school_id, starts_on)`);
    await q.query(`
      CREATE TABLE school_year_changes (
        id serial PRIMARY KEY,
        school_year_id integer NOT NULL REFERENCES school_years(id) ON DELETE CASCADE,
        changed_by integer REFERENCES users(id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        before jsonb,
        after jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX school_year_changes_year ON school_year_changes (school_year_id, changed_at)`);

    await q.query(`ALTER TABLE applications ADD COLUMN school_year_id integer REFERENCES school_years(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE enrollment_contracts ADD COLUMN school_year_id integer REFERENCES school_years(id) ON DELETE RESTRICT, ADD COLUMN terms jsonb`);
    await q.query(`ALTER TABLE enrollment_contracts ADD COLUMN ended_at timestamptz`);
    await q.query(`ALTER TABLE payments ADD COLUMN school_year_id integer REFERENCES school_years(id) ON DELETE RESTRICT`);

    // The year the old constants named, for every school that has contracts or payments.
    await q.query(
      `INSERT INTO school_years (school_id, label, starts_on, ends_on, tuition_due_on, terms)
       SELECT DISTINCT s.id, '2025-26', DATE '2025-08-15', DATE '2026-06-15', DATE '2025-08-01', $1::jsonb
         FROM schools s
        WHERE EXISTS (SELECT 1 FROM enrollment_contracts c WHERE c.school_id = s.id) OR EXISTS (SELECT 1 FROM payments p WHERE p.school_id = s.id)`,
      [JSON.stringify(SPEC_TERMS)],
    );
    await q.query(
      `UPDATE enrollment_contracts c
          SET school_year_id = y.id,
              terms = CASE WHEN c.completed_at IS NULL THEN NULL
                           ELSE y.terms || jsonb_build_object('label', y.label, 'startsOn', y.starts_on, 'endsOn', y.ends_on, 'tuitionDueOn', y.tuition_due_on) END
         FROM school_years y WHERE y.school_id = c.school_id AND y.label = '2025-26'`,
    );
    await q.query(`UPDATE payments p SET school_year_id = y.id FROM school_years y WHERE y.school_id = p.school_id AND y.label = '2025-26'`);

    await q.query(`ALTER TABLE enrollment_contracts DROP CONSTRAINT enrollment_contracts_parent_id_key`);
    await q.query(`CREATE UNIQUE INDEX enrollment_contracts_family_year ON enrollment_contracts (parent_id, school_year_id)`);
    // One contract in the making per family (school_year_id may still be unset).
    await q.query(`CREATE UNIQUE INDEX enrollment_contracts_one_open ON enrollment_contracts (parent_id) WHERE completed_at IS NULL`);

    await q.query(`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_payment_type_check`);
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_payment_type_check CHECK (payment_type IN ('annual', 'monthly', 'late_fee'))`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_status_check`);
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('due', 'paid', 'cancelled', 'waived'))`);
    await q.query(`
      ALTER TABLE payments
        ADD COLUMN late_fee_for integer REFERENCES payments(id) ON DELETE CASCADE,
        ADD COLUMN months_late smallint,
        ADD COLUMN waived_at timestamptz,
        ADD COLUMN waived_by integer REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN waive_reason text,
        ADD CONSTRAINT payments_late_fee_shape CHECK ((payment_type = 'late_fee') = (late_fee_for IS NOT NULL AND months_late IS NOT NULL))`);
    await q.query(`DROP INDEX payments_one_annual`);
    await q.query(`DROP INDEX payments_monthly_installment`);
    await q.query(`CREATE UNIQUE INDEX payments_one_annual ON payments (family_id, contract_id) WHERE payment_type = 'annual'`);
    await q.query(`CREATE UNIQUE INDEX payments_monthly_installment ON payments (family_id, contract_id, installment) WHERE payment_type = 'monthly'`);
    await q.query(`CREATE UNIQUE INDEX payments_late_fee_month ON payments (late_fee_for, months_late) WHERE payment_type = 'late_fee'`);
    // The daily job looks for unpaid installments past their date.
    await q.query(`CREATE INDEX payments_due_unpaid ON payments (due_date) WHERE status = 'due' AND payment_type <> 'late_fee'`);
    // Where a late fee clock was started by Stripe (invoice.payment_failed).
    await q.query(`ALTER TABLE payments ADD COLUMN failed_at timestamptz, ADD COLUMN failed_invoice_id text`);
    await q.query(`ALTER TABLE checkout_sessions DROP CONSTRAINT IF EXISTS checkout_sessions_plan_check`);
    await q.query(`ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_plan_check CHECK (plan IN ('annual', 'monthly', 'late_fee'))`);

    await q.query(`ALTER TABLE payment_records DROP CONSTRAINT IF EXISTS payment_records_status_check`);
    await q.query(`ALTER TABLE payment_records ADD CONSTRAINT payment_records_status_check CHECK (status IN ('paid', 'failed', 'refunded'))`);
    await q.query(`ALTER TABLE payment_records ADD COLUMN stripe_payment_intent_id text, ADD COLUMN stripe_refund_id text`);
    await q.query(`CREATE UNIQUE INDEX payment_records_refund ON payment_records (stripe_refund_id) WHERE stripe_refund_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE withdrawals (
        id serial PRIMARY KEY,
        contract_id uuid NOT NULL UNIQUE REFERENCES enrollment_contracts(id) ON DELETE CASCADE,
        family_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        withdrawn_on date NOT NULL,
        reason text NOT NULL,
        rule text NOT NULL CHECK (rule IN ('full', 'half', 'none', 'guarantee')),
        enrolled_on date NOT NULL,
        paid_cents integer NOT NULL CHECK (paid_cents >= 0),
        partner_payments_cents integer NOT NULL CHECK (partner_payments_cents >= 0),
        percent smallint NOT NULL,
        refund_cents integer NOT NULL CHECK (refund_cents >= 0),
        recorded_by integer REFERENCES users(id) ON DELETE SET NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX withdrawals_school ON withdrawals (school_id, recorded_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE withdrawals`);
    await q.query(`DROP INDEX payment_records_refund`);
    await q.query(`ALTER TABLE payment_records DROP COLUMN stripe_payment_intent_id, DROP COLUMN stripe_refund_id`);
    await q.query(`DELETE FROM payment_records WHERE status = 'refunded'`);
    await q.query(`ALTER TABLE payment_records DROP CONSTRAINT payment_records_status_check`);
    await q.query(`ALTER TABLE payment_records ADD CONSTRAINT payment_records_status_check CHECK (status IN ('paid', 'failed'))`);
    await q.query(`DELETE FROM payments WHERE payment_type = 'late_fee'`);
    await q.query(`DROP INDEX payments_due_unpaid`);
    await q.query(`DROP INDEX payments_late_fee_month`);
    await q.query(`DROP INDEX payments_one_annual`);
    await q.query(`DROP INDEX payments_monthly_installment`);
    await q.query(`CREATE UNIQUE INDEX payments_one_annual ON payments (family_id) WHERE payment_type = 'annual'`);
    await q.query(`CREATE UNIQUE INDEX payments_monthly_installment ON payments (family_id, installment) WHERE payment_type = 'monthly'`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_late_fee_shape`);
    await q.query(`ALTER TABLE payments DROP COLUMN late_fee_for, DROP COLUMN months_late, DROP COLUMN waived_at, DROP COLUMN waived_by, DROP COLUMN waive_reason, DROP COLUMN failed_at, DROP COLUMN failed_invoice_id`);
    await q.query(`DELETE FROM checkout_sessions WHERE plan = 'late_fee'`);
    await q.query(`ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_plan_check`);
    await q.query(`ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_plan_check CHECK (plan IN ('annual', 'monthly'))`);
    await q.query(`UPDATE payments SET status = 'cancelled' WHERE status = 'waived'`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_status_check`);
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('due', 'paid', 'cancelled'))`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_payment_type_check`);
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_payment_type_check CHECK (payment_type IN ('annual', 'monthly'))`);
    await q.query(`DROP INDEX enrollment_contracts_one_open`);
    await q.query(`DROP INDEX enrollment_contracts_family_year`);
    await q.query(`ALTER TABLE enrollment_contracts ADD CONSTRAINT enrollment_contracts_parent_id_key UNIQUE (parent_id)`);
    await q.query(`ALTER TABLE payments DROP COLUMN school_year_id`);
    await q.query(`ALTER TABLE enrollment_contracts DROP COLUMN school_year_id, DROP COLUMN terms, DROP COLUMN ended_at`);
    await q.query(`ALTER TABLE applications DROP COLUMN school_year_id`);
    await q.query(`DROP TABLE school_year_changes, school_years`);
    await q.query(`ALTER TABLE schools DROP COLUMN late_fee_grace_days`);
  }
}
