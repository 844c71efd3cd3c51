import type { MigrationInterface, QueryRunner } from 'typeorm';
import { stampFunction, statementTriggers } from './1732300002500-CaseloadSummaries.js';

/**
 * Caseload summaries become one row per student kept by the database itself, so the caseload reads
 * a school's students from this one table, filtering, sorting and paging there
 * (modules/caseload/caseload-page.ts), without scanning the users table on every request:
 *
 *  - A trigger on users keeps a row for every student (and for a former student, with active
 *    false): their school, whether they are an active student, and the name and grade the
 *    caseload sorts and filters on, with sort keys generated from them.
 *  - input_version replaces users.caseload_version: the same statement triggers (plan entries,
 *    followed pathways, memberships) bump it, as does any change of the copied record (school,
 *    term labels, name, grade, status) and, new here, the plan's review events and approved versions. The review status joins the stored
 *    summary, so it filters and sorts in SQL like every other column.
 *  - A school's plan_approval_enabled flag bumps its rules_version (off, every plan reads as a draft).
 *  - student_version is the input_version the stored summary was computed from; null until a
 *    summary is computed. A summary is fresh while both counters still match, as before.
 *
 * Stored summaries are dropped and computed again on the next read (they are a cache).
 */
const STUDENT_TABLES: { table: string; students: string }[] = [
  { table: 'scheduled_courses', students: 'SELECT user_id FROM r' },
  { table: 'student_pathways', students: 'SELECT student_id FROM r' },
  { table: 'school_memberships', students: 'SELECT user_id FROM r' },
];

const REVIEW_TABLES: { table: string; students: string }[] = [
  { table: 'plan_review_events', students: 'SELECT student_id FROM r' },
  { table: 'plan_approved_versions', students: 'SELECT student_id FROM r' },
  { table: 'plan_approved_entries', students: 'SELECT v.student_id FROM r JOIN plan_approved_versions v ON v.id = r.version_id' },
];

/** The grade order's key of a trimmed grade `g`. */
const gradeKey = (g: string) => `CASE WHEN ${g} = '' THEN '2' WHEN ${g} ~ '^[0-9]{1,4}$' THEN '0' || lpad(${g}, 4, '0') ELSE '1' || lower(${g}) END`;

/** The computed columns: null until the student's summary is first computed. */
const COMPUTED = [
  'student_version', 'school_ids', 'rules_version', 'computed_at', 'pathway_ids', 'pathways_marked', 'requirements_met', 'requirements_total',
  'missing', 'missing_count', 'warnings', 'warning_count', 'completed_units',
];

const BUMP_STUDENTS = 'UPDATE caseload_summaries SET input_version = input_version + 1 WHERE student_id';

export class CaseloadRows1732300002600 implements MigrationInterface {
  name = 'CaseloadRows1732300002600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM caseload_summaries`);
    for (const column of COMPUTED) await q.query(`ALTER TABLE caseload_summaries ALTER COLUMN ${column} DROP NOT NULL`);
    await q.query(`ALTER TABLE caseload_summaries ALTER COLUMN computed_at DROP DEFAULT`);
    await q.query(`
      ALTER TABLE caseload_summaries
        ADD COLUMN school_id integer,
        ADD COLUMN active boolean NOT NULL,
        ADD COLUMN first_name text NOT NULL,
        ADD COLUMN last_name text NOT NULL,
        ADD COLUMN grade text,
        ADD COLUMN plan_changed_at timestamptz,
        ADD COLUMN input_version bigint NOT NULL DEFAULT 0,
        ADD COLUMN review_status text,
        -- Sort keys: names lower-cased; grades (white space at either end aside) numeric first ('0' and
        -- four digits, so '9' before '10'), then text ('1' and the text lower-cased), then none ('2').
        ADD COLUMN last_name_key text COLLATE "C" GENERATED ALWAYS AS (lower(last_name)) STORED,
        ADD COLUMN first_name_key text COLLATE "C" GENERATED ALWAYS AS (lower(first_name)) STORED,
        ADD COLUMN grade_key text COLLATE "C" GENERATED ALWAYS AS (${gradeKey(`btrim(coalesce(grade, ''), E' \\t\\r\\n')`)}) STORED`);
    await q.query(`CREATE INDEX caseload_summaries_school ON caseload_summaries (school_id) WHERE active`);
    // The students whose own inputs changed since their summary: found without reading the others.
    await q.query(`CREATE INDEX caseload_summaries_changed ON caseload_summaries (school_id) WHERE active AND student_version IS DISTINCT FROM input_version`);

