/**
 * How both adapters answer when something goes wrong: unknown errors are logged and masked (no
 * message, no stack trace), limits and malformed requests are refused, odd input is a 400 or 404
 * and never a 500.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../observability/logger.js';
import { useHarness } from '../test/harness.js';

const h = useHarness();

const SERVER_ERROR = 'Server error. Please try again later.';
const SECRET = 'connection to db-internal.example:5432 failed for user planner_owner';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unknown errors', () => {
  it('are masked on GraphQL: a generic message, INTERNAL_SERVER_ERROR, no stack trace, and logged', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    vi.spyOn(h.services.blogs, 'list').mockRejectedValue(new Error(SECRET));
    const g = await h.gql('{ blogs { id } }');
    expect(g.errors).toEqual([{ message: SERVER_ERROR, path: ['blogs'], extensions: { code: 'INTERNAL_SERVER_ERROR', reason: 'SERVER_ERROR' } }]);
    expect(JSON.stringify(g.body)).not.toContain('planner_owner');
    expect(JSON.stringify(g.body)).not.toMatch(/stacktrace|at .*\.ts:\d+/);
    expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ message: SECRET }) }, '[graphql] unexpected error');
  });

  it('are masked on REST: 500 with the generic message, and logged', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    vi.spyOn(h.services.blogs, 'list').mockRejectedValue(new Error(SECRET));
    const res = await h.api.get('/api/blogs/');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: SERVER_ERROR });
    expect(res.text).not.toContain('planner_owner');
    expect(logged).toHaveBeenCalledWith({ reqId: expect.any(String), err: expect.objectContaining({ message: SECRET }) }, '[api] unexpected error');
  });

  it('are back to normal once the fault is gone', async () => {
    expect((await h.api.get('/api/blogs/')).status).toBe(200);
  });
});

describe('malformed GraphQL requests', () => {
  it('keeps the code and message of a syntax error', async () => {
    const g = await h.gql('{ blogs { id ');
    expect(g.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(g.errors![0].message).toMatch(/^Syntax Error/);
  });

  it('keeps the code and message of an unknown field', async () => {
    const g = await h.gql('{ blogs { id passwordHash } }');
    expect(g.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(g.errors![0].message).toBe('Cannot query field "passwordHash" on type "Blog".');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await h.api.post('/graphql').set('Content-Type', 'application/json').send('{"query": ');
    expect(res.status).toBe(400);
  });

  it('refuses a query deeper than GRAPHQL_MAX_DEPTH', async () => {
    const api = await h.appWith({ graphqlMaxDepth: 2 });
    const token = await h.tokenFor(await h.buildStudent());
    const deep = await api.post('/graphql').set(h.auth(token)).send({ query: '{ currentUser { school { name } } }' });
    expect(deep.body.data).toBeUndefined();
    expect(deep.body.errors[0].message).toBe('Query depth limit of 2 exceeded, found 3.');
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const shallow = await api.post('/graphql').set(h.auth(token)).send({ query: '{ currentUser { id } }' });
    expect(shallow.body.errors).toBeUndefined();
    expect(shallow.body.data.currentUser.id).toBeGreaterThan(0);
  });

  it('refuses more aliases than GRAPHQL_MAX_ALIASES', async () => {
    const api = await h.appWith({ graphqlMaxAliases: 2 });
    const res = await api.post('/graphql').send({ query: '{ a: blogs { id } b: blogs { id } c: blogs { id } }' });
    expect(res.body.data).toBeUndefined();
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('Aliases limit of 2 exceeded, found 3.');
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const ok = await api.post('/graphql').send({ query: '{ a: blogs { id } b: blogs { id } }' });
    expect(ok.body.data.a.length).toBeGreaterThan(0);
  });
});

describe('schema privacy and cost', () => {
  it('refuses a query costing more than GRAPHQL_MAX_COST, counting page sizes', async () => {
    const api = await h.appWith({ graphqlMaxCost: 50 });
    const token = await h.tokenFor(await h.buildStaff());
    const big = await api.post('/graphql').set(h.auth(token)).send({ query: '{ students(first: 100) { nodes { id email } } }' });
    expect(big.status).toBe(400);
    expect(big.body.errors[0].message).toBe('Query is too expensive: it costs 301, at most 50 is allowed. Ask for fewer rows or fields.');
    const small = await api.post('/graphql').set(h.auth(token)).send({ query: '{ students(first: 10) { nodes { id email } } }' });
    expect(small.body.errors).toBeUndefined();
  });

  it('reads a page size given in a variable from its value', async () => {
    const api = await h.appWith({ graphqlMaxCost: 50 });
    const token = await h.tokenFor(await h.buildStaff());
    const query = 'query ($n: Int) { students(first: $n) { nodes { id email } } }';
    const big = await api
      .post('/graphql')
      .set(h.auth(token))
      .send({ query, variables: { n: 100 } });
    expect(big.status).toBe(400);
    expect(big.body.errors[0].message).toBe('Query is too expensive: it costs 301, at most 50 is allowed. Ask for fewer rows or fields.');
    const small = await api
      .post('/graphql')
      .set(h.auth(token))
      .send({ query, variables: { n: 10 } });
    expect(small.body.errors).toBeUndefined();
    expect(Array.isArray(small.body.data.students.nodes)).toBe(true);
  });

  it('answers a variable of the wrong type with 400 and BAD_USER_INPUT, never a 500', async () => {
    const res = await h.api.post('/graphql').send({ query: 'query ($b: Boolean!) { __typename @include(if: $b) }', variables: { b: 'yes' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: 'Variable "$b" got invalid value "yes"; Boolean cannot represent a non boolean value: "yes"', extensions: { code: 'BAD_USER_INPUT' } },
    ]);
  });

  it('refuses a document with more tokens than GRAPHQL_MAX_TOKENS while parsing', async () => {
    const api = await h.appWith({ graphqlMaxTokens: 20 });
    const res = await api.post('/graphql').send({ query: `{ blogs { ${'id '.repeat(30)} } }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(res.body.errors[0].message).toMatch(/more that 20 tokens/);
  });

  it('in production, refuses introspection to anonymous callers and keeps it for signed-in users', async () => {
    const api = await h.appWith({ nodeEnv: 'production' });
    const anonymous = await api.post('/graphql').send({ query: '{ __schema { queryType { name } } }' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.errors[0]).toMatchObject({ message: 'Introspection is available to signed-in users only.', extensions: { code: 'FORBIDDEN' } });
    const token = await h.tokenFor(await h.buildStaff());
    const staff = await api.post('/graphql').set(h.auth(token)).send({ query: '{ __schema { queryType { name } } }' });
    expect(staff.body.data.__schema.queryType.name).toBe('Query');
  });

  it('gives anonymous callers no field-name suggestions, and signed-in callers keep them', async () => {
    const anonymous = await h.gql('{ blogs { titel } }');
    expect(anonymous.errors![0].message).toBe('Cannot query field "titel" on type "Blog".');
    const token = await h.tokenFor(await h.buildStaff());
    const staff = await h.api.post('/graphql').set(h.auth(token)).send({ query: '{ blogs { titel } }' });
    expect(staff.body.errors[0].message).toBe('Cannot query field "titel" on type "Blog". Did you mean "title" or "date"?');
  });
});

describe('odd input is refused, never a 500', () => {
  const NUL = 'Text may not contain the NUL character.';

  it('text holding a NUL character (PostgreSQL cannot store it) gets a 400 with a message', async () => {
    const staff = await h.tokenFor(await h.buildStaff());
    const cases = [
      h.api.post('/api/login/').send({ email: 'a\u0000b@test.example', password: 'x' }),
      h.api.post('/api/register/').send({ signup_code: 'LINCOLN-STUDENT', email: 'nul@test.example', password: 'Planner#2026', first_name: 'A\u0000', last_name: 'B' }),
      h.api.post('/api/request-reset-password/').send({ email: 'a\u0000b@test.example' }),
      h.api.post('/api/schools/').set(h.auth(staff)).send({ name: 'Nul\u0000 High', school_type: 'HS', location: 'CA' }),
      h.api
        .put('/api/update-user-labels/')
        .set(h.auth(staff))
        .send({ academic_year_labels: ['Fall\u0000'] }),
      h.api.get('/api/students-in-school/?search=%00').set(h.auth(staff)),
      h.api
        .post('/api/add-student/')
        .set(h.auth(await h.tokenFor(await h.buildParent())))
        .send({ parent_code: 'AB\u0000CD' }),
    ];
    for (const [i, req] of cases.entries()) {
      const res = await req;
      expect(res.status, `case ${i}`).toBe(400);
      expect(res.body, `case ${i}`).toMatchObject({ error: NUL });
    }
    const g = await h.gql('query ($s: String) { students(search: $s) { totalCount } }', { s: 'a\u0000' }, staff);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0].message).toBe(NUL);
  });

  it('an id beyond the integer range is an unknown student or an invalid link', async () => {
    const admin = await h.tokenFor(await h.buildStaff());
    const view = await h.api.post('/api/view-as-student/').set(h.auth(admin)).send({ studentId: '99999999999' });
    expect(view.status).toBe(404);
    expect(view.body).toMatchObject({ error: 'Student not found.' });
    const uidb64 = Buffer.from('999999999999').toString('base64url');
    const reset = await h.api.post(`/api/reset-password/${uidb64}/some-token/`).send({ password: 'Planner#2026' });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ error: 'This password reset link is invalid or has expired. Please request a new one.' });
  });

  it('a body that is not an object gets a 400', async () => {
    const res = await h.api.post('/api/login/').set('Content-Type', 'application/json').send('[1, 2]');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
