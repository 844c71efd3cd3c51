/** Text messages through the SMS gateway, against a stand-in gateway on loopback speaking Twilio's REST shape. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { useHarness } from '../../test/harness.js';
import { JobWorker } from '../jobs/job-queue.js';
import { OUTBOX_QUEUE, outboxDeliveryHandler } from './delivery.js';
import { smsTransport, type SmsGatewayConfig } from './sms-gateway.js';

const h = useHarness();

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A gateway that checks basic auth, records every request, and answers from a script of statuses. */
class StandInGateway {
  readonly received: Received[] = [];
  /** Statuses of the next answers (then 201). */
  script: number[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      this.received.push({ path: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], form });
      res.setHeader('Content-Type', 'application/json');
      const expected = `Basic ${Buffer.from('AC-test-sid:secret-token').toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        return;
      }
      const status = this.script.shift() ?? 201;
      res.statusCode = status;
      res.end(JSON.stringify(status < 300 ? { sid: `SM${this.received.length}`, status: 'queued' } : { code: 30001, message: 'Queue overflow', status }));
    });
  });

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => this.server.once('listening', () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const gateway = new StandInGateway();
let config: SmsGatewayConfig;

beforeAll(async () => {
  config = { url: await gateway.start(), accountSid: 'AC-test-sid', authToken: 'secret-token', from: '+15550001111' };
});
afterAll(() => gateway.stop());

async function queueText(phone: string, body: string): Promise<string> {
  const student = await h.buildStudent();
  const message = await h.services.outbox.enqueue('sms', phone, 'Parent consent form', body, { schoolId: student.schoolId, userId: student.id });
  return message.id;
}

/** Runs only this message's job, whatever else is queued. */
async function runJobOf(worker: JobWorker, messageId: string): Promise<void> {
  await h.db.query(`UPDATE jobs SET run_at = now() + interval '1 day' WHERE status = 'pending' AND queue = $1 AND payload->>'messageId' <> $2 AND run_at <= now()`, [
    OUTBOX_QUEUE,
    messageId,
  ]);
  await worker.runOnce();
}

const row = async (id: string) =>
  (await h.db.query(`SELECT status, attempts, last_error, sent_at IS NOT NULL AS has_sent_at FROM outbox_messages WHERE id = $1`, [id]))[0];

describe('text messages through the SMS gateway', () => {
  it('posts To (in E.164), From and Body form-encoded with basic auth; a 5xx is kept on the row and retried, then the text is sent', async () => {
    const worker = new JobWorker(h.db, { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { sms: smsTransport(config) }, 0) }, { backoffBaseSeconds: 0 });
    const id = await queueText(
      '(201) 765-4321',
      'Lincoln High: a parent consent form is waiting for your signature. Review and sign it: http://planner.test/parent-sign/x',
    );
    gateway.script = [503];
    const before = gateway.received.length;

    await runJobOf(worker, id);
    expect(await row(id)).toEqual({ status: 'pending', attempts: 1, last_error: 'SMS gateway answered 503: Queue overflow (code 30001)', has_sent_at: false });
    const [job] = await h.db.query(`SELECT status, last_error FROM jobs WHERE queue = $1 AND payload->>'messageId' = $2`, [OUTBOX_QUEUE, id]);
    expect(job).toEqual({ status: 'pending', last_error: 'SMS gateway answered 503: Queue overflow (code 30001)' });

    await runJobOf(worker, id);
    expect(await row(id)).toEqual({ status: 'sent', attempts: 2, last_error: null, has_sent_at: true });

    const calls = gateway.received.slice(before);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.path).toBe('/2010-04-01/Accounts/AC-test-sid/Messages.json');
      expect(call.contentType).toBe('application/x-www-form-urlencoded');
      expect(call.form).toEqual({
        To: '+12017654321',
        From: '+15550001111',
        Body: 'Lincoln High: a parent consent form is waiting for your signature. Review and sign it: http://planner.test/parent-sign/x',
      });
    }
  });

  it('records a refused account (401) and an unreachable gateway as failed attempts with their reason', async () => {
    const wrong = new JobWorker(
      h.db,
      { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { sms: smsTransport({ ...config, authToken: 'wrong' }) }, 0) },
      { backoffBaseSeconds: 0 },
    );
    const id = await queueText('+1 201 555 0199', 'Hello');
    await runJobOf(wrong, id);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS gateway answered 401: Authenticate (code 20003)' });

    // A port nothing listens on: the connection is refused at once.
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => closed.once('listening', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = new JobWorker(
      h.db,
      { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { sms: smsTransport({ ...config, url: `http://127.0.0.1:${port}` }) }, 0) },
      { backoffBaseSeconds: 0 },
    );
    await runJobOf(down, id);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'pending', attempts: 2 });
    expect(after.last_error).toMatch(/^SMS gateway unreachable: .*ECONNREFUSED/);
  });

  it('is configured by all four SMS_* variables or none; some but not all stops the start with the missing names', () => {
    const names = ['SMS_GATEWAY_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    try {
      for (const n of names) delete process.env[n];
      expect(loadConfig().smsGateway).toBeNull();
      expect(smsTransport(null)).toBeNull();
      Object.assign(process.env, { SMS_GATEWAY_URL: 'https://sms.example.org', SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '+15550001111' });
      expect(loadConfig().smsGateway).toEqual({ url: 'https://sms.example.org', accountSid: 'AC1', authToken: 't', from: '+15550001111' });
      delete process.env.SMS_AUTH_TOKEN;
      delete process.env.SMS_FROM;
      expect(() => loadConfig()).toThrow('Text messages need all of SMS_GATEWAY_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM; missing: SMS_AUTH_TOKEN, SMS_FROM');
    } finally {
      for (const n of names) {
        if (saved[n] === undefined) delete process.env[n];
        else process.env[n] = saved[n];
      }
    }
  });
});
