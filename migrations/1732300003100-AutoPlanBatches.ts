import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans generated for a selection of a caseload in the background (auto-plan batches): the batch
 * (who asked, progress) and one row per student, in the order asked, with its result once done:
 * the what-if plan saved and its name, or why none was (the shortfalls of an impossible pathway).
 */
export class AutoPlanBatches1732300003100 implements MigrationInterface {
  name = 'AutoPlanBatches1732300003100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auto_plan_batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        requested_by integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
        time_limit_seconds integer,
        total integer NOT NULL,
        done integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX auto_plan_batches_requester_idx ON auto_plan_batches (requested_by, created_at DESC)`);
    await q.query(`
      CREATE TABLE auto_plan_batch_students (
        batch_id uuid NOT NULL REFERENCES auto_plan_batches(id) ON DELETE CASCADE,
        position integer NOT NULL,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        outcome text CHECK (outcome IN ('SAVED', 'INFEASIBLE', 'UNPROVEN', 'NO_PATHWAY', 'NOT_SAVED')),
        solver_status text,
        what_if_plan_id integer REFERENCES what_if_plans(id) ON DELETE SET NULL,
        plan_name text,
        reason jsonb,
        shortfalls jsonb NOT NULL DEFAULT '[]'::jsonb,
        PRIMARY KEY (batch_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS auto_plan_batch_students`);
    await q.query(`DROP TABLE IF EXISTS auto_plan_batches`);
  }
}
