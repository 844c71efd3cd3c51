import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each outbox message records the school whose business it is and the person it concerns, so staff
 * read only their own school's messages (scoped by these, never by matching an address: two
 * accounts of different schools can give the same guardian phone).
 *
 * Backfill: an email to exactly one account (case-insensitively) gets that account as its person
 * and the account's school as its school: the same reach the old address matching gave, never
 * more. Text messages went to guardian phones, which anyone can type into their profile, so they
 * are not attributed; they, and email to no account, stay unscoped and are listed to no staff
 * member (delivery is unchanged: a configured transport still sends them).
 */
export class OutboxScope1732300001400 implements MigrationInterface {
  name = 'OutboxScope1732300001400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE outbox_messages
        ADD COLUMN school_id integer REFERENCES schools(id) ON DELETE SET NULL,
        ADD COLUMN user_id integer REFERENCES users(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX outbox_messages_school_idx ON outbox_messages (school_id, created_at)`);
    await q.query(`CREATE INDEX outbox_messages_user_idx ON outbox_messages (user_id)`);
    await q.query(`
      UPDATE outbox_messages o SET user_id = u.id, school_id = u.school_id
        FROM users u
       WHERE o.channel = 'email' AND lower(u.email) = lower(o.recipient)
         AND (SELECT count(*) FROM users x WHERE lower(x.email) = lower(o.recipient)) = 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS outbox_messages_user_idx`);
    await q.query(`DROP INDEX IF EXISTS outbox_messages_school_idx`);
    await q.query(`ALTER TABLE outbox_messages DROP COLUMN IF EXISTS user_id, DROP COLUMN IF EXISTS school_id`);
  }
}
