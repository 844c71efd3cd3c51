/**
 * Signed-out callers of /graphql (graphql/anonymous.ts): no schema in production by any path
 * (persisted queries, fragments, aliases, `__type`, a second operation), a small document (tokens,
 * fragment definitions, fragment spreads) refused with 400 and a reason before Apollo validates it,
 * a rate limit per address, and signed-in callers answered as before. Server time is measured by
 * the bench (`gqlanonymous`), not here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REASONS } from '@planner/shared';
import { getIntrospectionQuery, Kind, parse, print, separateOperations, visit, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig, serverPackageDir } from '../config.js';
import { useHarness } from '../test/harness.js';
import { fragmentBomb, wideFragments } from '../test/hostile-documents.js';
import { signedOutDocumentRefusal, signedOutLimits } from './anonymous.js';

const h = useHarness();

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const getPath = (params: Record<string, string>) => `/graphql?${new URLSearchParams(params)}`;

const INTROSPECTION = '{ __schema { types { name fields { name } } } }';
const PERSISTED_OFF = { message: REASONS.GRAPHQL_PERSISTED_QUERIES_OFF, extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED', reason: 'GRAPHQL_PERSISTED_QUERIES_OFF' } };
const NO_INTROSPECTION = { message: REASONS.GRAPHQL_INTROSPECTION_SIGNED_IN_ONLY, extensions: { code: 'FORBIDDEN', reason: 'GRAPHQL_INTROSPECTION_SIGNED_IN_ONLY' } };

describe('signed-out introspection in production', () => {
  it('a hash a signed-in user sent with the introspection query gives a signed-out caller nothing, by POST or GET', async () => {
    const api = await h.appWith({ nodeEnv: 'production' });
    const token = await h.tokenFor(await h.buildStaff());
    const persistedQuery = { version: 1, sha256Hash: sha256(INTROSPECTION) };
    const register = await api.post('/graphql').set(h.auth(token)).send({ query: INTROSPECTION, extensions: { persistedQuery } });
    expect(register.status).toBe(400);
    expect(register.body).toEqual({ errors: [PERSISTED_OFF] });

    const byPost = await api.post('/graphql').send({ extensions: { persistedQuery } });
    const byGet = await api.get(getPath({ extensions: JSON.stringify({ persistedQuery }) })).set('Apollo-Require-Preflight', 'true');
    // A hash with a harmless text beside it is refused too: no request names a stored document.
    const withText = await api.post('/graphql').send({ query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: sha256('{ __typename }') } } });
    for (const [name, res] of Object.entries({ byPost, byGet, withText })) {
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ errors: [PERSISTED_OFF] });
      expect(res.text, name).not.toContain('__Schema');
    }
  });

  const HIDDEN: [string, { query: string; operationName?: string }][] = [
    ['plain', { query: '{ __schema { queryType { name } } }' }],
    ['in a fragment', { query: 'query { ...F } fragment F on Query { __schema { types { name } } }' }],
    ['in an inline fragment', { query: '{ ... on Query { __schema { types { name } } } }' }],
    ['aliased', { query: '{ s: __schema { types { name } } }' }],
    ['__type(name:)', { query: '{ __type(name: "CurrentUser") { fields { name } } }' }],
    ['aliased __type in a fragment', { query: 'query { ...F } fragment F on Query { t: __type(name: "Query") { name } }' }],
    ['in the second operation, chosen by operationName', { query: 'query A { __typename } query B { __schema { types { name } } }', operationName: 'B' }],
    ['in the operation not chosen', { query: 'query A { __typename } query B { __schema { types { name } } }', operationName: 'A' }],
  ];

  it.each(HIDDEN)('refuses introspection %s with 403 and a reason, by POST and GET', async (_name, body) => {
    const api = await h.appWith({ nodeEnv: 'production' });
    const post = await api.post('/graphql').send(body);
    const get = await api.get(getPath(body as Record<string, string>)).set('Apollo-Require-Preflight', 'true');
    for (const res of [post, get]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errors: [NO_INTROSPECTION] });
    }
  });

  it('answers __typename, and a document that only mentions __schema in a comment or a string', async () => {
    const api = await h.appWith({ nodeEnv: 'production' });
    const typename = await api.post('/graphql').send({ query: '{ __typename t: __typename }' });
    expect(typename.status).toBe(200);
    expect(typename.body).toEqual({ data: { __typename: 'Query', t: 'Query' } });
    const comment = await api.post('/graphql').send({ query: '{ __typename } # not __schema, not __type' });
    expect(comment.body).toEqual({ data: { __typename: 'Query' } });
    const string = await api.post('/graphql').send({ query: 'mutation { requestPasswordReset(email: "__schema@nobody.example") }' });
    expect(string.status).toBe(200);
    expect(string.body.errors).toBeUndefined();
  });

  it('keeps full introspection for signed-in users, staff and students alike', async () => {
    const api = await h.appWith({ nodeEnv: 'production' });
    for (const user of [await h.buildStaff(), await h.buildStudent()]) {
      const res = await api
        .post('/graphql')
        .set(h.auth(await h.tokenFor(user)))
        .send({ query: getIntrospectionQuery() });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.__schema.types.length).toBeGreaterThan(100);
      expect(res.body.data.__schema.types.map((t: { name: string }) => t.name)).toContain('CurrentUser');
    }
  });

  it('outside production, a signed-out caller still reads the schema', async () => {
    const res = await h.api.post('/graphql').send({ query: '{ __schema { queryType { name } } }' });
    expect(res.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('signed-out documents', () => {
  const tokens = (max: number) => ({
    message: `Without signing in, a GraphQL document may hold at most ${max} tokens.`,
    extensions: { code: 'BAD_USER_INPUT', reason: 'GRAPHQL_SIGNED_OUT_TOO_MANY_TOKENS', params: { max: String(max) } },
  });
  const fragments = (max: number) => ({
    message: `Without signing in, a GraphQL document may define at most ${max} fragments.`,
    extensions: { code: 'BAD_USER_INPUT', reason: 'GRAPHQL_SIGNED_OUT_TOO_MANY_FRAGMENTS', params: { max: String(max) } },
  });
  const spreads = (max: number) => ({
    message: `Without signing in, a GraphQL document may spread fragments at most ${max} times.`,
    extensions: { code: 'BAD_USER_INPUT', reason: 'GRAPHQL_SIGNED_OUT_TOO_MANY_SPREADS', params: { max: String(max) } },
  });
  const random = () => crypto.randomBytes(12).toString('hex');
  /** `{ __typename __typename ... }` of exactly `n` tokens. */
  const ofTokens = (n: number) => `{ ${'__typename '.repeat(n - 2)}}`;
  /** `n` fragments of one field each, all spread once. */
  const manyFragments = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `...F${i}`).join(' ')} } ${Array.from({ length: n }, (_, i) => `fragment F${i} on Query { __typename }`).join(' ')}`;
  /** One fragment spread `n` times. */
  const manySpreads = (n: number) => `{ ${'...F '.repeat(n)}} fragment F on Query { __typename }`;

  /** [name, document, refusal, also by GET]: a GET carries at most about 16 KB of request line (Node answers 431 above), so the largest go by POST only. */
  const HOSTILE: [string, () => string, ReturnType<typeof tokens>, boolean][] = [
    ['23 levels of 2 spreads', () => fragmentBomb(23, 2), tokens(200), true],
    ['23 levels of 3 spreads', () => fragmentBomb(23, 3), tokens(200), true],
    ['300 levels of 2 spreads', () => fragmentBomb(300, 2), tokens(200), false],
    ['300 wide fragments with a random trailing comment', () => wideFragments(300, random()), tokens(200), false],
    ['60 wide fragments with a random trailing comment', () => wideFragments(60, random()), tokens(200), true],
    ['201 tokens', () => ofTokens(201), tokens(200), true],
    ['a syntax error after 200 tokens', () => `${ofTokens(220).slice(0, -1)} {`, tokens(200), true],
    ['6 fragment definitions', () => manyFragments(6), fragments(5), true],
    ['11 spreads of one fragment', () => manySpreads(11), spreads(10), true],
    ['12 levels of 2 spreads (few tokens, 13 fragments)', () => fragmentBomb(12, 2), fragments(5), true],
  ];

  it.each(HOSTILE)('refuses %s with 400 and its reason', async (_name, document, error, byGet) => {
    const query = document();
    const answers = [await h.api.post('/graphql').send({ query })];
    if (byGet) answers.push(await h.api.get(getPath({ query })).set('Apollo-Require-Preflight', 'true'));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [error] });
    }
  });

  it('refuses them the same with a token that signs nobody in, and in any field of a GET', async () => {
    const query = wideFragments(60, random());
    const expired = await h.api.post('/graphql').set(h.auth('not-a-real-token')).send({ query });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ errors: [tokens(200)] });
    // Apollo refuses two `query` parameters itself; the hostile one is never parsed either way.
    const twice = await h.api.get(`/graphql?query=${encodeURIComponent('{ __typename }')}&query=${encodeURIComponent(query)}`).set('Apollo-Require-Preflight', 'true');
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ errors: [tokens(200)] });
  });

  it('answers documents at each limit, and does not count comments as tokens', async () => {
    const atLimits = [ofTokens(200), manyFragments(5), manySpreads(10), `${ofTokens(200)} # ${'x'.repeat(100_000)}`];
    for (const query of atLimits) {
      const res = await h.api.post('/graphql').send({ query });
      expect(res.status, query.slice(0, 60)).toBe(200);
      expect(res.body.data.__typename).toBe('Query');
    }
  });

  it('keeps Apollo’s own answers to malformed requests: 4xx, never 5xx', async () => {
    const cases = [
      h.api.post('/graphql').send({ query: ['{ __typename }'] }),
      h.api.post('/graphql').send({ query: 42 }),
      h.api.post('/graphql').send([{ query: wideFragments(300) }]),
      h.api.post('/graphql').send({ query: '{ blogs { id ' }),
      h.api.put('/graphql').send({ query: wideFragments(300) }),
    ];
    for (const [i, req] of cases.entries()) {
      const res = await req;
      expect(res.status, `case ${i}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `case ${i}`).toBeLessThan(500);
      expect(res.body.data, `case ${i}`).toBeUndefined();
    }
  });

  it('signed-in callers keep the limits of before: the same documents are answered or refused as too expensive', async () => {
    const token = await h.tokenFor(await h.buildStaff());
    const wide = await h.api
      .post('/graphql')
      .set(h.auth(token))
      .send({ query: wideFragments(300, random()) });
    expect(wide.status).toBe(200);
    expect(wide.body.errors).toBeUndefined();
    expect(Array.isArray(wide.body.data.blogs)).toBe(true);
    const bomb = await h.api
      .post('/graphql')
      .set(h.auth(token))
      .send({ query: fragmentBomb(23, 2) });
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors).toEqual([
      {
        message: `Query is too expensive: it costs ${2 ** 23}, at most ${h.config.graphqlMaxCost} is allowed. Ask for fewer rows or fields.`,
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ]);
    const many = await h.api
      .post('/graphql')
      .set(h.auth(token))
      .send({ query: manyFragments(40) });
    expect(many.body).toEqual({ data: { __typename: 'Query' } });
  });

  it('follows GRAPHQL_ANONYMOUS_MAX_TOKENS, _FRAGMENTS and _SPREADS', async () => {
    process.env.GRAPHQL_ANONYMOUS_MAX_TOKENS = '50';
    process.env.GRAPHQL_ANONYMOUS_MAX_FRAGMENTS = '1';
    process.env.GRAPHQL_ANONYMOUS_MAX_SPREADS = '2';
    let config;
    try {
      config = loadConfig();
    } finally {
      delete process.env.GRAPHQL_ANONYMOUS_MAX_TOKENS;
      delete process.env.GRAPHQL_ANONYMOUS_MAX_FRAGMENTS;
      delete process.env.GRAPHQL_ANONYMOUS_MAX_SPREADS;
    }
    expect(signedOutLimits(config)).toEqual({ maxTokens: 50, maxFragments: 1, maxSpreads: 2 });
    const api = await h.appWith({ graphqlAnonymousMaxTokens: 50, graphqlAnonymousMaxFragments: 1, graphqlAnonymousMaxSpreads: 2 });
    expect((await api.post('/graphql').send({ query: ofTokens(51) })).body).toEqual({ errors: [tokens(50)] });
    expect((await api.post('/graphql').send({ query: manyFragments(2) })).body).toEqual({ errors: [fragments(1)] });
    expect((await api.post('/graphql').send({ query: manySpreads(3) })).body).toEqual({ errors: [spreads(2)] });
    expect((await api.post('/graphql').send({ query: ofTokens(50) })).status).toBe(200);
  });
});

describe('the signed-out rate limit', () => {
  const tight = { limit: 3, windowSeconds: 60 };

  it('answers the request past RATE_LIMIT_ANONYMOUS_GRAPHQL from one address with 429 and Retry-After, refused documents counting too', async () => {
    const api = await h.appWith({ rateLimits: { ...h.config.rateLimits, anonymousGraphql: tight } });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    expect((await api.post('/graphql').set(from('203.0.113.7')).send({ query: '{ __typename }' })).status).toBe(200);
    expect(
      (
        await api
          .post('/graphql')
          .set(from('203.0.113.7'))
          .send({ query: wideFragments(300) })
      ).status,
    ).toBe(400);
    expect(
      (
        await api
          .get(getPath({ query: '{ __typename }' }))
          .set(from('203.0.113.7'))
          .set('Apollo-Require-Preflight', 'true')
      ).status,
    ).toBe(200);
    const refused = await api.post('/graphql').set(from('203.0.113.7')).send({ query: '{ __typename }' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      {
        message: expect.stringMatching(/^Too many signed-out GraphQL request attempts\. Please wait (\d+ seconds?|1 minute) and try again\.$/),
        extensions: {
          code: 'RATE_LIMITED',
          reason: 'RATE_LIMITED',
          params: { name: 'signed-out GraphQL request', when: expect.any(String) },
          retryAfter: expect.any(Number),
        },
      },
    ]);
    const [bucket] = await h.db.query(`SELECT hits FROM rate_limit_buckets WHERE key = $1`, ['signed-out GraphQL request:ip:203.0.113.7']);
    expect(bucket.hits).toBe(4);

    // Another address, and a signed-in caller from the same one, are not held back.
    expect((await api.post('/graphql').set(from('203.0.113.8')).send({ query: '{ __typename }' })).body).toEqual({ data: { __typename: 'Query' } });
    const token = await h.tokenFor(await h.buildStudent());
    for (let i = 0; i < 5; i++) {
      const signedIn = await api.post('/graphql').set(from('203.0.113.7')).set(h.auth(token)).send({ query: '{ __typename }' });
      expect(signedIn.body).toEqual({ data: { __typename: 'Query' } });
    }
  });

  it('reads RATE_LIMIT_ANONYMOUS_GRAPHQL as limit/windowSeconds, 300 a minute by default', () => {
    expect(loadConfig().rateLimits.anonymousGraphql).toEqual({ limit: 300, windowSeconds: 60 });
    process.env.RATE_LIMIT_ANONYMOUS_GRAPHQL = '40/10';
    try {
      expect(loadConfig().rateLimits.anonymousGraphql).toEqual({ limit: 40, windowSeconds: 10 });
      process.env.RATE_LIMIT_ANONYMOUS_GRAPHQL = 'many';
      expect(() => loadConfig()).toThrow('RATE_LIMIT_ANONYMOUS_GRAPHQL must look like "limit/windowSeconds"');
    } finally {
      delete process.env.RATE_LIMIT_ANONYMOUS_GRAPHQL;
    }
  });
});

describe('the operations the client sends', () => {
  /** As Apollo Client sends them: `__typename` added to every selection below the operation's root. */
  const withTypename = (document: DocumentNode): DocumentNode =>
    visit(document, {
      SelectionSet: {
        leave(node, _key, parent) {
          if (parent && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION) return undefined;
          if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
          return { ...node, selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] };
        },
      },
    });

  it('all pass the signed-out limits at their default settings, signed-in operations included (an expired session sends them signed out)', () => {
    const clientSrc = path.join(serverPackageDir(), '..', 'client', 'src');
    const dirs = [...fs.readdirSync(path.join(clientSrc, 'pages')).map((d) => path.join(clientSrc, 'pages', d)), path.join(clientSrc, 'session')].filter((d) =>
      fs.statSync(d).isDirectory(),
    );
    const files = dirs.flatMap((d) =>
      fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.graphql'))
        .map((f) => path.join(d, f)),
    );
    const operations = separateOperations(parse(files.map((f) => fs.readFileSync(f, 'utf8')).join('\n')));
    expect(Object.keys(operations)).toEqual(
      expect.arrayContaining(['Login', 'Register', 'RequestPasswordReset', 'ResetPassword', 'Blogs', 'Blog', 'ParentSignForm', 'CurrentUser']),
    );
    const limits = signedOutLimits(loadConfig());
    for (const [name, document] of Object.entries(operations)) {
      expect(signedOutDocumentRefusal(print(withTypename(document)), limits), name).toBeNull();
    }
    // The check sees a document over the budget (it is not vacuous).
    expect(signedOutDocumentRefusal(wideFragments(3), { ...limits, maxFragments: 2 })?.reason).toBe('GRAPHQL_SIGNED_OUT_TOO_MANY_FRAGMENTS');
  });
});
