import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
/** pending: waiting or retrying; sent; failed: gave up after the last attempt. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Every email and text message the product sends is first a row here: the record of what was sent. */
@Entity('outbox_messages')
export class OutboxMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  channel: OutboxChannel;

  @Column({ type: 'text' })
  recipient: string;

  /** The school whose business the message is; only its staff list it. Null: listed to nobody. */
  @Column({ name: 'school_id', type: 'integer', nullable: true })
  schoolId: number | null;

  /** The person it concerns: the recipient's account, else the student it is about (a guardian's text). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'text', default: '' })
  subject: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'text', default: 'pending' })
  status: OutboxStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The delivery job's priority (PERSON_WAITING for a link someone just asked for), kept for a job queued again at start. */
  @Column({ type: 'smallint', default: 0 })
  priority: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** When the next delivery attempt is due (exponential backoff after a failure). */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;
}
