import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rostering from OneRoster: a person the district's file marks `tobedeleted` (or `enabledUser=false`)
 * is deactivated, not deleted (users.deactivated_at: cannot sign in, hidden from lists, data kept);
 * the upload is read once into staging rows (roster_import_rows, and a 1.2 bundle's roles.csv into
 * roster_import_roles) that the import job takes batch by batch, so no file is kept in memory or in
 * the database; the import counts who was deactivated and reactivated, and says which format it read.
 */
export class RosterSync1732300001800 implements MigrationInterface {
  name = 'RosterSync1732300001800';

  async up(q: QueryRunner): Promise<void> {
    // IF NOT EXISTS: the sign-in work may add the same column under the same name.
    await q.query(`ALTER TABLE users ADD COLUMN IF NOT EXISTS deactivated_at timestamptz`);
    await q.query(`
      ALTER TABLE roster_imports
        ADD COLUMN format text NOT NULL DEFAULT 'csv',
        ADD COLUMN deactivated integer NOT NULL DEFAULT 0,
        ADD COLUMN reactivated integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE roster_import_rows (
        import_id uuid NOT NULL REFERENCES roster_imports(id) ON DELETE CASCADE,
        idx integer NOT NULL,
        phase smallint NOT NULL,
        sourced_id text,
        email text,
        data jsonb NOT NULL,
        PRIMARY KEY (import_id, idx)
      )`);
    // One row per sourcedId and per email in a file: a repeat is reported with the first one's line.
    await q.query(`CREATE UNIQUE INDEX roster_import_rows_sourced_idx ON roster_import_rows (import_id, sourced_id) WHERE sourced_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX roster_import_rows_email_idx ON roster_import_rows (import_id, email) WHERE email IS NOT NULL`);
    await q.query(`CREATE INDEX roster_import_rows_order_idx ON roster_import_rows (import_id, phase, idx)`);
    await q.query(`
      CREATE TABLE roster_import_roles (
        import_id uuid NOT NULL REFERENCES roster_imports(id) ON DELETE CASCADE,
        line integer NOT NULL,
        user_sourced_id text NOT NULL,
        role text NOT NULL,
        role_type text NOT NULL,
        org_sourced_id text NOT NULL,
        PRIMARY KEY (import_id, line)
      )`);
    await q.query(`CREATE INDEX roster_import_roles_user_idx ON roster_import_roles (import_id, user_sourced_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS roster_import_roles`);
    await q.query(`DROP TABLE IF EXISTS roster_import_rows`);
    await q.query(`ALTER TABLE roster_imports DROP COLUMN IF EXISTS format, DROP COLUMN IF EXISTS deactivated, DROP COLUMN IF EXISTS reactivated`);
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS deactivated_at`);
  }
}
