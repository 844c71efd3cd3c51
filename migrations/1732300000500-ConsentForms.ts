import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Parent consent forms (spec 3 §3-§4, spec 2 export): the signed PDF and the parent's link code on
 * each form, the templates (one default, one per school that uploads its own) and the access log of
 * student records (exports and viewer opens).
 */
export class ConsentForms1732300000500 implements MigrationInterface {
  name = 'ConsentForms1732300000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE consent_forms
        ADD COLUMN signed_pdf bytea,
        ADD COLUMN page_count integer,
        ADD COLUMN field_config jsonb,
        ADD COLUMN parent_code_hash text UNIQUE,
        ADD COLUMN student_signed_at timestamptz,
        ADD COLUMN parent_signed_at timestamptz`);
    await q.query(`CREATE INDEX consent_forms_school_state ON consent_forms (school_id, state, student_id)`);
    await q.query(`
      CREATE TABLE consent_templates (
        id serial PRIMARY KEY,
        school_id integer UNIQUE REFERENCES schools(id) ON DELETE CASCADE,
        is_default boolean NOT NULL DEFAULT false,
        pdf bytea NOT NULL,
        page_count integer NOT NULL CHECK (page_count > 0),
        field_config jsonb NOT NULL,
        updated_by integer REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (is_default = (school_id IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX consent_templates_one_default ON consent_templates (is_default) WHERE is_default`);
    await q.query(`
      CREATE TABLE student_record_access (
        id bigserial PRIMARY KEY,
        actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        action text NOT NULL,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX student_record_access_student ON student_record_access (student_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS student_record_access`);
    await q.query(`DROP TABLE IF EXISTS consent_templates`);
    await q.query(`DROP INDEX IF EXISTS consent_forms_school_state`);
    await q.query(`
      ALTER TABLE consent_forms
        DROP COLUMN signed_pdf, DROP COLUMN page_count, DROP COLUMN field_config,
        DROP COLUMN parent_code_hash, DROP COLUMN student_signed_at, DROP COLUMN parent_signed_at`);
  }
}
