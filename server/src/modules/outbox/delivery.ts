/**
 * Delivers outbox messages from the job queue (queue 'outbox.deliver', one job per message,
 * written in the same transaction as the message). Email goes through SMTP when SMTP_URL is set
 * (nodemailer); text messages through an SMS gateway when SMS_GATEWAY_URL and its account are set
 * (sms-gateway.ts). Without a transport for its channel a message stays 'pending', and staff read
 * it on the outbox page.
 *
 * The row stays the record: attempts, last_error, next_attempt_at (when the next try is due,
 * exponential backoff), then 'sent', or 'failed' after MAX_ATTEMPTS. A text whose number the
 * district's countries no longer allow (sms-rules.ts) is 'failed' at once, never handed to the
 * gateway; one allowed goes to the number in E.164, whatever way it was typed.
 */
import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';
import { DEFAULT_SMS_COUNTRIES } from '@planner/shared/phone';
import { logger } from '../../observability/logger.js';
import { backoffSeconds, type JobHandler } from '../jobs/job-queue.js';
import type { OutboxChannel } from './outbox.entity.js';
import { smsDestination } from './sms-rules.js';

export const OUTBOX_QUEUE = 'outbox.deliver';
export const MAX_ATTEMPTS = 5;

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one message of a channel; a rejection is a failed attempt whose message is kept on the row. */
export interface MessageTransport {
  send(message: OutgoingMessage): Promise<unknown>;
  /** Closes what the transport keeps open (the SMTP pool's connections), at shutdown. */
  close?(): void;
}

export type Transports = Partial<Record<OutboxChannel, MessageTransport | null>>;

/**
 * The channels this server delivers (SMTP_URL for email, the SMS_* gateway for texts), by the same
 * settings `smtpTransport` and `smsTransport` build from. Bodies of a delivered channel are never
 * shown on the outbox page: there the message itself is the only way a link reaches its owner.
 */
export function deliveredChannels(config: { smtpUrl: string; smsGateway: unknown }): OutboxChannel[] {
  return [...(config.smtpUrl ? (['email'] as const) : []), ...(config.smsGateway ? (['sms'] as const) : [])];
}

/**
 * Email through the relay of SMTP_URL, over nodemailer's pool of up to `connections` open
 * connections (one per delivery running at once, JOB_CONCURRENCY): a new connection per message
 * (greeting, EHLO, TLS, sign-in) cost about 110 ms against a local relay, a pooled one about 4 ms.
 * Settings written in SMTP_URL's query (e.g. ?pool=false) win.
 */
export function smtpTransport(smtpUrl: string, from: string, connections = 1): MessageTransport | null {
  if (!smtpUrl) return null;
  const mailer = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: connections });
  return { send: (m) => mailer.sendMail({ from, to: m.to, subject: m.subject, text: m.text }), close: () => mailer.close() };
}

export function outboxDeliveryHandler(
  db: DataSource,
  transports: Transports,
  backoffBaseSeconds = 30,
  /** SMS_COUNTRIES: where texts may go. */
  smsCountries: readonly string[] = DEFAULT_SMS_COUNTRIES,
): JobHandler {
  return async (payload) => {
    const rows: { id: string; channel: OutboxChannel; recipient: string; subject: string; body: string; status: string; attempts: number }[] = await db.query(
      `SELECT id, channel, recipient, subject, body, status, attempts FROM outbox_messages WHERE id = $1`,
      [String(payload.messageId)],
    );
    const m = rows[0];
    if (!m || m.status !== 'pending') return;
    const transport = transports[m.channel];
    if (!transport) return;
    let to = m.recipient;
    if (m.channel === 'sms') {
      const destination = smsDestination(m.recipient, { countries: smsCountries });
      if ('refusal' in destination) {
        await db.query(`UPDATE outbox_messages SET status = 'failed', last_error = $2 WHERE id = $1`, [m.id, destination.refusal]);
        logger.warn(`[outbox] text ${m.id} not sent: ${destination.refusal}`);
        return;
      }
      to = destination.to;
    }
    try {
      await transport.send({ to, subject: m.subject, text: m.body });
      await db.query(`UPDATE outbox_messages SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`, [m.id]);
    } catch (e) {
      const attempts = m.attempts + 1;
      const final = attempts >= MAX_ATTEMPTS;
      await db.query(
        `UPDATE outbox_messages SET attempts = $2, last_error = $3, status = $4,
                next_attempt_at = now() + make_interval(secs => $5) WHERE id = $1`,
        [m.id, attempts, ((e as Error)?.message ?? String(e)).slice(0, 500), final ? 'failed' : 'pending', final ? 0 : backoffSeconds(attempts, backoffBaseSeconds)],
      );
      // The job queue retries on the same schedule; after the last attempt the message is 'failed' and so is the job.
      throw e;
    }
  };
}

/**
 * Queues a delivery job for every pending message of the given channels that has none (e.g. after
 * SMTP was configured), at the message's own priority: a reset link still goes ahead of bulk mail.
 */
export async function requeuePendingMessages(db: DataSource, channels: OutboxChannel[]): Promise<void> {
  if (!channels.length) return;
  await db.query(
    `INSERT INTO jobs (queue, payload, singleton_key, max_attempts, priority)
     SELECT $1, jsonb_build_object('messageId', id), id::text, $3, priority FROM outbox_messages
      WHERE status = 'pending' AND channel = ANY($2::text[])
     ON CONFLICT DO NOTHING`,
    [OUTBOX_QUEUE, channels, MAX_ATTEMPTS],
  );
}
