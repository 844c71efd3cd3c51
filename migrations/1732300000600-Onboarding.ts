import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The community-college application hand-off (spec 3 §2): the student's signed consent (the
 * eight consent booleans, the typed signature, when and from where; one row per student, signing
 * again replaces it) and when the student confirmed the Open CCC account. The status the students
 * list shows stays in users.ccc_apply_status (migration 1732300000300).
 */
export class Onboarding1732300000600 implements MigrationInterface {
  name = 'Onboarding1732300000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cccapply_consents (
        id serial PRIMARY KEY,
        student_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        consent_data_release boolean NOT NULL DEFAULT false,
        consent_ccc_apply boolean NOT NULL DEFAULT false,
        consent_verification boolean NOT NULL DEFAULT false,
        consent_privacy_policy boolean NOT NULL DEFAULT false,
        consent_submit_application boolean NOT NULL DEFAULT false,
        consent_financial_aid boolean NOT NULL DEFAULT false,
        consent_terms_of_use boolean NOT NULL DEFAULT false,
        consent_pathway_planner boolean NOT NULL DEFAULT false,
        electronic_signature text NOT NULL CHECK (length(btrim(electronic_signature)) > 0),
        signed_at timestamptz NOT NULL DEFAULT now(),
        ip text NOT NULL DEFAULT '',
        account_created_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS cccapply_consents`);
  }
}
