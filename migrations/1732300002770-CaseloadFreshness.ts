import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The caseload's stored summaries, made as simple as the need (the rules and the list of triggers:
 * server/src/modules/caseload/freshness.ts):
 *
 *  - The per-student counter goes back to users.caseload_version, a column no index names, so a
 *    bump is a heap-only update of a row the write usually touches anyway; the summary row (wide:
 *    jsonb missing and warnings) is written only when a summary is computed.
 *  - 1732300002600's copy of each student's name, grade, school and status goes, with its users
 *    triggers, sort keys and partial indexes: the caseload joins users.
 *  - A course marked transferable stales the accepting school only (the engine reads a transfer
 *    for that school's students only); before, it also staled every partner of the course's college.
 *  - Summaries already computed are kept as each student's last answer, stale (student_version
 *    null) until computed again; rows never computed go.
 *
 * The trigger functions keep their names, so 1732300002500/2600's triggers call the new bodies.
 */
const STUDENT_TABLES: { table: string; students: string }[] = [
  { table: 'scheduled_courses', students: 'SELECT user_id FROM r' },
  { table: 'student_pathways', students: 'SELECT student_id FROM r' },
  { table: 'school_memberships', students: 'SELECT user_id FROM r' },
  { table: 'plan_review_events', students: 'SELECT student_id FROM r' },
  { table: 'plan_approved_versions', students: 'SELECT student_id FROM r' },
  { table: 'plan_approved_entries', students: 'SELECT v.student_id FROM r JOIN plan_approved_versions v ON v.id = r.version_id' },
];

/** A statement-level trigger function running `update` = ANY(ids) over the ids `select` finds in the changed rows `r`. */
function stampFunction(name: string, select: string, update: string): string {
  const over = (rows: string) => `ARRAY(WITH r AS (${rows}) ${select})`;
  return `
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ids int[];
    BEGIN
      IF TG_OP = 'INSERT' THEN ids := ${over('SELECT * FROM new_rows')};
      ELSIF TG_OP = 'DELETE' THEN ids := ${over('SELECT * FROM old_rows')};
      ELSE ids := ${over('SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows')};
      END IF;
      -- Sorted: the primary key scan then takes the rows in id order, as other writers do.
      ${update} = ANY(ARRAY(SELECT DISTINCT x FROM unnest(ids) x WHERE x IS NOT NULL ORDER BY x));
      RETURN NULL;
    END $$`;
}

const BUMP_USERS = 'UPDATE users SET caseload_version = caseload_version + 1 WHERE id';
const BUMP_ROWS = 'UPDATE caseload_summaries SET input_version = input_version + 1 WHERE student_id';
const BUMP_SCHOOLS = 'UPDATE schools SET rules_version = rules_version + 1 WHERE id';

/** 1732300002600's grade key of a trimmed grade `g` (for down). */
const gradeKey = (g: string) => `CASE WHEN ${g} = '' THEN '2' WHEN ${g} ~ '^[0-9]{1,4}$' THEN '0' || lpad(${g}, 4, '0') ELSE '1' || lower(${g}) END`;

export class CaseloadFreshness1732300002770 implements MigrationInterface {
  name = 'CaseloadFreshness1732300002770';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS users_caseload_row_ins ON users`);
    await q.query(`DROP TRIGGER IF EXISTS users_caseload_row_upd ON users`);
    await q.query(`DROP FUNCTION IF EXISTS users_caseload_row()`);
    await q.query(`DROP INDEX IF EXISTS caseload_summaries_changed`);
    await q.query(`DROP INDEX IF EXISTS caseload_summaries_school`);
    await q.query(`DELETE FROM caseload_summaries WHERE student_version IS NULL`);
    await q.query(`UPDATE caseload_summaries SET student_version = NULL`);
    await q.query(`
      ALTER TABLE caseload_summaries
        DROP COLUMN grade_key, DROP COLUMN first_name_key, DROP COLUMN last_name_key, DROP COLUMN input_version,
        DROP COLUMN plan_changed_at, DROP COLUMN grade, DROP COLUMN last_name, DROP COLUMN first_name, DROP COLUMN active, DROP COLUMN school_id`);

    await q.query(`ALTER TABLE users ADD COLUMN caseload_version bigint NOT NULL DEFAULT 0`);
    for (const { table, students } of STUDENT_TABLES) await q.query(stampFunction(`${table}_caseload_stamp`, students, BUMP_USERS));
    await q.query(`
      CREATE FUNCTION users_caseload_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.caseload_version := OLD.caseload_version + 1; RETURN NEW; END $$`);
    await q.query(`
      CREATE TRIGGER users_caseload_stamp BEFORE UPDATE OF school_id, academic_year_labels ON users FOR EACH ROW
        WHEN (NEW.school_id IS DISTINCT FROM OLD.school_id OR NEW.academic_year_labels IS DISTINCT FROM OLD.academic_year_labels)
        EXECUTE FUNCTION users_caseload_stamp()`);
    await q.query(stampFunction('course_transfers_caseload_stamp', 'SELECT school_id FROM r', BUMP_SCHOOLS));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(stampFunction(
      'course_transfers_caseload_stamp', 'SELECT school_id FROM r UNION SELECT c.school_id FROM r JOIN courses c ON c.id = r.course_id', BUMP_SCHOOLS));
    await q.query(`DROP TRIGGER IF EXISTS users_caseload_stamp ON users`);
    await q.query(`DROP FUNCTION IF EXISTS users_caseload_stamp()`);
    for (const { table, students } of STUDENT_TABLES) await q.query(stampFunction(`${table}_caseload_stamp`, students, BUMP_ROWS));
    await q.query(`ALTER TABLE users DROP COLUMN caseload_version`);

    // 1732300002600's row per student: its columns, indexes and users triggers, filled from users.
    await q.query(`DELETE FROM caseload_summaries`);
    await q.query(`
      ALTER TABLE caseload_summaries
        ADD COLUMN school_id integer,
        ADD COLUMN active boolean NOT NULL,
        ADD COLUMN first_name text NOT NULL,
        ADD COLUMN last_name text NOT NULL,
        ADD COLUMN grade text,
        ADD COLUMN plan_changed_at timestamptz,
        ADD COLUMN input_version bigint NOT NULL DEFAULT 0,
        ADD COLUMN last_name_key text COLLATE "C" GENERATED ALWAYS AS (lower(last_name)) STORED,
        ADD COLUMN first_name_key text COLLATE "C" GENERATED ALWAYS AS (lower(first_name)) STORED,
        ADD COLUMN grade_key text COLLATE "C" GENERATED ALWAYS AS (${gradeKey(`btrim(coalesce(grade, ''), E' \\t\\r\\n')`)}) STORED`);
    await q.query(`CREATE INDEX caseload_summaries_school ON caseload_summaries (school_id) WHERE active`);
    await q.query(`CREATE INDEX caseload_summaries_changed ON caseload_summaries (school_id) WHERE active AND student_version IS DISTINCT FROM input_version`);
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
  }
}
