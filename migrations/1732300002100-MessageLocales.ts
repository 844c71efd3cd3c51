import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account's language may also be Vietnamese or Simplified Chinese: the server writes its emails
 * and texts in them (server/src/messages/), ahead of the interface offering them.
 */
export class MessageLocales1732300002100 implements MigrationInterface {
  name = 'MessageLocales1732300002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_locale_check`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_locale_check CHECK (locale IN ('en', 'es', 'vi', 'zh'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE users SET locale = 'en' WHERE locale NOT IN ('en', 'es')`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_locale_check`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_locale_check CHECK (locale IN ('en', 'es'))`);
  }
}
