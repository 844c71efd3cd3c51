/**
 * Signed-out callers of /graphql (graphql/anonymous.ts): no schema in production by any path
 * (persisted queries, fragments, aliases, `__type`, a second operation), and signed-in callers
 * answered as before.
 */
import crypto from 'node:crypto';
import { REASONS } from '@planner/shared';
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.js';

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
      const res = await api.post('/graphql').set(h.auth(await h.tokenFor(user))).send({ query: getIntrospectionQuery() });
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
