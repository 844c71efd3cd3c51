import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The auto-plan's school settings and course field:
 * - schools.term_unit_cap, schools.term_course_cap: most units and courses one term of a plan
 *   holds; null keeps the values used so far (high school 7 units and 8 courses, college 16 and 6).
 * - schools.dual_enrollment_from_grade: the first grade in which a student may take a partner
 *   college's course (9: every high-school grade, as so far).
 * - courses.offered_terms: the seasons a course is offered in ('fall', 'spring', 'summer'); null:
 *   unknown, which counts as every term.
 */
export class AutoPlan1732300002800 implements MigrationInterface {
  name = 'AutoPlan1732300002800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools ADD COLUMN term_unit_cap numeric(6,2) CHECK (term_unit_cap > 0 AND term_unit_cap <= 100)`);
    await q.query(`ALTER TABLE schools ADD COLUMN term_course_cap integer CHECK (term_course_cap BETWEEN 1 AND 30)`);
    await q.query(`ALTER TABLE schools ADD COLUMN dual_enrollment_from_grade integer NOT NULL DEFAULT 9 CHECK (dual_enrollment_from_grade BETWEEN 9 AND 12)`);
    await q.query(
      `ALTER TABLE courses ADD COLUMN offered_terms text[] CHECK (offered_terms <@ ARRAY['fall', 'spring', 'summer']::text[] AND cardinality(offered_terms) > 0)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE courses DROP COLUMN offered_terms`);
    await q.query(`ALTER TABLE schools DROP COLUMN dual_enrollment_from_grade`);
    await q.query(`ALTER TABLE schools DROP COLUMN term_course_cap`);
    await q.query(`ALTER TABLE schools DROP COLUMN term_unit_cap`);
  }
}
