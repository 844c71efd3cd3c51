import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored caseload summaries (modules/caseload/caseload-summaries.ts): one row per student with what
 * the progress engine and the plan view answered, and the versions of the inputs it was computed
 * from. Two counters say when a summary no longer holds:
 *
 *  - users.caseload_version: the student's own inputs. Bumped by triggers on every write to their
 *    plan entries (scheduled_courses), followed pathways (student_pathways) and memberships
 *    (school_memberships, which change what they see), and when their school or term labels change.
 *  - schools.rules_version: a school's rules. Bumped by triggers on every write to its courses,
 *    prerequisites, transferability (both the course's school and the accepting one), pathways,
 *    requirements, fulfilment links (the course's school and the requirement's), partnerships
 *    (both schools), and when its graduation pathway changes.
 *
 * Triggers, not calls in the services: every writer counts (the services, CSV and roster imports,
 * seeds, baseline plans, onboarding, an operator's SQL), so no write path can leave a summary
 * wrong. They fire once per statement (transition tables), so a bulk insert of 5,000 rows bumps
 * each school or student once.
 *
 * Counters, compared for equality, not timestamps compared for order: a write's now() is its
 * transaction's start, so a summary computed while that write was still uncommitted could carry a
 * later time than the write and be taken as fresh. A summary stores the counters it read before
 * loading its facts; any difference afterwards, whatever the timing, makes it stale.
 */
const STUDENT_TABLES: { table: string; column: string }[] = [
  { table: 'scheduled_courses', column: 'user_id' },
  { table: 'student_pathways', column: 'student_id' },
  { table: 'school_memberships', column: 'user_id' },
];

/** For each rules table: the schools whose rules a changed row belongs to (`r` is the changed rows). */
const SCHOOL_TABLES: { table: string; schools: string }[] = [
  { table: 'courses', schools: 'SELECT school_id FROM r' },
  { table: 'course_prerequisites', schools: 'SELECT c.school_id FROM r JOIN courses c ON c.id = r.course_id' },
  { table: 'course_transfers', schools: 'SELECT school_id FROM r UNION SELECT c.school_id FROM r JOIN courses c ON c.id = r.course_id' },
  { table: 'pathways', schools: 'SELECT school_id FROM r' },
  { table: 'requirements', schools: 'SELECT p.school_id FROM r JOIN pathways p ON p.id = r.pathway_id' },
  {
    table: 'course_requirements',
    schools: `SELECT c.school_id FROM r JOIN courses c ON c.id = r.course_id
              UNION SELECT p.school_id FROM r JOIN requirements q ON q.id = r.requirement_id JOIN pathways p ON p.id = q.pathway_id`,
  },
  { table: 'school_partnerships', schools: 'SELECT school_id FROM r UNION SELECT partner_school_id FROM r' },
];

/**
 * A statement-level trigger function that runs `update` = ANY(ids) over the ids `select` finds in
 * the changed rows `r` (1732300002600 replaces some with `orReplace`).
 */
export function stampFunction(name: string, select: string, update: string, orReplace = false): string {
  const over = (rows: string) => `ARRAY(WITH r AS (${rows}) ${select})`;
  return `
    CREATE ${orReplace ? 'OR REPLACE ' : ''}FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
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

export async function statementTriggers(q: QueryRunner, table: string, fn: string): Promise<void> {
  await q.query(`CREATE TRIGGER ${table}_caseload_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
  await q.query(`CREATE TRIGGER ${table}_caseload_upd AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
  await q.query(`CREATE TRIGGER ${table}_caseload_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
}

export class CaseloadSummaries1732300002500 implements MigrationInterface {
  name = 'CaseloadSummaries1732300002500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN caseload_version bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE schools ADD COLUMN rules_version bigint NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE caseload_summaries (
        student_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        student_version bigint NOT NULL,
        school_ids integer[] NOT NULL,
        rules_version bigint NOT NULL,
        computed_at timestamptz NOT NULL DEFAULT now(),
        pathway_ids integer[] NOT NULL,
        pathways_marked boolean NOT NULL,
        requirements_met integer NOT NULL,
        requirements_total integer NOT NULL,
        missing jsonb NOT NULL,
        missing_count integer NOT NULL,
        warnings jsonb NOT NULL,
        warning_count integer NOT NULL,
        completed_units double precision NOT NULL,
        last_entry_at timestamptz
      )`);

    for (const { table, column } of STUDENT_TABLES) {
      const fn = `${table}_caseload_stamp`;
      await q.query(stampFunction(fn, `SELECT ${column} FROM r`, 'UPDATE users SET caseload_version = caseload_version + 1 WHERE id'));
      await statementTriggers(q, table, fn);
    }
    for (const { table, schools } of SCHOOL_TABLES) {
      const fn = `${table}_caseload_stamp`;
      await q.query(stampFunction(fn, schools, 'UPDATE schools SET rules_version = rules_version + 1 WHERE id'));
      await statementTriggers(q, table, fn);
    }
    await q.query(`
      CREATE FUNCTION users_caseload_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.caseload_version := OLD.caseload_version + 1; RETURN NEW; END $$`);
    await q.query(`
      CREATE TRIGGER users_caseload_stamp BEFORE UPDATE OF school_id, academic_year_labels ON users FOR EACH ROW
        WHEN (NEW.school_id IS DISTINCT FROM OLD.school_id OR NEW.academic_year_labels IS DISTINCT FROM OLD.academic_year_labels)
        EXECUTE FUNCTION users_caseload_stamp()`);
    await q.query(`
      CREATE FUNCTION schools_caseload_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.rules_version := OLD.rules_version + 1; RETURN NEW; END $$`);
    await q.query(`
      CREATE TRIGGER schools_caseload_stamp BEFORE UPDATE OF graduation_pathway_id ON schools FOR EACH ROW
        WHEN (NEW.graduation_pathway_id IS DISTINCT FROM OLD.graduation_pathway_id)
        EXECUTE FUNCTION schools_caseload_stamp()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS schools_caseload_stamp ON schools`);
    await q.query(`DROP FUNCTION IF EXISTS schools_caseload_stamp()`);
    await q.query(`DROP TRIGGER IF EXISTS users_caseload_stamp ON users`);
    await q.query(`DROP FUNCTION IF EXISTS users_caseload_stamp()`);
    for (const { table } of [...STUDENT_TABLES, ...SCHOOL_TABLES]) {
      for (const event of ['ins', 'upd', 'del']) await q.query(`DROP TRIGGER IF EXISTS ${table}_caseload_${event} ON ${table}`);
      await q.query(`DROP FUNCTION IF EXISTS ${table}_caseload_stamp()`);
    }
    await q.query(`DROP TABLE IF EXISTS caseload_summaries`);
    await q.query(`ALTER TABLE schools DROP COLUMN IF EXISTS rules_version`);
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS caseload_version`);
  }
}
