import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school's course history (server/src/modules/transcripts/):
 *  - transcript_imports and transcript_import_rows: an import's progress and its staged rows, as
 *    roster_imports/roster_import_rows hold a roster's.
 *  - transcript_records: one row per student, course, school year and term (the term compared case
 *    aside), keyed so a re-import updates in place. `source_*` keep what the school's file said;
 *    grade, units_earned and status are what counts (a staff correction changes these only, and
 *    holds until the file says something else).
 *  - scheduled_courses.transcript_record_id: the plan entry the record placed; its grade and
 *    completion are the record's (locked for the student and parents).
 */
export class Transcripts1732300002850 implements MigrationInterface {
  name = 'Transcripts1732300002850';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transcript_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        requested_by integer REFERENCES users(id) ON DELETE SET NULL,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
        format text NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'ed-fi')),
        total_rows integer NOT NULL DEFAULT 0,
        done_rows integer NOT NULL DEFAULT 0,
        created integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        unchanged integer NOT NULL DEFAULT 0,
        placed integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX transcript_imports_school_idx ON transcript_imports (school_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE transcript_import_rows (
        import_id uuid NOT NULL REFERENCES transcript_imports(id) ON DELETE CASCADE,
        idx integer NOT NULL,
        record_key text NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (import_id, idx)
      )`);
    // A row repeating an earlier one (same student, course, year and term) is refused at staging.
    await q.query(`CREATE UNIQUE INDEX transcript_import_rows_key_idx ON transcript_import_rows (import_id, record_key)`);
    await q.query(`
      CREATE TABLE transcript_records (
        id serial PRIMARY KEY,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        school_year text NOT NULL CHECK (school_year ~ '^[0-9]{4}-[0-9]{4}$'),
        term text NOT NULL CHECK (length(btrim(term)) > 0),
        grade_level integer,
        grade text NOT NULL DEFAULT '',
        units_earned numeric(6,2),
        status text NOT NULL CHECK (status IN ('completed', 'in_progress', 'withdrawn')),
        source_grade text NOT NULL DEFAULT '',
        source_units numeric(6,2),
        source_status text NOT NULL CHECK (source_status IN ('completed', 'in_progress', 'withdrawn')),
        import_id uuid REFERENCES transcript_imports(id) ON DELETE SET NULL,
        corrected_by integer REFERENCES users(id) ON DELETE SET NULL,
        corrected_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX transcript_records_key_idx ON transcript_records (student_id, course_id, school_year, lower(term))`);
    await q.query(`CREATE INDEX transcript_records_school_idx ON transcript_records (school_id, student_id)`);
    await q.query(`ALTER TABLE scheduled_courses ADD COLUMN transcript_record_id integer REFERENCES transcript_records(id) ON DELETE SET NULL`);
    await q.query(`CREATE UNIQUE INDEX scheduled_courses_record_idx ON scheduled_courses (transcript_record_id) WHERE transcript_record_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scheduled_courses DROP COLUMN IF EXISTS transcript_record_id`);
    await q.query(`DROP TABLE IF EXISTS transcript_records`);
    await q.query(`DROP TABLE IF EXISTS transcript_import_rows`);
    await q.query(`DROP TABLE IF EXISTS transcript_imports`);
  }
}