    // The users trigger: a row per student, its copies kept current, input_version bumped on every
    // change (a school or term labels change what the engine and the plan view read; any other
    // change costs one student's summary, and it means a summary row locked by a writer is always
    // about to be stale, which lets a caseload read skip locked rows: caseload-summaries.ts).
    await q.query(`DROP TRIGGER IF EXISTS users_caseload_stamp ON users`);
    await q.query(`DROP FUNCTION IF EXISTS users_caseload_stamp()`);
    await q.query(`
      CREATE FUNCTION users_caseload_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_type <> 1 AND NOT EXISTS (SELECT 1 FROM caseload_summaries WHERE student_id = NEW.id) THEN RETURN NULL; END IF;
        INSERT INTO caseload_summaries (student_id, school_id, active, first_name, last_name, grade, plan_changed_at)
        VALUES (NEW.id, NEW.school_id, NEW.user_type = 1 AND NEW.deactivated_at IS NULL, NEW.first_name, NEW.last_name, NEW.grade, NEW.plan_changed_at)
        ON CONFLICT (student_id) DO UPDATE SET
          school_id = EXCLUDED.school_id, active = EXCLUDED.active, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
          grade = EXCLUDED.grade, plan_changed_at = EXCLUDED.plan_changed_at, input_version = caseload_summaries.input_version + 1;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER users_caseload_row_ins AFTER INSERT ON users FOR EACH ROW WHEN (NEW.user_type = 1) EXECUTE FUNCTION users_caseload_row()`);
    await q.query(`
      CREATE TRIGGER users_caseload_row_upd
        AFTER UPDATE OF school_id, user_type, deactivated_at, first_name, last_name, grade, plan_changed_at, academic_year_labels ON users FOR EACH ROW
        WHEN (NEW.school_id IS DISTINCT FROM OLD.school_id OR NEW.user_type IS DISTINCT FROM OLD.user_type
              OR NEW.deactivated_at IS DISTINCT FROM OLD.deactivated_at OR NEW.first_name IS DISTINCT FROM OLD.first_name
              OR NEW.last_name IS DISTINCT FROM OLD.last_name OR NEW.grade IS DISTINCT FROM OLD.grade
              OR NEW.plan_changed_at IS DISTINCT FROM OLD.plan_changed_at OR NEW.academic_year_labels IS DISTINCT FROM OLD.academic_year_labels)
        EXECUTE FUNCTION users_caseload_row()`);
    await q.query(`
      INSERT INTO caseload_summaries (student_id, school_id, active, first_name, last_name, grade, plan_changed_at)
      SELECT id, school_id, deactivated_at IS NULL, first_name, last_name, grade, plan_changed_at FROM users WHERE user_type = 1`);
    await q.query(`ALTER TABLE users DROP COLUMN caseload_version`);

    for (const { table, students } of STUDENT_TABLES) await q.query(stampFunction(`${table}_caseload_stamp`, students, BUMP_STUDENTS, true));
    for (const { table, students } of REVIEW_TABLES) {
      await q.query(stampFunction(`${table}_caseload_stamp`, students, BUMP_STUDENTS));
      await statementTriggers(q, table, `${table}_caseload_stamp`);
    }
    await q.query(`
      CREATE TRIGGER schools_caseload_review_stamp BEFORE UPDATE OF plan_approval_enabled ON schools FOR EACH ROW
        WHEN (NEW.plan_approval_enabled IS DISTINCT FROM OLD.plan_approval_enabled)
        EXECUTE FUNCTION schools_caseload_stamp()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS schools_caseload_review_stamp ON schools`);
    for (const { table } of REVIEW_TABLES) {
      for (const event of ['ins', 'upd', 'del']) await q.query(`DROP TRIGGER IF EXISTS ${table}_caseload_${event} ON ${table}`);
      await q.query(`DROP FUNCTION IF EXISTS ${table}_caseload_stamp()`);
    }
    // Back to users.caseload_version: the student tables' functions and the users stamp as 1732300002500 made them.
    await q.query(`ALTER TABLE users ADD COLUMN caseload_version bigint NOT NULL DEFAULT 0`);
    for (const { table, students } of STUDENT_TABLES) {
      await q.query(stampFunction(`${table}_caseload_stamp`, students, 'UPDATE users SET caseload_version = caseload_version + 1 WHERE id', true));
    }
    await q.query(`DROP TRIGGER IF EXISTS users_caseload_row_ins ON users`);
    await q.query(`DROP TRIGGER IF EXISTS users_caseload_row_upd ON users`);
    await q.query(`DROP FUNCTION IF EXISTS users_caseload_row()`);
    await q.query(`
      CREATE FUNCTION users_caseload_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.caseload_version := OLD.caseload_version + 1; RETURN NEW; END $$`);
    await q.query(`
      CREATE TRIGGER users_caseload_stamp BEFORE UPDATE OF school_id, academic_year_labels ON users FOR EACH ROW
        WHEN (NEW.school_id IS DISTINCT FROM OLD.school_id OR NEW.academic_year_labels IS DISTINCT FROM OLD.academic_year_labels)
        EXECUTE FUNCTION users_caseload_stamp()`);
    await q.query(`DELETE FROM caseload_summaries`);
    await q.query(`DROP INDEX IF EXISTS caseload_summaries_changed`);
    await q.query(`DROP INDEX IF EXISTS caseload_summaries_school`);
    await q.query(`
      ALTER TABLE caseload_summaries
        DROP COLUMN grade_key, DROP COLUMN first_name_key, DROP COLUMN last_name_key, DROP COLUMN review_status, DROP COLUMN input_version,
        DROP COLUMN plan_changed_at, DROP COLUMN grade, DROP COLUMN last_name, DROP COLUMN first_name, DROP COLUMN active, DROP COLUMN school_id`);
    for (const column of COMPUTED) await q.query(`ALTER TABLE caseload_summaries ALTER COLUMN ${column} SET NOT NULL`);
    await q.query(`ALTER TABLE caseload_summaries ALTER COLUMN computed_at SET DEFAULT now()`);
  }
}
