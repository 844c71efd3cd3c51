/**
 * Queues email and text messages. The row is the record of what was sent; delivery (SMTP, SMS
 * gateway) reads pending rows. Without a gateway configured, messages stay pending and staff read
 * them on the outbox page (development) — the reset-password journey in tests reads them too.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { enqueueJob } from '../jobs/job-queue.js';
import { MAX_ATTEMPTS, OUTBOX_QUEUE } from './delivery.js';
import { OutboxMessage, type OutboxChannel } from './outbox.entity.js';

export class OutboxService {
  constructor(private readonly db: DataSource) {}

  async enqueue(
    channel: OutboxChannel,
    recipient: string,
    subject: string,
    body: string,
    manager: EntityManager = this.db.manager,
  ): Promise<OutboxMessage> {
    const message = await manager.getRepository(OutboxMessage).save({ channel, recipient, subject, body, status: 'pending' });
    // Delivery is a job written in the same transaction: it runs once the message is committed, on any replica.
    await enqueueJob(manager, OUTBOX_QUEUE, { messageId: message.id }, { singletonKey: message.id, maxAttempts: MAX_ATTEMPTS });
    return message;
  }

  async backlog(): Promise<number> {
    return this.db.getRepository(OutboxMessage).countBy({ status: 'pending' });
  }

  async recent(limit = 50): Promise<OutboxMessage[]> {
    return this.db.getRepository(OutboxMessage).find({ order: { createdAt: 'DESC' }, take: limit });
  }

}
