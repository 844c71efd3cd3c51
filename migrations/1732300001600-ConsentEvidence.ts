import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A signed consent form is evidence: who signed it, when, from where, and where the parent's
 * request went. consent_signatures holds one row per signature (the audit trail printed on the
 * signed PDF's last page); consent_forms records the phone the link was texted to, when that
 * phone was entered, and the linked parent accounts emailed; users records when the guardian
 * phone last changed (a trigger, so every path that writes the phone is covered).
 */
export class ConsentEvidence1732300001600 implements MigrationInterface {
  name = 'ConsentEvidence1732300001600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN guardian_phone_set_at timestamptz`);
    await q.query(`
      CREATE FUNCTION users_guardian_phone_set_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.guardian_phone IS NOT NULL THEN NEW.guardian_phone_set_at := now(); END IF;
        ELSIF NEW.guardian_phone IS DISTINCT FROM OLD.guardian_phone THEN
          NEW.guardian_phone_set_at := now();
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER users_guardian_phone_set_at BEFORE INSERT OR UPDATE OF guardian_phone ON users FOR EACH ROW EXECUTE FUNCTION users_guardian_phone_set_at()`);
    // The viewer looks for the same phone on another family's student: digits only, indexed.
    await q.query(`CREATE INDEX users_guardian_phone_digits ON users ((regexp_replace(guardian_phone, '[^0-9]', '', 'g'))) WHERE guardian_phone IS NOT NULL`);
    await q.query(`
      ALTER TABLE consent_forms
        ADD COLUMN parent_phone text,
        ADD COLUMN parent_phone_set_at timestamptz,
        ADD COLUMN parent_request_sent_at timestamptz,
        ADD COLUMN notified_parent_ids integer[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      CREATE TABLE consent_signatures (
        id bigserial PRIMARY KEY,
        form_id uuid NOT NULL REFERENCES consent_forms(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('student', 'parent')),
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        typed_name text NOT NULL,
        printed_name text,
        drawn_strokes integer NOT NULL DEFAULT 0,
        signed_at timestamptz NOT NULL DEFAULT now(),
        client_ip text NOT NULL,
        user_agent text NOT NULL DEFAULT '',
        UNIQUE (form_id, role)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS consent_signatures`);
    await q.query(`
      ALTER TABLE consent_forms
        DROP COLUMN parent_phone, DROP COLUMN parent_phone_set_at, DROP COLUMN parent_request_sent_at, DROP COLUMN notified_parent_ids`);
    await q.query(`DROP INDEX IF EXISTS users_guardian_phone_digits`);
    await q.query(`DROP TRIGGER IF EXISTS users_guardian_phone_set_at ON users`);
    await q.query(`DROP FUNCTION IF EXISTS users_guardian_phone_set_at()`);
    await q.query(`ALTER TABLE users DROP COLUMN guardian_phone_set_at`);
  }
}
