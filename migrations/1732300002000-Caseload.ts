import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counselor caseload: the pathways a student follows (student_pathways; none marked means the
 * school's graduation pathway), the school's graduation pathway (schools.graduation_pathway_id,
 * nullable: without it the rule of modules/caseload/followed-pathways.ts applies), and when the
 * plan last changed (users.plan_changed_at, stamped by every plan write under the plan's lock).
 */
export class Caseload1732300002000 implements MigrationInterface {
  name = 'Caseload1732300002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE student_pathways (
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        pathway_id integer NOT NULL REFERENCES pathways(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (student_id, pathway_id)
      )`);
    await q.query(`CREATE INDEX student_pathways_pathway ON student_pathways (pathway_id)`);
    await q.query(`ALTER TABLE schools ADD COLUMN graduation_pathway_id integer REFERENCES pathways(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE users ADD COLUMN plan_changed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS plan_changed_at`);
    await q.query(`ALTER TABLE schools DROP COLUMN IF EXISTS graduation_pathway_id`);
    await q.query(`DROP TABLE IF EXISTS student_pathways`);
  }
}
