import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on with the district's OpenID Connect provider, and deactivated accounts.
 * - users.deactivated_at: set when a school deactivates an account; neither a password nor the
 *   provider signs it in while set (null: active).
 * - oidc_login_states: one row per sign-in started in a browser (state, nonce, PKCE verifier),
 *   keyed by the hash of an HttpOnly cookie of that browser; taken (deleted) by the callback.
 * - oidc_sign_in_codes: the one-time code the callback hands the Sign In page, exchanged once,
 *   from the same browser, within a minute, for a session token. Only hashes are stored.
 */
export class SingleSignOn1732300001700 implements MigrationInterface {
  name = 'SingleSignOn1732300001700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN deactivated_at timestamptz`);
    await q.query(`
      CREATE TABLE oidc_login_states (
        browser_hash text PRIMARY KEY,
        state text NOT NULL,
        nonce text NOT NULL,
        code_verifier text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX oidc_login_states_expires ON oidc_login_states (expires_at)`);
    await q.query(`
      CREATE TABLE oidc_sign_in_codes (
        code_hash text PRIMARY KEY,
        browser_hash text NOT NULL,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX oidc_sign_in_codes_expires ON oidc_sign_in_codes (expires_at)`);
    await q.query(`CREATE INDEX oidc_sign_in_codes_user ON oidc_sign_in_codes (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oidc_sign_in_codes`);
    await q.query(`DROP TABLE oidc_login_states`);
    await q.query(`ALTER TABLE users DROP COLUMN deactivated_at`);
  }
}
