/**
 * Read replicas, the parts that run without one: DATABASE_REPLICA_URLS as the operator writes it
 * (hostile values too: a setting pasted from a chat, a password in a URL), and the read fence a
 * GraphQL mutation leaves for its caller. Routing reads to a real streaming replica, with its lag made
 * real, is the cluster test's (scripts/cluster/checks.mjs).
 */
import type http from 'node:http';
import request from 'supertest';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { parseReplicaUrls } from '../config.js';
import { UserType } from '../modules/accounts/user.entity.js';
import { useHarness } from '../test/harness.js';
import { makeDataSource } from './database.js';
import { hasReplicas, replicaRead, resetReplicaState } from './replica-reads.js';

const PRIMARY = 'postgres://app:s3cret@db-primary:5432/planner';

describe('DATABASE_REPLICA_URLS', () => {
  it('is empty by default: every read goes to the primary', () => {
    expect(parseReplicaUrls('', PRIMARY)).toEqual([]);
    expect(parseReplicaUrls(' , ,', PRIMARY)).toEqual([]);
  });

  it('takes comma-separated postgres:// and postgresql:// URLs, blanks and empty items ignored', () => {
    expect(parseReplicaUrls(' postgres://app:pw@replica-1:5432/planner ,, postgresql://replica-2/planner?sslmode=require,', PRIMARY)).toEqual([
      'postgres://app:pw@replica-1:5432/planner',
      'postgresql://replica-2/planner?sslmode=require',
    ]);
    // A Unix socket, named as libpq names one.
    expect(parseReplicaUrls('postgres:///planner?host=/run/postgresql', PRIMARY)).toEqual(['postgres:///planner?host=/run/postgresql']);
  });

  it('refuses at start what is not a replica URL, saying which item and why', () => {
    const cases: [string, string][] = [
      ['mysql://replica-1/planner', '"mysql://replica-1/planner" is not a postgres:// URL'],
      ['replica-1:5432', '"replica-1:5432" is not a postgres:// URL'],
      ['"postgres://replica-1/planner"', 'is not a postgres:// URL'],
      ['postgres://replica-1:99999/planner', '"postgres://replica-1:99999/planner" is not a postgres:// URL'],
      ['postgres://', '"postgres://" names no host'],
      ['postgres:///planner', '"postgres:///planner" names no host'],
      ['postgres://replica 1/planner', 'contains a space or a control character'],
      // The URL parser would drop a pasted line break or tab and connect to "replica-1".
      ['postgres://repl\nica-1/planner', '"postgres://repl\\nica-1/planner" contains a space or a control character'],
      ['postgres://repl\tica-1/planner', 'contains a space or a control character'],
      ['postgres://replica-1/plan\u0000ner', 'contains a space or a control character'],
      [PRIMARY, 'is DATABASE_URL itself, not a replica of it'],
    ];
    for (const [raw, message] of cases) {
      expect(() => parseReplicaUrls(`postgres://replica-0/planner,${raw}`, PRIMARY), raw).toThrow(`DATABASE_REPLICA_URLS: `);
      expect(() => parseReplicaUrls(raw, PRIMARY), raw).toThrow(message);
    }
  });

  it('never shows a password in its message, even one with @ or : in it', () => {
    for (const raw of [
      'mysql://app:hunter2@replica-1/planner',
      'mysql://app:hun@ter:2@replica-1/planner',
      'app:hunter2@replica-1',
      'postgres://app:hunter2@replica 1/planner',
    ]) {
      let message = '';
      try {
        parseReplicaUrls(raw, PRIMARY);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, raw).toMatch(/^DATABASE_REPLICA_URLS: "(\w+:\/\/)?\*\*\*@replica[- ]1/);
      expect(message, raw).not.toMatch(/hunter|hun@|ter:2/);
    }
  });

  it('needs DATABASE_URL: a replica of the embedded database makes no sense', () => {
    expect(() => parseReplicaUrls('postgres://replica-1/planner', '')).toThrow('DATABASE_REPLICA_URLS needs DATABASE_URL (the primary they replicate)');
  });

  it('takes a long list item by item, without slowing down', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `postgres://replica-${i}/planner`).join(',');
    const started = performance.now();
    expect(parseReplicaUrls(many, PRIMARY)).toHaveLength(2000);
    // Generous: linear parsing takes a few milliseconds; a backtracking pattern would take seconds.
    expect(performance.now() - started).toBeLessThan(2000);
    const hostile = `postgres://${'a@'.repeat(50_000)}replica`;
    expect(() => parseReplicaUrls(hostile, PRIMARY)).not.toThrow();
    expect(() => parseReplicaUrls(`x${'@:'.repeat(50_000)}`, PRIMARY)).toThrow('"***@:" is not a postgres:// URL');
  });
});

