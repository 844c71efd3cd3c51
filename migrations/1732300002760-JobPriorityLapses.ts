import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The job queue's priority and lapse count (server/src/modules/jobs/job-queue.ts):
 *  - priority: among a queue's due jobs the higher runs first, so a message a person is waiting on
 *    (a password reset link) jumps ahead of a district's 50,000 welcome emails. The claim's index
 *    now leads with it (it replaces jobs_queue_due_idx, which only ordered by run_at).
 *  - lapses: how many times the job's lease lapsed (the process running it stopped). Each lapse
 *    uses up an attempt; after max_attempts the job fails with that count in its last error.
 */
export class JobPriorityLapses1732300002760 implements MigrationInterface {
  name = 'JobPriorityLapses1732300002760';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs ADD COLUMN IF NOT EXISTS priority smallint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE jobs ADD COLUMN IF NOT EXISTS lapses integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX IF NOT EXISTS jobs_queue_priority_due_idx ON jobs (queue, priority DESC, run_at, id) WHERE status = 'pending'`);
    await q.query(`DROP INDEX IF EXISTS jobs_queue_due_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS jobs_queue_due_idx ON jobs (queue, run_at, id) WHERE status = 'pending'`);
    await q.query(`DROP INDEX IF EXISTS jobs_queue_priority_due_idx`);
    await q.query(`ALTER TABLE jobs DROP COLUMN IF EXISTS lapses`);
    await q.query(`ALTER TABLE jobs DROP COLUMN IF EXISTS priority`);
  }
}
