import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two rules the code kept alone until now, kept by the database too:
 * - outbox_messages.priority: a message's urgency stays with the message, so a delivery job queued
 *   again at start (after SMTP or SMS was configured) keeps the place a reset link had. Pending
 *   messages take their job's priority.
 * - users.application_status holds only the Dual School's statuses (as of this migration: the seven
 *   of shared/src/accounts.ts), so a typo in a query cannot leave a family in a status no screen knows.
 */
export class CoreChecks1732300003000 implements MigrationInterface {
  name = 'CoreChecks1732300003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_messages ADD COLUMN IF NOT EXISTS priority smallint NOT NULL DEFAULT 0`);
    await q.query(
      `UPDATE outbox_messages m SET priority = j.priority
         FROM jobs j WHERE j.queue = 'outbox.deliver' AND j.singleton_key = m.id::text AND m.status = 'pending' AND j.priority <> 0`,
    );
    await q.query(
      `ALTER TABLE users ADD CONSTRAINT users_application_status_check CHECK (application_status IN
         ('not_started', 'in_progress', 'complete', 'accepted', 'enrolled', 'declined', 'withdrawn'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_application_status_check`);
    await q.query(`ALTER TABLE outbox_messages DROP COLUMN IF EXISTS priority`);
  }
}
