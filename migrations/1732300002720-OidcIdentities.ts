import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * oidc_identities: the district provider's person (issuer, subject) an account was bound to at its
 * first single sign-on. Later sign-ins match on it before the email, so an address the district
 * gives to someone new (another subject) does not open the old account, and a changed address
 * still opens the bound one. One subject per issuer and account; one account per subject.
 */
export class OidcIdentities1732300002720 implements MigrationInterface {
  name = 'OidcIdentities1732300002720';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oidc_identities (
        issuer text NOT NULL,
        subject text NOT NULL,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (issuer, subject),
        CONSTRAINT oidc_identities_user_issuer UNIQUE (user_id, issuer)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oidc_identities`);
  }
}
