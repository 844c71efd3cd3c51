/**
 * Queues email and text messages. The row is the record of what was sent; delivery (SMTP, SMS
 * gateway) reads pending rows. Without a gateway configured, messages stay pending and staff of the
 * message's school read them on the outbox page (development, the embedded demo) — the
 * reset-password journey in tests reads them too.
 *
 * Every message names the school whose business it is and the person it concerns: the outbox page
 * is scoped by those, never by matching the recipient's address (a guardian phone can be typed by
 * anyone into their own profile).
 *
 * A text is checked as it is queued (sms-rules.ts: the district's countries, the daily limits per
 * school and per number); one refused is recorded 'failed' with the reason and never delivered.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { logger } from '../../observability/logger.js';
import { enqueueJob, PERSON_WAITING } from '../jobs/job-queue.js';
import { MAX_ATTEMPTS, OUTBOX_QUEUE } from './delivery.js';
import { OutboxMessage, type OutboxChannel } from './outbox.entity.js';
import { smsRefusal, type SmsRules } from './sms-rules.js';

/** Whose a message is: the staff of `schoolId` list it; `userId` is the person it concerns. */
export interface MessageScope {
  /** The student's school for a consent link, the account's school for a reset or set-password link, the dual school for admissions. */
  schoolId: number | null;
  /** The recipient's account when there is one, else the student the message is about. */
  userId: number;
}

/** How soon a message goes: `personWaiting` (a reset or sign-in link someone just asked for) goes ahead of bulk mail. */
export interface MessageUrgency {
  personWaiting?: boolean;
}

const priorityOf = (urgency: MessageUrgency): number => (urgency.personWaiting ? PERSON_WAITING : 0);

export class OutboxService {
  constructor(
    private readonly db: DataSource,
    readonly smsRules: SmsRules,
  ) {}

  async enqueue(
    channel: OutboxChannel,
    recipient: string,
    subject: string,
    body: string,
    scope: MessageScope,
    manager: EntityManager = this.db.manager,
    urgency: MessageUrgency = {},
  ): Promise<OutboxMessage> {
    const refusal = channel === 'sms' ? await smsRefusal(manager, this.smsRules, recipient, scope.schoolId) : null;
    const priority = priorityOf(urgency);
    const message = await manager.getRepository(OutboxMessage).save({
      channel,
      recipient,
      subject,
      body,
      status: refusal ? 'failed' : 'pending',
      lastError: refusal,
      schoolId: scope.schoolId,
      userId: scope.userId,
      priority,
    });
    if (refusal) {
      // Ids only: the number and the body stay on the row, for the school's staff.
      logger.warn(`[outbox] text ${message.id} of school ${scope.schoolId ?? 'none'} not sent: ${refusal}`);
      return message;
    }
    // Delivery is a job written in the same transaction: it runs once the message is committed, on any replica.
    await enqueueJob(manager, OUTBOX_QUEUE, { messageId: message.id }, { singletonKey: message.id, maxAttempts: MAX_ATTEMPTS, priority });
    return message;
  }

  /** Many emails at once (a roster import's welcome emails): one INSERT for the messages, one for their delivery jobs. */
  async enqueueMany(
    messages: { recipient: string; subject: string; body: string; scope: MessageScope }[],
    manager: EntityManager,
    urgency: MessageUrgency = {},
  ): Promise<void> {
    if (!messages.length) return;
    const priority = priorityOf(urgency);
    const rows = messages.map((msg) => ({ recipient: msg.recipient, subject: msg.subject, body: msg.body, school_id: msg.scope.schoolId, user_id: msg.scope.userId }));
    const ids: { id: string }[] = await manager.query(
      `INSERT INTO outbox_messages (channel, recipient, subject, body, status, school_id, user_id, priority)
       SELECT 'email', m.recipient, m.subject, m.body, 'pending', m.school_id, m.user_id, $2
         FROM jsonb_to_recordset($1::jsonb) AS m(recipient text, subject text, body text, school_id int, user_id int)
       RETURNING id`,
      [JSON.stringify(rows), priority],
    );
    await manager.query(
      `INSERT INTO jobs (queue, payload, max_attempts, singleton_key, priority)
       SELECT $1, jsonb_build_object('messageId', id), $2, id, $4 FROM unnest($3::text[]) AS id
       ON CONFLICT DO NOTHING`,
      [OUTBOX_QUEUE, MAX_ATTEMPTS, ids.map((r) => r.id), priority],
    );
  }

  async backlog(): Promise<number> {
    return this.db.getRepository(OutboxMessage).countBy({ status: 'pending' });
  }
}
