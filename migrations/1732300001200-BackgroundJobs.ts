import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Background work on the job queue (issue 12): queued exports, whose files are stored in the
 * database in chunks (every replica can serve them, and neither building nor downloading holds a
 * whole file in memory), and roster imports, whose uploaded CSV is processed by a job in batches.
 */
export class BackgroundJobs1732300001200 implements MigrationInterface {
  name = 'BackgroundJobs1732300001200';

  async up(q: QueryRunner): Promise<void> {
    // run_id names the worker run that owns the file's chunks: a run taken over (crash, restart) starts a new one.
    await q.query(`
      CREATE TABLE exports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        grade text NOT NULL,
        requested_by integer REFERENCES users(id) ON DELETE SET NULL,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
        done_count integer NOT NULL DEFAULT 0,
        total_count integer NOT NULL DEFAULT 0,
        error text,
        file_name text NOT NULL,
        byte_size bigint,
        run_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX exports_expires_idx ON exports (expires_at)`);
    await q.query(`
      CREATE TABLE export_chunks (
        export_id uuid NOT NULL REFERENCES exports(id) ON DELETE CASCADE,
        run_id text NOT NULL,
        seq integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (export_id, run_id, seq)
      )`);
    // next_row: how many of the file's valid rows are saved; each batch and this counter commit together.
    await q.query(`
      CREATE TABLE roster_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        requested_by integer REFERENCES users(id) ON DELETE SET NULL,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
        csv text,
        total_rows integer NOT NULL,
        done_rows integer NOT NULL DEFAULT 0,
        next_row integer NOT NULL DEFAULT 0,
        created integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        emailed integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX roster_imports_school_idx ON roster_imports (school_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS roster_imports`);
    await q.query(`DROP TABLE IF EXISTS export_chunks`);
    await q.query(`DROP TABLE IF EXISTS exports`);
  }
}
