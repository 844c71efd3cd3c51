/**
 * What every answer carries and how a body the server cannot read is refused, through the real app:
 * - Strict-Transport-Security on every answer when PUBLIC_URL is https, never when it is http
 *   (the local demo, where a browser would then refuse plain http to localhost for a year);
 * - a malformed or oversized JSON body answers 400 / 413 in JSON, never Express's HTML page:
 *   the GraphQL error shape on /graphql, `{ error, reason }` on /api.
 */
import { describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import { useHarness } from '../test/harness.js';

const h = useHarness();

const HSTS = 'max-age=31536000; includeSubDomains';
const BOM = '\uFEFF';
/** Bodies sent as application/json that are not JSON. */
const MALFORMED: [string, string][] = [
  ['truncated', '{"query": "{ __typename }"'],
  ['a key without a value', '{"query":'],
  ['a lone quote', '"'],
  ['a BOM before a truncated object', `${BOM}{"query": "{ __typename }`],
  ['two BOMs', `${BOM}${BOM}{"query":"{ __typename }"}`],
  ['single quotes', "{'query': '{ __typename }'}"],
  ['a trailing comma', '{"query":"{ __typename }",}'],
  ['a bare word', 'query'],
  ['a number', '42'],
  ['a NUL byte', '{"query":"\u0000'],
  ['binary', '\u00ff\u00fe\u0000{'],
];

/** Every answer is JSON, never the HTML error page, whatever went wrong. */
function expectJson(res: Response): void {
  expect(res.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);
  expect(res.text).not.toMatch(/<html|<!DOCTYPE|<pre>/i);
}

function expectGraphqlRefusal(res: Response, status: number, reason: string, message: string): void {
  expect(res.status, res.text).toBe(status);
  expectJson(res);
  expect(res.body).toEqual({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', reason } }] });
}

describe('Strict-Transport-Security', () => {
  /** One answer of each kind, named for the failure message. */
  const answers = async (api: typeof h.api): Promise<[string, Response][]> => [
    ['GET /api/health/', await api.get('/api/health/')],
    ['GET /api/no-such-route/', await api.get('/api/no-such-route/')],
    ['POST /api/login/ (401)', await api.post('/api/login/').send({ email: 'nobody@test.example', password: 'Wrong#Guess2026' })],
    ['POST /api/login/ (malformed)', await api.post('/api/login/').set('Content-Type', 'application/json').send('{"email":')],
    ['POST /graphql', await api.post('/graphql').send({ query: '{ __typename }' })],
    ['POST /graphql (malformed)', await api.post('/graphql').set('Content-Type', 'application/json').send('{"query":')],
    ['GET /metrics', await api.get('/metrics')],
    ['GET /', await api.get('/')],
    ['GET /plan', await api.get('/plan')],
    ['GET /files/transcripts/1/', await api.get('/files/transcripts/1/')],
  ];

  for (const publicUrl of ['https://planner.lincolnusd.org', 'HTTPS://Planner.Example.org/', 'https://planner.example.org:8443/planner']) {
    it(`is on every answer, refusals and errors included, when PUBLIC_URL is ${publicUrl}`, async () => {
      const api = await h.appWith({ publicUrl });
      for (const [what, res] of await answers(api)) expect(res.headers['strict-transport-security'], `${what}: ${res.status}`).toBe(HSTS);
    });
  }

  for (const publicUrl of ['http://planner.test', 'http://localhost:4000', 'http://https.example.org']) {
    it(`is never sent when PUBLIC_URL is ${publicUrl}`, async () => {
      const api = publicUrl === h.config.publicUrl ? h.api : await h.appWith({ publicUrl });
      for (const [what, res] of await answers(api)) expect(res.headers['strict-transport-security'], what).toBeUndefined();
    });
  }
});

describe('a body the server cannot read', () => {
  for (const [what, body] of MALFORMED) {
    it(`/graphql answers 400 in the GraphQL error shape: ${what}`, async () => {
      const res = await h.api.post('/graphql').set('Content-Type', 'application/json').send(body);
      expectGraphqlRefusal(res, 400, 'BODY_NOT_JSON', 'The request body is not valid JSON.');
    });

    it(`/api answers 400 { error, reason }: ${what}`, async () => {
      for (const [method, path] of [
        ['post', '/api/login/'],
        ['put', '/api/schools/plan-approval/'],
        ['post', '/api/no-such-route/'],
      ] as const) {
        const res = await h.api[method](path).set('Content-Type', 'application/json').send(body);
        expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
        expectJson(res);
        expect(res.body).toEqual({ error: 'The request body is not valid JSON.', reason: 'BODY_NOT_JSON' });
      }
    });
  }

  it('reads a JSON body behind one byte-order mark, as JSON allows', async () => {
    const res = await h.api.post('/graphql').set('Content-Type', 'application/json').send(`${BOM}{"query":"{ __typename }"}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  });

  it('/graphql refuses a JSON body sent with another content type in JSON, not with a server error', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/html', 'application/octet-stream']) {
      const res = await h.api.post('/graphql').set('Content-Type', type).set('Apollo-Require-Preflight', 'true').send('{"query":"{ __typename }"}');
      expect(res.status, `${type}: ${res.text}`).toBe(400);
      expectJson(res);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0].extensions.code, type).toMatch(/^(BAD_REQUEST|BAD_USER_INPUT)$/);
      expect(res.body.errors[0].message).not.toMatch(/req\.body|json middleware/i);
    }
  });

  it('/api refuses a JSON body sent with another content type with a 4xx in JSON', async () => {
    const res = await h.api.post('/api/login/').set('Content-Type', 'text/plain').send('{"email":"a@b.example","password":"x"}');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectJson(res);
    expect(res.body.reason).toEqual(expect.any(String));
  });

  it('answers a body over 1 MB with 413 in JSON, on /graphql and /api', async () => {
    const big = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(1024 * 1024 + 10) } });
    const g = await h.api.post('/graphql').set('Content-Type', 'application/json').send(big);
    expectGraphqlRefusal(g, 413, 'REQUEST_TOO_LARGE', 'The request is too large.');
    // Too large is said before the body is read: a truncated giant is refused as large, not as malformed.
    const truncatedGiant = await h.api.post('/graphql').set('Content-Type', 'application/json').send(big.slice(0, -5));
    expectGraphqlRefusal(truncatedGiant, 413, 'REQUEST_TOO_LARGE', 'The request is too large.');
    const r = await h.api.post('/api/login/').set('Content-Type', 'application/json').send(big);
    expect(r.status).toBe(413);
    expectJson(r);
    expect(r.body).toEqual({ error: 'The request is too large.', reason: 'REQUEST_TOO_LARGE' });
    // The Stripe webhook reads its raw body with a parser of its own, under /api too.
    const w = await h.api.post('/api/stripe/webhook/').set('Content-Type', 'application/json').send(big);
    expect(w.status).toBe(413);
    expect(w.body).toEqual({ error: 'The request is too large.', reason: 'REQUEST_TOO_LARGE' });
  });

  it('refuses a charset JSON does not use, in JSON', async () => {
    const g = await h.api.post('/graphql').set('Content-Type', 'application/json; charset=latin1').send('{"query":"{ __typename }"}');
    expect(g.status).toBe(415);
    expectJson(g);
    expect(g.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', reason: 'BODY_NOT_JSON' });
    const r = await h.api.post('/api/login/').set('Content-Type', 'application/json; charset=latin1').send('{}');
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ error: 'The request body is not valid JSON.', reason: 'BODY_NOT_JSON' });
  });

  it('still answers a well-formed request after all of that', async () => {
    const res = await h.api.post('/graphql').send({ query: '{ __typename }' });
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  });
});
