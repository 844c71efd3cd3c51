/**
 * Sends pending email from the outbox through SMTP when SMTP_URL is set. The row stays the record:
 * it turns sent, or failed after five attempts with the last error. Text messages wait for an
 * SMS gateway (not configured yet) and stay pending, visible to staff on the outbox list.
 */
import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';

const MAX_ATTEMPTS = 5;

export function startEmailDelivery(db: DataSource, smtpUrl: string, from: string, intervalMs = 5000): () => void {
  const transport = nodemailer.createTransport(smtpUrl);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const rows: { id: string; recipient: string; subject: string; body: string; attempts: number }[] = await db.query(
        `SELECT id, recipient, subject, body, attempts FROM outbox_messages
          WHERE channel = 'email' AND status = 'pending' ORDER BY created_at LIMIT 20`,
      );
      for (const m of rows) {
        try {
          await transport.sendMail({ from, to: m.recipient, subject: m.subject, text: m.body });
          await db.query(`UPDATE outbox_messages SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1`, [m.id]);
        } catch (e) {
          await db.query(
            `UPDATE outbox_messages SET attempts = attempts + 1, last_error = $2,
               status = CASE WHEN attempts + 1 >= $3 THEN 'failed' ELSE 'pending' END WHERE id = $1`,
            [m.id, (e as Error).message.slice(0, 500), MAX_ATTEMPTS],
          );
        }
      }
    } catch (e) {
      console.error('[outbox] delivery pass failed', e);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  return () => clearInterval(timer);
}
