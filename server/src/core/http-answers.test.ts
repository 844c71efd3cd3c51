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
  const paths = async (api: typeof h.api): Promise<Response[]> => [
    await api.get('/api/health/'),
    await api.get('/api/no-such-route/'),
    await api.post('/api/login/').send({ email: 'nobody@test.example', password: 'Wrong#Guess2026' }),
    await api.post('/api/login/').set('Content-Type', 'application/json').send('{"email":'),
    await api.post('/graphql').send({ query: '{ __typename }' }),
    await api.post('/graphql').set('Content-Type', 'application/json').send('{"query":'),
    await api.get('/metrics'),
    await api.get('/'),
    await api.get('/plan'),
    await api.get('/files/transcripts/1/'),
  ];

  for (const publicUrl of ['https://planner.lincolnusd.org', 'HTTPS://Planner.Example.org/', 'https://planner.example.org:8443/planner']) {
    it(`is on every answer, refusals and errors included, when PUBLIC_URL is ${publicUrl}`, async () => {
      const api = await h.appWith({ publicUrl });
      for (const res of await paths(api)) expect(res.headers['strict-transport-security'], `${res.req.method} ${res.req.path} (${res.status})`).toBe(HSTS);
    });
  }

  for (const publicUrl of ['http://planner.test', 'http://localhost:4000', 'http://https.example.org']) {
    it(`is never sent when PUBLIC_URL is ${publicUrl}`, async () => {
      const api = publicUrl === h.config.publicUrl ? h.api : await h.appWith({ publicUrl });
      for (const res of await paths(api)) expect(res.headers['strict-transport-security'], `${res.req.method} ${res.req.path}`).toBeUndefined();
    });
  }
});
