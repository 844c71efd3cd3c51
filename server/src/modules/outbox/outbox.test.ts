import { describe, expect, it } from 'vitest';
import { createLoaders } from '../../loaders.js';
import { DEMO, useHarness } from '../../test/harness.js';
import { SystemService } from '../system/system.service.js';
import { JobWorker, PERSON_WAITING, backoffSeconds } from '../jobs/job-queue.js';
import { MAX_ATTEMPTS, OUTBOX_QUEUE, outboxDeliveryHandler, requeuePendingMessages, type MessageTransport } from './delivery.js';
import { checkOutboxFilter } from '../system/outbox-filter-input.js';

const h = useHarness();

/** A transport that fails `failures` times, then accepts, recording what it sent. */
function flakyTransport(failures: number): MessageTransport & { sent: string[] } {
  let left = failures;
  const sent: string[] = [];
  return {
    sent,
    async send(m) {
      if (left-- > 0) throw new Error('421 Service not available');
      sent.push(`${m.to}: ${m.subject}`);
    },
  };
}

async function queueReset(email: string): Promise<string> {
  await h.api.post('/api/request-reset-password/').send({ email });
  const [row] = await h.db.query(`SELECT id FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`, [email]);
  return row.id;
}

/** Runs only this message's job, whatever else is queued, so tests do not depend on each other. */
async function runJobOf(worker: JobWorker, messageId: string): Promise<void> {
  await h.db.query(`UPDATE jobs SET run_at = now() + interval '1 day' WHERE status = 'pending' AND queue = $1 AND payload->>'messageId' <> $2 AND run_at <= now()`, [
    OUTBOX_QUEUE,
    messageId,
  ]);
  await worker.runOnce();
}

