/**
 * Email through SMTP as a district relay sees it: smtpTransport (nodemailer) talks to a real SMTP
 * server on a local port (smtp-server, from the nodemailer project), which records the sign-in,
 * the envelope and the message.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { message } from '../../messages/messages.js';
import { smtpTransport } from './delivery.js';

interface Received { user?: string; password?: string; from?: string; to: string[]; data: string }

async function relay(opts: { refuse?: string } = {}): Promise<{ url: (auth?: string) => string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  let current: Received = { to: [], data: '' };
  const server = new SMTPServer({
    // A relay on the local network without TLS: sign-in allowed in clear text for the test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, cb) {
      current = { user: auth.username, password: auth.password ?? undefined, to: [], data: '' };
      cb(null, { user: auth.username });
    },
    onMailFrom(address, _session, cb) {
      current.from = address.address;
      cb();
    },
    onRcptTo(address, _session, cb) {
      if (opts.refuse && address.address === opts.refuse) {
        return cb(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      }
      current.to.push(address.address);
      cb();
    },
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ ...current, data: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: (auth) => `smtp://${auth ? `${auth}@` : ''}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('email through SMTP (SMTP_URL)', () => {
  it('signs in with the user and password of SMTP_URL and delivers the message from MAIL_FROM', async () => {
    const server = await relay();
    open = server;
    const transport = smtpTransport(server.url('planner:s3cret-relay'), 'Pathway Planner <no-reply@district.test>');
    await transport!.send({ to: 'parent@family.test', subject: 'Reset your password', text: 'Open http://planner.test/reset/abc123 to choose a new password.' });

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect({ user: mail.user, password: mail.password, from: mail.from, to: mail.to }).toEqual({
      user: 'planner', password: 's3cret-relay', from: 'no-reply@district.test', to: ['parent@family.test'],
    });
    expect(mail.data).toMatch(/^From: Pathway Planner <no-reply@district\.test>\r$/m);
    expect(mail.data).toMatch(/^To: parent@family\.test\r$/m);
    expect(mail.data).toMatch(/^Subject: Reset your password\r$/m);
    expect(mail.data).toContain('Open http://planner.test/reset/abc123 to choose a new password.');
  });

  it('rejects the send with the relay\'s answer when it refuses the recipient (kept as the message\'s last error)', async () => {
    const server = await relay({ refuse: 'gone@family.test' });
    open = server;
    const transport = smtpTransport(server.url(), 'planner@district.test');
    await expect(transport!.send({ to: 'gone@family.test', subject: 'Consent form', text: 'Sign here.' }))
      .rejects.toThrow(/550.*Mailbox gone@family\.test unavailable/);
    expect(server.received).toHaveLength(0);
  });

  it('sends a name as plain text only: one text/plain body, no HTML part, markup and formulas as written', async () => {
    const server = await relay();
    open = server;
    const transport = smtpTransport(server.url(), 'planner@district.test');
    const studentName = '<a href="http://evil.example">click</a> =HYPERLINK("http://evil.example")';
    const text = message('en', 'consent.parentLink.body', { studentName, schoolName: '<b>Lincoln</b>', link: 'http://planner.test/parent-sign/x' });
    await transport!.send({ to: 'parent@family.test', subject: message('en', 'consent.parentLink.subject'), text });

    const [mail] = server.received;
    const [headers, ...rest] = mail.data.split('\r\n\r\n');
    expect(headers).toMatch(/^Content-Type: text\/plain; charset=utf-8\r?$/m);
    expect(mail.data).not.toMatch(/text\/html|multipart/i);
    // Quoted-printable, as nodemailer writes a line with '=': decoded, the name reads exactly as typed.
    const body = rest.join('\r\n\r\n').replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).trim();
    expect(body).toBe(`${studentName} has signed the parent consent form for dual enrollment at <b>Lincoln</b>. Please review and sign it: http://planner.test/parent-sign/x`);
  });

  it('has no transport without SMTP_URL (mail stays in the outbox)', () => {
    expect(smtpTransport('', 'planner@district.test')).toBeNull();
  });
});
