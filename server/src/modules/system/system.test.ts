/** The staff status page (/test) and the health check, through REST and GraphQL. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverPackageDir } from '../../config.js';
import { useHarness } from '../../test/harness.js';

const h = useHarness();

const rootVersion = JSON.parse(fs.readFileSync(path.join(serverPackageDir(), '..', 'package.json'), 'utf8')).version;

describe('system-status', () => {
  it('tells staff the version, the database kind, the migrations and the outbox backlog', async () => {
    const token = await h.tokenFor(await h.buildStaff());
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE status = 'pending'`);
    const res = await h.api.get('/api/system-status/').set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(rootVersion);
    expect(res.body.database_kind).toBe(h.kind);
    expect(res.body.migrations).toContain('Foundation1732200000000');
    expect(res.body.outbox_backlog).toBe(n);

    // A queued email shows in the backlog.
    await h.api.post('/api/request-reset-password/').send({ email: (await h.buildParent()).email });
    const after = await h.api.get('/api/system-status/').set(h.auth(token));
    expect(after.body.outbox_backlog).toBe(n + 1);
  });

  it('answers through GraphQL', async () => {
    const g = await h.gql('{ systemStatus { version databaseKind migrations outboxBacklog } }', {}, await h.tokenFor(await h.buildStaff()));
    expect(g.errors).toBeUndefined();
    expect(g.data!.systemStatus).toMatchObject({ version: rootVersion, databaseKind: h.kind });
    expect(g.data!.systemStatus.migrations).toContain('Foundation1732200000000');
  });

  it('is refused for students (403) and without a token (401)', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    const res = await h.api.get('/api/system-status/').set(h.auth(token));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'You do not have permission to perform this action.' });
    expect((await h.gql('{ systemStatus { version } }', {}, token)).code).toBe('FORBIDDEN');
    expect((await h.api.get('/api/system-status/')).status).toBe(401);
  });
});

describe('outbox', () => {
  it('shows staff the queued messages outside production, and refuses students', async () => {
    const school = await h.buildSchool();
    const parent = await h.buildParent({ school });
    await h.api.post('/api/request-reset-password/').send({ email: parent.email });
    // Another school's staff never sees this family's reset link.
    const foreign = await h.api.get('/api/outbox/').set(h.auth(await h.tokenFor(await h.buildStaff())));
    expect(foreign.status).toBe(200);
    expect(foreign.body.find((m: { recipient: string }) => m.recipient === parent.email)).toBeUndefined();
    const res = await h.api.get('/api/outbox/').set(h.auth(await h.tokenFor(await h.buildStaff({ school }))));
    expect(res.status).toBe(200);
    const mine = res.body.find((m: { recipient: string }) => m.recipient === parent.email);
    expect(mine).toMatchObject({ channel: 'email', subject: 'Reset your password', status: 'pending' });
    expect(mine.body).toContain('/reset-password/');
    expect((await h.api.get('/api/outbox/').set(h.auth(await h.tokenFor(await h.buildStudent())))).status).toBe(403);
  });
});

describe('health', () => {
  it('answers ok without a token', async () => {
    const res = await h.api.get('/api/health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

it('answers 404 with a message for an unknown /api path', async () => {
  const res = await h.api.get('/api/no-such-thing/');
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ error: 'Not found.' });
});
