import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The job worker takes one job of every queue with due jobs before a second of any one queue, so a
 * backlog (a district's 50,000 welcome emails) never holds back a roster import or an export: the
 * oldest due job of the other queues is found by queue, without reading through the backlog.
 */
export class JobQueueFairShare1732300001900 implements MigrationInterface {
  name = 'JobQueueFairShare1732300001900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS jobs_queue_due_idx ON jobs (queue, run_at, id) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS jobs_queue_due_idx`);
  }
}
