/**
 * Queues email and text messages. The row is the record of what was sent; delivery (SMTP, SMS
 * gateway) reads pending rows. Without a gateway configured, messages stay pending and staff of the
 * message's school read them on the outbox page (development, the embedded demo) — the
 * reset-password journey in tests reads them too.
 *
 * Every message names the school whose business it is and the person it concerns: the outbox page
 * is scoped by those, never by matching the recipient's address (a guardian phone can be typed by
 * anyone into their own profile).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { enqueueJob } from '../jobs/job-queue.js';
import { MAX_ATTEMPTS, OUTBOX_QUEUE } from './delivery.js';
import { OutboxMessage, type OutboxChannel } from './outbox.entity.js';

/** Whose a message is: the staff of `schoolId` list it; `userId` is the person it concerns. */
export interface MessageScope {
  /** The student's school for a consent link, the account's school for a reset or set-password link, the dual school for admissions. */
  schoolId: number | null;
  /** The recipient's account when there is one, else the student the message is about. */
  userId: number;
}

export class OutboxService {
  constructor(private readonly db: DataSource) {}

  async enqueue(
    channel: OutboxChannel,
    recipient: string,
    subject: string,
    body: string,
    scope: MessageScope,
    manager: EntityManager = this.db.manager,
  ): Promise<OutboxMessage> {
    const message = await manager.getRepository(OutboxMessage).save({
      channel, recipient, subject, body, status: 'pending', schoolId: scope.schoolId, userId: scope.userId,
    });
    // Delivery is a job written in the same transaction: it runs once the message is committed, on any replica.
    await enqueueJob(manager, OUTBOX_QUEUE, { messageId: message.id }, { singletonKey: message.id, maxAttempts: MAX_ATTEMPTS });
    return message;
  }

  async backlog(): Promise<number> {
    return this.db.getRepository(OutboxMessage).countBy({ status: 'pending' });
  }

}
