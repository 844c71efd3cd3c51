import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * requirements.minimum_grade: the lowest letter grade (A to D-) a completed course may have to
 * count toward the requirement, e.g. C for UC/CSU subject requirements; null counts any passing
 * grade (@planner/shared grades.ts). The caseload's stored summaries go stale, so each is computed
 * again with the counts of completed, planned and missing courses.
 */
export class MinimumGrades1732300002860 implements MigrationInterface {
  name = 'MinimumGrades1732300002860';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE requirements ADD COLUMN minimum_grade text CHECK (minimum_grade IN ('A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-'))`);
    // The caseload's stored summaries now say completed, planned and missing per requirement: each is recomputed.
    await q.query(`UPDATE caseload_summaries SET student_version = NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE requirements DROP COLUMN IF EXISTS minimum_grade`);
  }
}