describe('outbox delivery on the job queue', () => {
  it('queues a job with each message, retries a failed send with backoff and records it, then sends', async () => {
    const parent = await h.buildParent();
    const id = await queueReset(parent.email);
    const [job] = await h.db.query(`SELECT status, max_attempts FROM jobs WHERE payload->>'messageId' = $1`, [id]);
    expect(job).toEqual({ status: 'pending', max_attempts: MAX_ATTEMPTS });

    const transport = flakyTransport(1);
    const worker = new JobWorker(h.db, { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { email: transport }, 0) }, { backoffBaseSeconds: 0 });
    await runJobOf(worker, id);
    const [failed] = await h.db.query(`SELECT status, attempts, last_error, next_attempt_at > created_at AS later FROM outbox_messages WHERE id = $1`, [id]);
    expect(failed).toEqual({ status: 'pending', attempts: 1, last_error: '421 Service not available', later: true });

    await runJobOf(worker, id);
    const [sent] = await h.db.query(`SELECT status, attempts, last_error, sent_at IS NOT NULL AS has_sent_at FROM outbox_messages WHERE id = $1`, [id]);
    expect(sent).toEqual({ status: 'sent', attempts: 2, last_error: null, has_sent_at: true });
    expect(transport.sent).toEqual([`${parent.email}: Reset your password`]);
    const [done] = await h.db.query(`SELECT status, attempts FROM jobs WHERE payload->>'messageId' = $1`, [id]);
    expect(done).toEqual({ status: 'done', attempts: 2 });
  });

  it('gives up after the last attempt: the message and its job are failed', async () => {
    const parent = await h.buildParent();
    const id = await queueReset(parent.email);
    const worker = new JobWorker(h.db, { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { email: flakyTransport(99) }, 0) }, { backoffBaseSeconds: 0 });
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) await runJobOf(worker, id);
    const [m] = await h.db.query(`SELECT status, attempts FROM outbox_messages WHERE id = $1`, [id]);
    expect(m).toEqual({ status: 'failed', attempts: MAX_ATTEMPTS });
    const [job] = await h.db.query(`SELECT status FROM jobs WHERE payload->>'messageId' = $1`, [id]);
    expect(job.status).toBe('failed');
  });

  it('leaves messages pending when no transport is configured for their channel', async () => {
    const parent = await h.buildParent();
    const id = await queueReset(parent.email);
    const worker = new JobWorker(h.db, { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { email: null }) });
    await runJobOf(worker, id);
    const [m] = await h.db.query(`SELECT status, attempts FROM outbox_messages WHERE id = $1`, [id]);
    expect(m).toEqual({ status: 'pending', attempts: 0 });
  });

  it('never runs one job twice when two workers (replicas) poll at once', async () => {
    const runs: string[] = [];
    const handler = async (p: Record<string, unknown>) => {
      runs.push(String(p.n));
    };
    const queue = `test.${Date.now()}`;
    for (let n = 0; n < 6; n++) await h.db.query(`INSERT INTO jobs (queue, payload) VALUES ($1, $2::jsonb)`, [queue, JSON.stringify({ n })]);
    const a = new JobWorker(h.db, { [queue]: handler }, { batchSize: 2 });
    const b = new JobWorker(h.db, { [queue]: handler }, { batchSize: 2 });
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    while ((await a.runOnce()) + (await b.runOnce()) > 0);
    expect(runs.sort()).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('a reset link, and a set-password link sent on demand, go ahead of the welcome emails of a roster queued before them', async () => {
    const school = await h.buildSchool();
    const welcomed = await Promise.all(Array.from({ length: 5 }, () => h.buildStudent({ school })));
    const [onDemand, resetting] = [await h.buildStudent({ school }), await h.buildParent({ school })];
    await h.db.transaction((m) =>
      h.services.accounts.enqueueSetPasswordLinks(
        welcomed.map((user) => ({ user, school })),
        m,
      ),
    );
    const resetId = await queueReset(resetting.email);
    await h.db.transaction((m) => h.services.accounts.enqueueSetPasswordLink(onDemand, school, m));
    // A parent's consent link is not one someone asked for just now: it waits its turn.
    await h.services.outbox.enqueue('email', resetting.email, 'Consent form', 'A form to sign', { schoolId: school.id, userId: resetting.id });
    const mine = [...welcomed, onDemand, resetting].map((u) => u.email);
    const ours = await h.db.query(
      `SELECT m.recipient, m.subject, j.priority FROM jobs j JOIN outbox_messages m ON m.id::text = j.payload->>'messageId'
        WHERE j.queue = $1 AND m.recipient = ANY($2) ORDER BY j.id`,
      [OUTBOX_QUEUE, mine],
    );
    expect(ours.map((r: { priority: number }) => r.priority)).toEqual([0, 0, 0, 0, 0, PERSON_WAITING, PERSON_WAITING, 0]);
    expect(ours.find((r: { recipient: string }) => r.recipient === resetting.email).subject).toBe('Reset your password');
    // Only this test's messages are due.
    await h.db.query(
      `UPDATE jobs SET run_at = now() + interval '1 day' WHERE status = 'pending' AND queue = $1 AND run_at <= now()
          AND payload->>'messageId' NOT IN (SELECT id::text FROM outbox_messages WHERE recipient = ANY($2))`,
      [OUTBOX_QUEUE, mine],
    );
    const transport = flakyTransport(0);
    const worker = new JobWorker(h.db, { [OUTBOX_QUEUE]: outboxDeliveryHandler(h.db, { email: transport }, 0) }, { batchSize: 3 });
    expect(await worker.runOnce()).toBe(3);
    expect(transport.sent).toEqual([
      `${resetting.email}: Reset your password`,
      `${onDemand.email}: Set your password for Pathway Planner`,
      `${welcomed[0].email}: Set your password for Pathway Planner`,
    ]);
    const [reset] = await h.db.query(`SELECT status FROM outbox_messages WHERE id = $1`, [resetId]);
    expect(reset.status).toBe('sent');
    while ((await worker.runOnce()) > 0);
    expect(transport.sent.slice(3)).toEqual([...welcomed.slice(1).map((u) => `${u.email}: Set your password for Pathway Planner`), `${resetting.email}: Consent form`]);
  });

  it('a message queued again at start (its job gone) keeps its priority: the reset link still goes first', async () => {
    const school = await h.buildSchool();
    const welcomed = await Promise.all(Array.from({ length: 2 }, () => h.buildStudent({ school })));
    const resetting = await h.buildParent({ school });
    await h.db.transaction((m) =>
      h.services.accounts.enqueueSetPasswordLinks(
        welcomed.map((user) => ({ user, school })),
        m,
      ),
    );
    await queueReset(resetting.email);
    const mine = [...welcomed, resetting].map((u) => u.email);
    const ids = (await h.db.query(`SELECT id::text FROM outbox_messages WHERE recipient = ANY($1)`, [mine])).map((r: { id: string }) => r.id);
    // As when the server started without SMTP: the messages wait, their jobs are gone.
    await h.db.query(`DELETE FROM jobs WHERE queue = $1 AND payload->>'messageId' = ANY($2)`, [OUTBOX_QUEUE, ids]);
    await requeuePendingMessages(h.db, ['email']);
    const requeued = await h.db.query(
      `SELECT m.recipient, j.priority FROM jobs j JOIN outbox_messages m ON m.id::text = j.payload->>'messageId'
        WHERE j.queue = $1 AND j.status = 'pending' AND m.recipient = ANY($2)`,
      [OUTBOX_QUEUE, mine],
    );
    const priorityOf = new Map(requeued.map((r: { recipient: string; priority: number }) => [r.recipient, r.priority]));
    expect(requeued).toHaveLength(3);
    expect(mine.map((email) => priorityOf.get(email))).toEqual([0, 0, PERSON_WAITING]);
  });

  it('backs off exponentially', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffSeconds(a))).toEqual([30, 60, 120, 240, 480]);
    expect(backoffSeconds(40)).toBe(6 * 3600);
  });
});

