import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * read_fences: per person, the primary's WAL position when their last request that wrote ended
 * (server/src/db/replica-reads.ts). A read replica answers that person only once it has replayed up
 * to there, so someone who saves and then reads sees their change on any app process. One narrow row
 * per person who ever wrote, updated in place (fillfactor leaves room for heap-only updates).
 */
export class ReadFences1732300002950 implements MigrationInterface {
  name = 'ReadFences1732300002950';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS read_fences (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      lsn pg_lsn NOT NULL
    ) WITH (fillfactor = 70)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS read_fences`);
  }
}
