import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * For the people who run it: personal API tokens (a name and a kind on auth_tokens), roster
 * import (a student's OneRoster sourcedId), outbox retries with backoff, the job queue, and the
 * test checkout's sessions in the database (so app replicas agree on them).
 */
export class Operations1732300000900 implements MigrationInterface {
  name = 'Operations1732300000900';

  async up(q: QueryRunner): Promise<void> {
    // kind: 'session' (sign-in, view-as) or 'api' (a personal API token a staff member named).
    await q.query(`ALTER TABLE auth_tokens ADD COLUMN name text, ADD COLUMN kind text NOT NULL DEFAULT 'session'`);
    await q.query(`CREATE INDEX auth_tokens_api_idx ON auth_tokens (user_id, created_at) WHERE kind = 'api'`);

    await q.query(`ALTER TABLE users ADD COLUMN sourced_id text`);
    await q.query(`CREATE UNIQUE INDEX users_school_sourced_id_idx ON users (school_id, sourced_id) WHERE sourced_id IS NOT NULL`);

    await q.query(`ALTER TABLE outbox_messages ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`CREATE INDEX outbox_messages_created_idx ON outbox_messages (created_at DESC)`);

    // A PostgreSQL-backed job queue: workers claim rows with FOR UPDATE SKIP LOCKED (no LISTEN/NOTIFY: PGlite lacks it).
    await q.query(`
      CREATE TABLE jobs (
        id bigserial PRIMARY KEY,
        queue text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        max_attempts integer NOT NULL DEFAULT 5,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_at timestamptz,
        locked_by text,
        last_error text,
        singleton_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'pending'`);
    // The built-in test checkout (no Stripe keys): its sessions, shared by every replica of the app.
    await q.query(`CREATE TABLE test_checkout_sessions (id text PRIMARY KEY, data jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX jobs_singleton_idx ON jobs (queue, singleton_key) WHERE singleton_key IS NOT NULL AND status IN ('pending', 'running')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS test_checkout_sessions`);
    await q.query(`DROP TABLE IF EXISTS jobs`);
    await q.query(`DROP INDEX IF EXISTS outbox_messages_created_idx`);
    await q.query(`ALTER TABLE outbox_messages DROP COLUMN IF EXISTS next_attempt_at`);
    await q.query(`DROP INDEX IF EXISTS users_school_sourced_id_idx`);
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS sourced_id`);
    await q.query(`DROP INDEX IF EXISTS auth_tokens_api_idx`);
    await q.query(`ALTER TABLE auth_tokens DROP COLUMN IF EXISTS name, DROP COLUMN IF EXISTS kind`);
  }
}