describe('outbox page', () => {
  it('pages and filters by status for staff, with attempts and errors (GraphQL and REST)', async () => {
    const staff = await h.login(DEMO.admin);
    const parent = await h.buildParent({ school: await h.schoolNamed('Lincoln High School') });
    const id = await queueReset(parent.email);
    await h.db.query(`UPDATE outbox_messages SET status = 'failed', attempts = 5, last_error = 'mailbox unavailable' WHERE id = $1`, [id]);
    const res = await h.gql('{ outboxMessages(status: failed, limit: 200) { totalCount nodes { id recipient status attempts lastError body } } }', {}, staff);
    const mine = res.data!.outboxMessages.nodes.find((n: { id: string }) => n.id === id);
    expect(mine).toMatchObject({ recipient: parent.email, status: 'failed', attempts: 5, lastError: 'mailbox unavailable' });
    expect(mine.body).toContain('/reset-password/');
    expect(res.data!.outboxMessages.nodes.every((n: { status: string }) => n.status === 'failed')).toBe(true);

    const rest = await h.api.get('/api/outbox/?status=failed&limit=1').set(h.auth(staff));
    expect(rest.body).toHaveLength(1);
    expect(Number(rest.headers['x-total-count'])).toBe(res.data!.outboxMessages.totalCount);
    expect((await h.api.get('/api/outbox/?status=lost').set(h.auth(staff))).body.error).toBe('status must be pending, sent or failed.');
  });

  it("on a production server shows only messages of the staff member's schools, without bodies", async () => {
    // The service as a district's server wires it (production on PostgreSQL, nothing delivered yet).
    const system = new SystemService(h.db, 'server', h.services.outbox, h.services.schools, { readable: false, delivered: [] });
    const school = await h.buildSchool();
    const staff = await h.buildStaff({ school });
    const ours = await h.buildStudent({ school });
    const theirs = await h.buildStudent();
    await queueReset(ours.email);
    await queueReset(theirs.email);
    const caller = await h.services.accounts.authenticate(await h.tokenFor(staff));
    const page = await system.outboxMessages({ caller, ip: 'test', db: h.db, config: h.config, loaders: createLoaders(h.db) }, checkOutboxFilter({ limit: 200 }));
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((m) => m.body === null)).toBe(true);
    const recipients = page.rows.map((m) => m.recipient);
    expect(recipients).toContain(ours.email);
    expect(recipients).not.toContain(theirs.email);
  });
});
