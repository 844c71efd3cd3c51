import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enrollment contracts (signed placements and the generated PDF, stored in the database) and
 * tuition: what a family owes (payments), what happened (payment_records: the history), the
 * checkout sessions started, and the Stripe events already processed (each event id once).
 */
export class ContractsPayments1732300000700 implements MigrationInterface {
  name = 'ContractsPayments1732300000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE enrollment_contracts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        parent_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        student_name text NOT NULL DEFAULT '',
        placed_signatures jsonb NOT NULL DEFAULT '{}'::jsonb,
        signer_name text,
        signer_email text,
        signed_at timestamptz,
        pdf bytea,
        pdf_generated_at timestamptz,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enrollment_contracts_school ON enrollment_contracts (school_id)`);
    await q.query(`
      CREATE TABLE payments (
        id serial PRIMARY KEY,
        family_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        contract_id uuid REFERENCES enrollment_contracts(id) ON DELETE SET NULL,
        title text NOT NULL,
        due_date date NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        payment_type text NOT NULL CHECK (payment_type IN ('annual', 'monthly')),
        status text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'paid', 'cancelled')),
        installment smallint,
        stripe_subscription_id text,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payments_family ON payments (family_id, due_date)`);
    await q.query(`CREATE UNIQUE INDEX payments_one_annual ON payments (family_id) WHERE payment_type = 'annual'`);
    await q.query(`CREATE UNIQUE INDEX payments_monthly_installment ON payments (family_id, installment) WHERE payment_type = 'monthly'`);
    await q.query(`
      CREATE TABLE payment_records (
        id serial PRIMARY KEY,
        family_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        payment_id integer REFERENCES payments(id) ON DELETE SET NULL,
        title text NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        status text NOT NULL CHECK (status IN ('paid', 'failed')),
        method text NOT NULL CHECK (method IN ('card', 'check')),
        stripe_session_id text,
        stripe_invoice_id text,
        recorded_by integer REFERENCES users(id) ON DELETE SET NULL,
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_records_family ON payment_records (family_id, occurred_at)`);
    await q.query(`CREATE UNIQUE INDEX payment_records_session_paid ON payment_records (stripe_session_id) WHERE status = 'paid' AND stripe_session_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX payment_records_invoice_paid ON payment_records (stripe_invoice_id) WHERE status = 'paid' AND stripe_invoice_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE checkout_sessions (
        id text PRIMARY KEY,
        family_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        payment_id integer NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
        plan text NOT NULL CHECK (plan IN ('annual', 'monthly')),
        price_id text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
        stripe_subscription_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX checkout_sessions_family ON checkout_sessions (family_id)`);
    await q.query(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stripe_events, checkout_sessions, payment_records, payments, enrollment_contracts`);
  }
}
