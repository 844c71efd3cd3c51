import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hostile traffic on accounts: failed sign-ins counted per (email, client address) for the
 * progressive delay (core/rate-limit.ts), and the indexes that let a password change end a
 * person's reset links and a sign-out end the view-as tokens acting for that person.
 */
export class SignInThrottle1732300001500 implements MigrationInterface {
  name = 'SignInThrottle1732300001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_in_throttles (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        last_failure_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX auth_tokens_acting_user_idx ON auth_tokens (acting_user_id) WHERE acting_user_id IS NOT NULL`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id) WHERE used_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS password_resets_user_idx`);
    await q.query(`DROP INDEX IF EXISTS auth_tokens_acting_user_idx`);
    await q.query(`DROP TABLE IF EXISTS sign_in_throttles`);
  }
}
