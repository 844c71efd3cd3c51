import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a person chose for the interface (issue 12): 'en' (default) or 'es'. */
export class UserLocale1732300001000 implements MigrationInterface {
  name = 'UserLocale1732300001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'es'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS locale`);
  }
}
