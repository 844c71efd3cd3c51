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

interface Received {
  user?: string;
  password?: string;
  from?: string;
  to: string[];
  data: string;
}

async function relay(
  opts: { refuse?: string } = {},
): Promise<{ url: (auth?: string) => string; received: Received[]; connections: () => number; close(): Promise<void> }> {
  const received: Received[] = [];
  let connections = 0;
  // What each connection signed in as; the envelope is the session's own (pooled connections run side by side).
  const signedIn = new Map<string, { user: string; password?: string }>();
  const server = new SMTPServer({
    // A relay on the local network without TLS: sign-in allowed in clear text for the test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onConnect(_session, cb) {
      connections += 1;
      cb();
    },
    onAuth(auth, session, cb) {
      signedIn.set(session.id, { user: auth.username!, password: auth.password ?? undefined });
      cb(null, { user: auth.username });
    },
    onRcptTo(address, _session, cb) {
      if (opts.refuse && address.address === opts.refuse) {
        return cb(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
        received.push({ ...signedIn.get(session.id), from, to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: (auth) => `smtp://${auth ? `${auth}@` : ''}127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let open: { close(): Promise<void> } | undefined;
let transport: ReturnType<typeof smtpTransport> = null;
afterEach(async () => {
  // The pool's connection first, or the relay waits for it to go.
  transport?.close?.();
  transport = null;
  await open?.close();
  open = undefined;
});

describe('email through SMTP (SMTP_URL)', () => {
  it('signs in with the user and password of SMTP_URL and delivers the message from MAIL_FROM', async () => {
    const server = await relay();
    open = server;
    transport = smtpTransport(server.url('planner:s3cret-relay'), 'Pathway Planner <no-reply@district.test>');
    await transport!.send({ to: 'parent@family.test', subject: 'Reset your password', text: 'Open http://planner.test/reset/abc123 to choose a new password.' });

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect({ user: mail.user, password: mail.password, from: mail.from, to: mail.to }).toEqual({
      user: 'planner',
      password: 's3cret-relay',
      from: 'no-reply@district.test',
      to: ['parent@family.test'],
    });
    expect(mail.data).toMatch(/^From: Pathway Planner <no-reply@district\.test>\r$/m);
    expect(mail.data).toMatch(/^To: parent@family\.test\r$/m);
    expect(mail.data).toMatch(/^Subject: Reset your password\r$/m);
    expect(mail.data).toContain('Open http://planner.test/reset/abc123 to choose a new password.');
  });

  it("rejects the send with the relay's answer when it refuses the recipient (kept as the message's last error)", async () => {
    const server = await relay({ refuse: 'gone@family.test' });
    open = server;
    transport = smtpTransport(server.url(), 'planner@district.test');
    await expect(transport!.send({ to: 'gone@family.test', subject: 'Consent form', text: 'Sign here.' })).rejects.toThrow(/550.*Mailbox gone@family\.test unavailable/);
    expect(server.received).toHaveLength(0);
  });

  it('sends a name as plain text only: one text/plain body, no HTML part, markup and formulas as written', async () => {
    const server = await relay();
    open = server;
    transport = smtpTransport(server.url(), 'planner@district.test');
    const studentName = '<a href="http://evil.example">click</a> =HYPERLINK("http://evil.example")';
    const text = message('en', 'consent.parentLink.body', { studentName, schoolName: '<b>Lincoln</b>', link: 'http://planner.test/parent-sign/x' });
    await transport!.send({ to: 'parent@family.test', subject: message('en', 'consent.parentLink.subject'), text });

    const [mail] = server.received;
    const [headers, ...rest] = mail.data.split('\r\n\r\n');
    expect(headers).toMatch(/^Content-Type: text\/plain; charset=utf-8\r?$/m);
    expect(mail.data).not.toMatch(/text\/html|multipart/i);
    // Quoted-printable, as nodemailer writes a line with '=': decoded, the name reads exactly as typed.
    const body = rest
      .join('\r\n\r\n')
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .trim();
    expect(body).toBe(
      `${studentName} has signed the parent consent form for dual enrollment at <b>Lincoln</b>. Please review and sign it: http://planner.test/parent-sign/x`,
    );
  });

  it('sends many messages over at most its number of pooled connections, each message once', async () => {
    const server = await relay();
    open = server;
    transport = smtpTransport(server.url('planner:s3cret-relay'), 'planner@district.test', 2);
    const to = Array.from({ length: 12 }, (_, i) => `parent${i}@family.test`);
    await Promise.all(to.map((address) => transport!.send({ to: address, subject: 'Welcome', text: 'Choose your password.' })));
    await transport!.send({ to: 'late@family.test', subject: 'Reset your password', text: 'Open the link.' });
    expect(server.received.map((m) => m.to[0]).sort()).toEqual([...to, 'late@family.test'].sort());
    expect(server.connections()).toBeGreaterThanOrEqual(1);
    expect(server.connections()).toBeLessThanOrEqual(2);
    // Each connection signed in once, with SMTP_URL's user.
    expect(new Set(server.received.map((m) => m.user))).toEqual(new Set(['planner']));
  });

  it('has no transport without SMTP_URL (mail stays in the outbox)', () => {
    expect(smtpTransport('', 'planner@district.test')).toBeNull();
  });
});
