/** The named rate-limit presets: parent-code linking, uploads and the parent's consent link answer 429 with Retry-After. */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { SAMPLE_FILES } from '../admissions/admissions.factories.js';
import { buildApplicant, buildDualSchool } from '../admissions/admissions.factories.js';
import { loadConfig } from '../../config.js';

const h = useHarness();
const tight = { limit: 2, windowSeconds: 600 };

describe('rate-limit presets', () => {
  it('reads presets from RATE_LIMIT_<NAME>="limit/window" and refuses a malformed one', () => {
    process.env.RATE_LIMIT_UPLOAD = '5/60';
    try {
      expect(loadConfig().rateLimits.upload).toEqual({ limit: 5, windowSeconds: 60 });
      process.env.RATE_LIMIT_UPLOAD = 'lots';
      expect(() => loadConfig()).toThrow('RATE_LIMIT_UPLOAD must look like "limit/windowSeconds"');
    } finally {
      delete process.env.RATE_LIMIT_UPLOAD;
    }
    expect(loadConfig().rateLimits).toEqual({
      parentCode: { limit: 20, windowSeconds: 900 },
      upload: { limit: 30, windowSeconds: 900 },
      consentLink: { limit: 30, windowSeconds: 900 },
      anonymousGraphql: { limit: 300, windowSeconds: 60 },
    });
  });

  it('limits parent-code linking per parent with a clear 429 and Retry-After', async () => {
    const api = await h.appWith({ rateLimits: { ...h.config.rateLimits, parentCode: tight } });
    const token = await h.tokenFor(await h.buildParent());
    for (let i = 0; i < 2; i++) expect((await api.post('/api/add-student/').set(h.auth(token)).send({ parent_code: 'WRONG1' })).status).toBe(400);
    const res = await api.post('/api/add-student/').set(h.auth(token)).send({ parent_code: 'WRONG1' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: 'Too many parent code attempts. Please wait 10 minutes and try again.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
  });

  it('limits uploads (transcripts) per account', async () => {
    const api = await h.appWith({ rateLimits: { ...h.config.rateLimits, upload: tight } });
    const token = await h.tokenFor(await buildApplicant(h, await buildDualSchool(h)));
    for (let i = 0; i < 2; i++) {
      const ok = await api.post('/api/application/').set(h.auth(token)).attach('file', SAMPLE_FILES.pdf, `t${i}.pdf`);
      expect(ok.status).toBeLessThan(300);
    }
    const res = await api.post('/api/application/').set(h.auth(token)).attach('file', SAMPLE_FILES.pdf, 't3.pdf');
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many upload attempts. Please wait 10 minutes and try again.');
    expect(res.headers['retry-after']).toBeDefined();
    const [{ n }] = await h.db.query(
      "SELECT count(*)::int AS n FROM transcript_files f JOIN applications a ON a.id = f.application_id WHERE a.parent_id = (SELECT user_id FROM auth_tokens WHERE token_hash = encode(sha256($1::bytea), 'hex'))",
      [token],
    );
    expect(n).toBe(2);
  });

  it("limits the parent's unauthenticated consent link per address, on REST and GraphQL", async () => {
    const api = await h.appWith({ rateLimits: { ...h.config.rateLimits, consentLink: tight } });
    expect((await api.get('/api/sign-parent-form/NOPE1234/')).status).toBe(404);
    expect((await api.put('/api/sign-parent-form/NOPE1234/').send({})).status).toBe(404);
    const res = await api.get('/api/sign-parent-form/NOPE1234/');
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many consent link attempts. Please wait 10 minutes and try again.');
    const g = await api.post('/graphql').send({ query: '{ parentSignForm(code: "NOPE1234") { state } }' });
    expect(g.body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
