import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The community-college application status of a student (planning §2: the students list's
 * CCCApply status column, searchable; missing shows Not Set). The CCCApply flow writes it.
 */
export class CccApplyStatus1732300000300 implements MigrationInterface {
  name = 'CccApplyStatus1732300000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN ccc_apply_status text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS ccc_apply_status`);
  }
}
