import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dual School admissions: one application per parent account (its status stays on
 * users.application_status, which the session reads) and the transcript files uploaded with it,
 * stored in the database as bytea so a backup is one pg_dump.
 */
export class Admissions1732300000400 implements MigrationInterface {
  name = 'Admissions1732300000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE applications (
        id serial PRIMARY KEY,
        parent_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        form_data jsonb NOT NULL DEFAULT '[]'::jsonb,
        submitted_at timestamptz,
        decided_at timestamptz,
        decided_by integer REFERENCES users(id) ON DELETE SET NULL,
        decision_reason text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX applications_school_idx ON applications (school_id, submitted_at DESC)`);
    await q.query(`
      CREATE TABLE transcript_files (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        file_name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL CHECK (size >= 0),
        data bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX transcript_files_application_idx ON transcript_files (application_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transcript_files`);
    await q.query(`DROP TABLE applications`);
  }
}