// read_fences and pg_current_wal_insert_lsn() need a PostgreSQL server.
describe.runIf(inject('databaseKind') === 'server')('the read fence through GraphQL', () => {
  const h = useHarness();
  let replicated: DataSource;
  let built: BuiltApp;
  let server: http.Server;
  let api: ReturnType<typeof request>;

  beforeAll(async () => {
    // TypeORM's replication with the primary named as its replica too: the fence is written on the
    // primary whatever the replica is, and this is what the app runs with DATABASE_REPLICA_URLS set.
    replicated = makeDataSource(h.config.databaseUrl, 2, true, {}, [h.config.databaseUrl]);
    await replicated.initialize();
    expect(hasReplicas(replicated)).toBe(true);
    built = await buildApp(replicated, h.config, 'server');
    server = built.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    api = request(server);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await built?.stop();
    await replicated?.destroy();
  });

  const fenceOf = async (userId: number): Promise<string | null> =>
    ((await h.db.query('SELECT lsn::text AS lsn FROM read_fences WHERE user_id = $1', [userId])) as { lsn: string }[])[0]?.lsn ?? null;
  const walPosition = async (): Promise<string> => ((await h.db.query('SELECT pg_current_wal_insert_lsn()::text AS lsn')) as { lsn: string }[])[0].lsn;
  /** a - b in bytes of WAL. */
  const walDistance = async (a: string, b: string): Promise<number> =>
    Number(((await h.db.query('SELECT ($1::pg_lsn - $2::pg_lsn)::float8 AS d', [a, b])) as { d: number }[])[0].d);

  const gql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
    api.post('/graphql').set('authorization', `Token ${token}`).send({ query, variables });

  it("sets the caller's fence at the primary's position after a mutation, and a query leaves it alone", async () => {
    const student = await h.buildUser(UserType.Student);
    const other = await h.buildUser(UserType.Student);
    const token = await h.tokenFor(student);

    const read = await gql(token, '{ currentUser { email } }');
    expect(read.status).toBe(200);
    expect(read.body.data.currentUser.email).toBe(student.email);
    expect(await fenceOf(student.id)).toBeNull();

    const before = await walPosition();
    const saved = await gql(token, 'mutation ($v: Locale!) { updateLocale(locale: $v) }', { v: 'es' });
    expect(saved.status).toBe(200);
    expect(saved.body.errors).toBeUndefined();
    const after = await walPosition();

    const fence = await fenceOf(student.id);
    expect(fence).not.toBeNull();
    // At or past the position before the mutation (its change included), not past what followed it.
    expect(await walDistance(fence!, before)).toBeGreaterThan(0);
    expect(await walDistance(after, fence!)).toBeGreaterThanOrEqual(0);
    // The change itself is on the primary, and nobody else got a fence.
    expect(((await h.db.query('SELECT locale FROM users WHERE id = $1', [student.id])) as { locale: string }[])[0].locale).toBe('es');
    expect(await fenceOf(other.id)).toBeNull();

    // A query afterwards moves nothing: the fence is still the mutation's.
    expect((await gql(token, '{ currentUser { email } }')).status).toBe(200);
    expect(await fenceOf(student.id)).toBe(fence);

    // And the next request of this person carries it: their reads wait for a replica that has it.
    const caller = await built.deps.services.accounts.authenticate(token);
    expect(caller?.readFence).toBe(fence);
  });

  it('sets no fence for a mutation sent signed out', async () => {
    const count = async () => Number(((await h.db.query('SELECT count(*)::int AS n FROM read_fences')) as { n: number }[])[0].n);
    const before = await count();
    const res = await api.post('/graphql').send({ query: 'mutation { requestPasswordReset(email: "nobody-fence@test.example") }' });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before);
  });
});

// A replica that stops (a restart, a failover) cuts its connections: pg tells each pooled client with
// an 'error' event, and an 'error' event nobody listens to ends a Node process (exit code 1).
describe.runIf(inject('databaseKind') === 'server')('a replica that cuts its connections', () => {
  const h = useHarness();
  let replicated: DataSource;
  const APP_NAME = `replica-cut-${process.pid}`;

  beforeAll(async () => {
    // The primary stands in for the replica, under a name of its own so its connections can be cut.
    const replicaUrl = new URL(h.config.databaseUrl);
    replicaUrl.searchParams.set('application_name', APP_NAME);
    replicated = makeDataSource(h.config.databaseUrl, 2, true, {}, [replicaUrl.toString()]);
    await replicated.initialize();
  });

  afterAll(async () => {
    await replicated?.destroy();
  });

  const cut = async (): Promise<number> =>
    ((await h.db.query('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1', [APP_NAME])) as { n: number }[])[0].n;
  const replicaConnections = async (): Promise<number> =>
    ((await h.db.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [APP_NAME])) as { n: number }[])[0].n;
  const routed = { db: null as unknown as DataSource, reads: { writes: false, fence: null } };
  const courseCount = () => replicaRead({ ...routed, db: replicated }, 'courseList', async (m) => Number((await m.query('SELECT count(*)::int AS n FROM courses'))[0].n));

  it('keeps the process up when idle replica connections are cut, and reads on a new connection afterwards', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push((e as Error)?.message ?? e);
    process.on('uncaughtException', onUncaught);
    try {
      resetReplicaState();
      const expected = await courseCount();
      // The check ran on a replica connection, now idle in its pool.
      expect(await replicaConnections()).toBeGreaterThan(0);
      expect(await cut()).toBeGreaterThan(0);
      await expect.poll(replicaConnections, { timeout: 5000 }).toBe(0);
      // The pool has dropped the cut clients: the next read opens a new connection and answers.
      await new Promise((r) => setTimeout(r, 200));
      expect(await courseCount()).toBe(expected);
      expect(await replicaConnections()).toBeGreaterThan(0);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('keeps the process up when a connection reports an error between its checkout and its holder listening', async () => {
    // What pg does with a shutdown's FATAL read in the same packet as a new connection's
    // ReadyForQuery: pg-pool has dropped its listener on handing the connection out, TypeORM has not
    // added its own yet, and pg emits 'error' on the client.
    const pools = [(replicated.driver as unknown as { master: pg.Pool }).master, ...(replicated.driver as unknown as { slaves: pg.Pool[] }).slaves];
    expect(pools).toHaveLength(2);
    for (const pool of pools) {
      const client = await pool.connect();
      try {
        expect(() => client.emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).not.toThrow();
      } finally {
        client.release(true);
      }
    }
    // The pool still serves reads after dropping the connection.
    expect(await courseCount()).toBeGreaterThanOrEqual(0);
  });
});
