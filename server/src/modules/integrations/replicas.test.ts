/**
 * Two app instances (each with its own services, stand-in and memory, as two replicas behind the
 * deployment's proxy) on one database: what one starts, the other honours.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, uniqueEmail, useHarness } from '../../test/harness.js';
import { enrollFamily } from '../contracts/contracts.factories.js';

const h = useHarness();

describe('two replicas on one database', () => {
  it('a session started on one is honoured, and ended, on the other', async () => {
    const a = h.api;
    const b = await h.appWith({});
    const login = await a.post('/api/login/').send({ email: DEMO.admin, password: DEMO_PASSWORD });
    const token = login.body.token as string;
    const me = await b.get('/api/current-user/').set(h.auth(token));
    expect(me.status).toBe(200);
    expect(me.body.first_name).toBeTruthy();
    expect((await b.post('/api/logout/').set(h.auth(token))).status).toBeLessThan(300);
    expect((await a.get('/api/current-user/').set(h.auth(token))).status).toBe(401);
  });

  it('sign-in failures counted on one count on the other (rate limit)', async () => {
    const a = await h.appWith({ authRateLimit: 3 });
    const b = await h.appWith({ authRateLimit: 3 });
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (const api of [a, b, a, b]) statuses.push((await api.post('/api/login/').send({ email, password: 'Wrong#Pass2026' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a test checkout started on one is shown and paid on the other', async () => {
    const a = await h.appWith({});
    const b = await h.appWith({});
    const fam = await enrollFamily(h);
    const start = await a.post('/api/create-upfront-checkout-session/').set(h.auth(fam.token)).send({ price_id: 'price_local_upfront' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const id = start.body.sessionId as string;

    const page = await b.get(`/test-checkout/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Tuition paid upfront: $9,500.00');
    const paid = await b.post(`/test-checkout/${id}/pay`);
    expect(paid.status).toBe(303);

    const history = await a.get('/api/payment-history/').set(h.auth(fam.token));
    expect(history.body[0]).toMatchObject({ amount: 9500, status: 'paid' });
    // The first replica sees the session over, too.
    expect((await a.get(`/test-checkout/${id}`)).text).toContain('This checkout is complete');
  });
});
