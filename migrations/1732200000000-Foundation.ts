import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, schools, sessions, sign-up codes, password resets, parents' links, blogs, outbox, rate limits. */
export class Foundation1732200000000 implements MigrationInterface {
  name = 'Foundation1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE schools (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        name text NOT NULL,
        school_type text NOT NULL CHECK (school_type IN ('HS', 'CLG')),
        location text NOT NULL DEFAULT '',
        primary_color text NOT NULL DEFAULT '#1f4e79',
        dual_school_enabled boolean NOT NULL DEFAULT false,
        four_year_plan_enabled boolean NOT NULL DEFAULT true,
        baseline_plans_enabled boolean NOT NULL DEFAULT false,
        hs_full_access_enabled boolean NOT NULL DEFAULT false,
        ccc_apply_enabled boolean NOT NULL DEFAULT false,
        parent_form_enabled boolean NOT NULL DEFAULT false,
        ccc_demo_enabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL DEFAULT '',
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        user_type smallint NOT NULL CHECK (user_type IN (1, 2, 3, 4)),
        school_id integer REFERENCES schools(id) ON DELETE SET NULL,
        parent_code text UNIQUE,
        academic_year_labels jsonb NOT NULL DEFAULT '[]'::jsonb,
        grade text,
        dob text,
        application_status text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_school_type_idx ON users (school_id, user_type)`);
    await q.query(`
      CREATE TABLE school_memberships (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, school_id)
      )`);
    await q.query(`CREATE INDEX school_memberships_school_idx ON school_memberships (school_id)`);
    await q.query(`
      CREATE TABLE parent_student_links (
        id serial PRIMARY KEY,
        parent_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (parent_id, student_id)
      )`);
    await q.query(`CREATE INDEX parent_student_links_student_idx ON parent_student_links (student_id)`);
    await q.query(`
      CREATE TABLE signup_codes (
        code text PRIMARY KEY,
        user_type smallint NOT NULL CHECK (user_type IN (1, 2, 3)),
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE auth_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        acting_user_id integer REFERENCES users(id) ON DELETE CASCADE,
        read_only boolean NOT NULL DEFAULT false,
        last_four text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id)`);
    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE rate_limit_buckets (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL
      )`);
    await q.query(`
      CREATE TABLE outbox_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        recipient text NOT NULL,
        subject text NOT NULL DEFAULT '',
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (recipient, created_at)`);
    await q.query(`
      CREATE TABLE blogs (
        id serial PRIMARY KEY,
        title text NOT NULL,
        subtitle text NOT NULL DEFAULT '',
        image text NOT NULL DEFAULT '',
        date date NOT NULL,
        author text NOT NULL DEFAULT '',
        body text NOT NULL DEFAULT ''
      )`);
    await q.query(`
      CREATE TABLE consent_forms (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        state text NOT NULL DEFAULT 'admin_signed'
          CHECK (state IN ('admin_signed', 'student_signed', 'parent_signed', 'both_signed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'consent_forms', 'blogs', 'outbox_messages', 'rate_limit_buckets', 'password_resets', 'auth_tokens',
      'signup_codes', 'parent_student_links', 'school_memberships', 'users', 'schools',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
