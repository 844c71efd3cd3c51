/**
 * /metrics scraped as Prometheus would: not served without METRICS_TOKEN, refused without the
 * right bearer token, and with it the counters of requests and GraphQL operations grow with the
 * traffic, the queue and outbox gauges match the tables, the pool gauges match the pool.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { JobWorker } from '../modules/jobs/job-queue.js';
import { useHarness } from '../test/harness.js';
import { bearerMatches, OPERATION_NAMES_CAP } from './metrics.js';

const h = useHarness();
const TOKEN = crypto.randomBytes(24).toString('hex');
const QUEUE = `obs-test-${crypto.randomBytes(3).toString('hex')}`;

const apps: BuiltApp[] = [];
async function app(metricsToken: string): Promise<ReturnType<typeof request>> {
  const built = await buildApp(h.db, { ...h.config, metricsToken }, h.kind);
  apps.push(built);
  return request(built.app);
}

afterAll(async () => {
  for (const a of apps) await a.stop();
  await h.db.query(`DELETE FROM jobs WHERE queue LIKE $1`, [`${QUEUE}%`]);
  await h.db.query(`DELETE FROM outbox_messages WHERE body = $1`, [QUEUE]);
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The sample with exactly these labels; 0 when the series does not exist yet. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === JSON.stringify(Object.entries(labels).sort()));
  return found?.value ?? 0;
}

describe('GET /metrics', () => {
  let api: ReturnType<typeof request>;
  const scrape = async () => {
    const res = await api.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeAll(async () => {
    api = await app(TOKEN);
  });

  it('is not served when METRICS_TOKEN is unset', async () => {
    const without = await app('');
    const res = await without.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_requests_total');
  });

  it('refuses a scrape without the bearer token, with another token or another scheme', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, `Token ${TOKEN}`, TOKEN, 'Bearer ', `Bearer ${TOKEN} extra`]) {
      const req = api.get('/metrics');
      const res = await (auth === undefined ? req : req.set('Authorization', auth));
      expect(res.status, `Authorization: ${auth}`).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('http_requests_total');
    }
  });

  it('answers Prometheus text with the token', async () => {
    const res = await api.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toContain('# TYPE http_requests_total counter');
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toContain('process_cpu_user_seconds_total');
  });

  it('counts requests by method, route pattern and status, with their durations', async () => {
    const blogs = { method: 'GET', route: '/api/blogs/', status: '200' };
    const course = { method: 'GET', route: '/api/get-course/:id/', status: '401' };
    const before = await scrape();
    expect((await api.get('/api/blogs/')).status).toBe(200);
    expect((await api.get('/api/blogs/')).status).toBe(200);
    expect((await api.get('/api/get-course/987654321/')).status).toBe(401);
    const after = await scrape();
    expect(value(after, 'http_requests_total', blogs)).toBe(value(before, 'http_requests_total', blogs) + 2);
    expect(value(after, 'http_request_duration_seconds_count', blogs)).toBe(value(before, 'http_request_duration_seconds_count', blogs) + 2);
    expect(value(after, 'http_requests_total', course)).toBe(value(before, 'http_requests_total', course) + 1);
    // The pattern, never the id of the URL.
    expect(after).not.toContain('987654321');
  });

  it('counts GraphQL operations by name and outcome', async () => {
    const before = await scrape();
    const gql = (query: string) => api.post('/graphql').send({ query });
    await gql('query BlogsProbe { blogs { id } }');
    await gql('query BlogsProbe { blogs { id } }');
    await gql('{ __typename }');
    await gql('query NotLoggedIn { students(first: 1) { hasNextPage } }');
    await gql('query Broken { noSuchField }');
    const after = await scrape();
    const grew = (labels: Record<string, string>) => value(after, 'graphql_operations_total', labels) - value(before, 'graphql_operations_total', labels);
    expect(grew({ operation: 'BlogsProbe', outcome: 'success' })).toBe(2);
    expect(grew({ operation: 'anonymous', outcome: 'success' })).toBe(1);
    expect(grew({ operation: 'NotLoggedIn', outcome: 'error' })).toBe(1);
    expect(grew({ operation: 'other', outcome: 'invalid' })).toBe(1);
    expect(after).not.toContain('Broken');
  });

  it('keeps at most OPERATION_NAMES_CAP operation names, then says "other"', async () => {
    const fresh = await app(TOKEN);
    for (let i = 0; i < OPERATION_NAMES_CAP + 5; i++) {
      expect((await fresh.post('/graphql').send({ query: `query Probe${i} { __typename }` })).status).toBe(200);
    }
    const text = (await fresh.get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
    const names = new Set(
      samples(text)
        .filter((s) => s.name === 'graphql_operations_total')
        .map((s) => s.labels.operation),
    );
    expect(names.size).toBe(OPERATION_NAMES_CAP + 1);
    expect(value(text, 'graphql_operations_total', { operation: 'other', outcome: 'success' })).toBe(5);
  });

  it('reports the job queue, failed jobs, the outbox backlog and the database pool', async () => {
    await h.db.query(`INSERT INTO jobs (queue, run_at) VALUES ($1, now() + interval '1 day'), ($1, now() + interval '1 day')`, [`${QUEUE}.waiting`]);
    await h.db.query(`INSERT INTO jobs (queue, status, finished_at) VALUES ($1, 'failed', now())`, [`${QUEUE}.broken`]);
    await h.db.query(`INSERT INTO outbox_messages (channel, recipient, body) VALUES ('sms', '+15550100000', $1)`, [QUEUE]);
    const [{ n: pendingSms }] = await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE channel = 'sms' AND status = 'pending'`);
    // A new app: the gauges' query result is reused for a few seconds.
    const fresh = await app(TOKEN);
    const text = (await fresh.get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
    expect(value(text, 'job_queue_depth', { queue: `${QUEUE}.waiting`, status: 'pending' })).toBe(2);
    expect(value(text, 'jobs_failed', { queue: `${QUEUE}.broken` })).toBe(1);
    expect(value(text, 'outbox_backlog', { channel: 'sms' })).toBe(pendingSms);
    expect(pendingSms).toBeGreaterThanOrEqual(1);
    expect(value(text, 'db_pool_max_connections')).toBe(h.kind === 'embedded' ? 1 : 5);
    const open = value(text, 'db_pool_connections', { state: 'idle' }) + value(text, 'db_pool_connections', { state: 'in_use' });
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(value(text, 'db_pool_max_connections'));
  });

  it('counts job runs by queue and outcome, failures included', async () => {
    const built = apps[0];
    const queue = `${QUEUE}.flaky`;
    await h.db.query(`INSERT INTO jobs (queue) VALUES ($1)`, [queue]);
    let calls = 0;
    const worker = new JobWorker(
      h.db,
      {
        [queue]: async () => {
          calls += 1;
          if (calls === 1) throw new Error('the mail relay said no');
        },
      },
      { backoffBaseSeconds: 0, onOutcome: built.metrics!.recordJob },
    );
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(1);
    const text = await scrape();
    expect(value(text, 'job_runs_total', { queue, outcome: 'retried' })).toBe(1);
    expect(value(text, 'job_runs_total', { queue, outcome: 'done' })).toBe(1);
    expect(value(text, 'job_runs_total', { queue, outcome: 'failed' })).toBe(0);
  });

  it('counts jobs failed for good by queue and reason: a lease that lapsed on the last attempt, a handler that threw on it', async () => {
    const built = apps[0];
    const [crashing, broken, healthy] = [`${QUEUE}.crashing`, `${QUEUE}.broken-relay`, `${QUEUE}.healthy`];
    // The process running it stopped on its last attempt (its lease lapsed); another was past its attempts already.
    await h.db.query(
      `INSERT INTO jobs (queue, status, attempts, max_attempts, locked_by, locked_at, lease_expires_at)
       VALUES ($1, 'running', 3, 3, 'gone', now() - interval '2 minutes', now() - interval '1 second'),
              ($1, 'running', 7, 5, 'gone', now() - interval '2 minutes', now() - interval '1 second'),
              ($2, 'running', 1, 3, 'gone', now() - interval '2 minutes', now() - interval '1 second')`,
      [crashing, healthy],
    );
    await h.db.query(`INSERT INTO jobs (queue, max_attempts) VALUES ($1, 1)`, [broken]);
    const never = async () => {
      throw new Error('a job failed for good ran again');
    };
    const worker = new JobWorker(
      h.db,
      {
        [crashing]: never,
        [healthy]: async () => {},
        [broken]: async () => {
          throw new Error('550 relay refused');
        },
      },
      { backoffBaseSeconds: 0, onOutcome: built.metrics!.recordJob, onFailed: built.metrics!.recordJobFailure },
    );
    expect(await worker.runOnce()).toBe(2);
    const text = await scrape();
    expect(value(text, 'job_failures_total', { queue: crashing, reason: 'lease_lapsed' })).toBe(2);
    expect(value(text, 'job_failures_total', { queue: crashing, reason: 'error' })).toBe(0);
    expect(value(text, 'job_failures_total', { queue: broken, reason: 'error' })).toBe(1);
    expect(value(text, 'job_failures_total', { queue: broken, reason: 'lease_lapsed' })).toBe(0);
    // A lapse with attempts left is not a failure: the job ran again and finished.
    expect(value(text, 'job_failures_total', { queue: healthy, reason: 'lease_lapsed' })).toBe(0);
    expect(value(text, 'job_runs_total', { queue: healthy, outcome: 'done' })).toBe(1);
    const rows = await h.db.query(`SELECT queue, status, last_error FROM jobs WHERE queue = ANY($1) ORDER BY queue, attempts`, [[crashing, broken, healthy]]);
    expect(rows).toEqual([
      { queue: broken, status: 'failed', last_error: '550 relay refused' },
      { queue: crashing, status: 'failed', last_error: 'lease lapsed 1 time: the process running it stopped' },
      { queue: crashing, status: 'failed', last_error: 'lease lapsed 1 time: the process running it stopped' },
      { queue: healthy, status: 'done', last_error: null },
    ]);
  });
});

describe('bearerMatches', () => {
  it('accepts only the configured token after "Bearer"', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}`, '')).toBe(false);
    expect(bearerMatches('Bearer ', '')).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}\nX-Other: 1`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${'a'.repeat(100_000)}`, TOKEN)).toBe(false);
  });
});
