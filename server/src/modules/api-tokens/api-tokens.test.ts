import { describe, expect, it } from 'vitest';
import { sha256 } from '../../core/passwords.js';
import { DEMO, useHarness } from '../../test/harness.js';

const h = useHarness();

describe('personal API tokens', () => {
  it('staff create a named token, shown once, stored hashed, usable as Token and Bearer on both APIs, then revoke it', async () => {
    const staff = await h.buildStaff({ firstName: 'Dana' });
    const session = await h.tokenFor(staff);

    const created = await h.api.post('/api/api-tokens/').set(h.auth(session)).send({ name: 'Nightly SIS sync', expires_in_days: 30 });
    expect(created.status).toBe(201);
    const token: string = created.body.token;
    expect(created.body.name).toBe('Nightly SIS sync');
    expect(created.body.last_four).toBe(token.slice(-4));
    const days = (new Date(created.body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const [row] = await h.db.query(`SELECT token_hash, kind, name FROM auth_tokens WHERE id = $1`, [created.body.id]);
    expect(row).toEqual({ token_hash: sha256(token), kind: 'api', name: 'Nightly SIS sync' });

    const list = await h.api.get('/api/api-tokens/').set(h.auth(session));
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: 'Nightly SIS sync', last_four: token.slice(-4), last_used_at: null, expired: false });
    expect(JSON.stringify(list.body)).not.toContain(token);

    const me = await h.api.get('/api/current-user/').set({ Authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    expect(me.body.first_name).toBe('Dana');
    const gql = await h.gql('{ currentUser { firstName } }', {}, token);
    expect(gql.data?.currentUser.firstName).toBe('Dana');

    // Last used shows once the token was used (the idle clock is refreshed at most once a minute).
    await h.db.query(`UPDATE auth_tokens SET last_used_at = now() - interval '5 minutes' WHERE id = $1`, [created.body.id]);
    await h.api.get('/api/current-user/').set(h.auth(token));
    const afterUse = await h.gql('{ apiTokens { name lastFour lastUsedAt expired } }', {}, session);
    expect(afterUse.data?.apiTokens[0].lastUsedAt).not.toBeNull();

    const revoked = await h.api.delete(`/api/api-tokens/${created.body.id}/`).set(h.auth(session));
    expect(revoked.status).toBe(204);
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(401);
    expect((await h.api.get('/api/api-tokens/').set(h.auth(session))).body).toEqual([]);
  });

  it('has no idle timeout, but stops at its expiry', async () => {
    const staff = await h.buildStaff();
    const res = await h.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
      'mutation { createApiToken(name: "Dashboard") { token apiToken { id name expiresAt } } }',
      {},
      await h.tokenFor(staff),
    );
    const { token, apiToken } = res.data!.createApiToken;
    await h.db.query(`UPDATE auth_tokens SET last_used_at = now() - interval '60 days' WHERE id = $1`, [apiToken.id]);
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(200);
    await h.db.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [apiToken.id]);
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).status).toBe(401);
  });

  it("refuses students, bad input, management with an API token, and another person's token", async () => {
    const student = await h.login(DEMO.student);
    expect((await h.api.post('/api/api-tokens/').set(h.auth(student)).send({ name: 'x' })).status).toBe(403);

    const staff = await h.buildStaff();
    const session = await h.tokenFor(staff);
    const noName = await h.api.post('/api/api-tokens/').set(h.auth(session)).send({ name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toMatch(/name the token/);
    const tooLong = await h.api.post('/api/api-tokens/').set(h.auth(session)).send({ name: 'x', expires_in_days: 400 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: 'The lifetime must be 1 to 365 days.', reason: 'API_TOKEN_LIFETIME_RANGE' });
    // The bounds themselves are accepted; past either one, the same refusal on both APIs.
    expect((await h.api.post('/api/api-tokens/').set(h.auth(session)).send({ name: 'Year', expires_in_days: 365 })).status).toBe(201);
    const none = await h.api.post('/api/api-tokens/').set(h.auth(session)).send({ name: 'x', expires_in_days: 0 });
    expect(none.body).toEqual({ error: 'The lifetime must be 1 to 365 days.', reason: 'API_TOKEN_LIFETIME_RANGE' });
    const g = await h.gql('mutation { createApiToken(name: "Long", expiresInDays: 366) { token } }', {}, session);
    expect(g.errors![0]).toMatchObject({
      message: 'The lifetime must be 1 to 365 days.',
      extensions: { code: 'BAD_USER_INPUT', reason: 'API_TOKEN_LIFETIME_RANGE' },
    });

    const created = await h.api.post('/api/api-tokens/').set(h.auth(session)).send({ name: 'Script' });
    const apiToken = created.body.token;
    const minted = await h.api.post('/api/api-tokens/').set(h.auth(apiToken)).send({ name: 'More' });
    expect(minted.status).toBe(403);

    const other = await h.tokenFor(await h.buildStaff());
    expect((await h.api.delete(`/api/api-tokens/${created.body.id}/`).set(h.auth(other))).status).toBe(404);
    // Not a token id at all: bad input, not "not found" (core/ids.ts); a 36-dash id never reaches the uuid cast.
    expect((await h.api.delete('/api/api-tokens/not-a-uuid/').set(h.auth(session))).status).toBe(400);
    expect((await h.api.delete(`/api/api-tokens/${'-'.repeat(36)}/`).set(h.auth(session))).status).toBe(400);
    expect((await h.api.get('/api/current-user/').set(h.auth(apiToken))).status).toBe(200);
  });
});
