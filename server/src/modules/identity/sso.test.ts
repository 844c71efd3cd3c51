/**
 * Single sign-on against a real OpenID provider (oidc-provider on loopback, test/oidc-provider.ts):
 * the whole authorization code flow through the app's routes, and every refusal the issue names.
 */
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueEmail, useHarness } from '../../test/harness.js';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider.js';
import { UserType } from '../accounts/user.entity.js';
import { applyRetention, retentionPolicy } from '../jobs/retention.js';
import { parseOidcConfig } from './oidc-config.js';
import { logger } from '../../observability/logger.js';

const h = useHarness();
const PUBLIC_URL = 'http://planner.test';
const REDIRECT = `${PUBLIC_URL}/api/auth/oidc/callback/`;
const UNVERIFIED = uniqueEmail('unverified');
// Ben's address, which the district later gives to a new person (another subject); Cara (one
// subject) whose address changes at the provider.
const BEN = uniqueEmail('ben.okafor');
const CARA = uniqueEmail('cara');
const CARA_RENAMED = uniqueEmail('cara.renamed');
const CARA_TAKES_OTHER = uniqueEmail('cara.other');
const MIXED_VERIFIED = uniqueEmail('mixed-verified');
const MIXED_EMAIL = uniqueEmail('mixed-email');
let provider: TestProvider;
let app: Awaited<ReturnType<typeof h.appWith>>;

beforeAll(async () => {
  provider = await startTestProvider({
    clientId: 'planner-app',
    clientSecret: 'a-client-secret-for-tests',
    redirectUris: [REDIRECT],
    accounts: {
      [UNVERIFIED]: { email_verified: false },
      'ben-first-login': { sub: 'sub-ben-1', email: BEN },
      'new-person-login': { sub: 'sub-ben-2', email: BEN },
      'cara-first-login': { sub: 'sub-cara', email: CARA },
      'cara-renamed-login': { sub: 'sub-cara', email: CARA_RENAMED },
      'cara-takes-other-login': { sub: 'sub-cara', email: CARA_TAKES_OTHER },
      'cara-elsewhere-login': { sub: 'sub-cara', email: 'cara@elsewhere.example' },
      // email in the ID token, email_verified only at userinfo
      [MIXED_VERIFIED]: { idTokenOmits: ['email_verified'] },
      // email_verified in the ID token, email only at userinfo (which says nothing of verification)
      [MIXED_EMAIL]: { idTokenOmits: ['email'], userinfoOmits: ['email_verified'] },
    },
  });
  const oidc = parseOidcConfig(
    {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'planner-app',
      OIDC_CLIENT_SECRET: 'a-client-secret-for-tests',
      OIDC_DISPLAY_NAME: 'Sign in with Lincoln USD',
      OIDC_ALLOWED_DOMAINS: 'test.example, Lincoln.Example',
    },
    PUBLIC_URL,
  );
  app = await h.appWith({ oidc, passwordSignIn: 'parents' });
});
afterAll(() => provider?.close());

interface Started {
  cookie: string;
  authorizationUrl: URL;
}

function cookieOf(res: Response): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = set.find((c) => c.startsWith('planner_sso='));
  expect(line, 'the sign-in cookie').toBeDefined();
  expect(line).toMatch(/HttpOnly/);
  expect(line).toMatch(/SameSite=Lax/);
  expect(line).toMatch(/Path=\/api\/auth\/oidc\//);
  return line!.split(';')[0].slice('planner_sso='.length);
}

async function start(): Promise<Started> {
  const res = await app.get('/api/auth/oidc/start/');
  expect(res.status).toBe(302);
  const authorizationUrl = new URL(res.headers.location);
  expect(authorizationUrl.origin).toBe(provider.issuer);
  return { cookie: cookieOf(res), authorizationUrl };
}

/** The app's answer to the provider's redirect: the fragment of the Sign In page it sends the browser to. */
async function callback(url: URL, cookie: string | null): Promise<string> {
  let req = app.get(`${url.pathname}${url.search}`);
  if (cookie) req = req.set('Cookie', `planner_sso=${cookie}`);
  const res = await req;
  expect(res.status).toBe(302);
  const location = res.headers.location as string;
  expect(location.startsWith('/log-in#')).toBe(true);
  return location.slice('/log-in#'.length);
}

const exchange = (code: string, cookie: string | null) => {
  const req = app.post('/api/auth/oidc/exchange/');
  return (cookie ? req.set('Cookie', `planner_sso=${cookie}`) : req).send({ code });
};

/** Start, sign in at the provider as `email`, come back: the fragment and the browser's cookie. */
async function signIn(email: string): Promise<{ fragment: string; cookie: string }> {
  const { cookie, authorizationUrl } = await start();
  const back = await signInAtProvider(authorizationUrl.href, email);
  return { fragment: await callback(back, cookie), cookie };
}

describe('single sign-on with the district provider', () => {
  it('tells the Sign In page whether to show the button and its text', async () => {
    expect((await app.get('/api/auth/oidc/')).body).toEqual({ enabled: true, display_name: 'Sign in with Lincoln USD', password_sign_in: 'parents' });
    expect((await h.api.get('/api/auth/oidc/')).body).toEqual({ enabled: false, display_name: null, password_sign_in: 'all' });
    const off = await h.api.get('/api/auth/oidc/start/');
    expect(off.status).toBe(404);
    expect(off.body.error).toBe('Single sign-on is not configured.');
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { authorizationUrl } = await start();
    const p = authorizationUrl.searchParams;
    expect(p.get('client_id')).toBe('planner-app');
    expect(p.get('redirect_uri')).toBe(REDIRECT);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it('signs a rostered student in by email, case-insensitively, with a one-time code the same browser exchanges once', async () => {
    const student = await h.buildStudent({ email: uniqueEmail('sso-student') });
    const { fragment, cookie } = await signIn(student.email.toUpperCase());
    const code = /^sso_code=([\w-]+)$/.exec(fragment)?.[1];
    expect(code, fragment).toBeDefined();

    // Another browser (no cookie, or another sign-in's cookie) cannot use a copied code.
    expect((await exchange(code!, null)).status).toBe(400);
    const other = await start();
    const stolen = await exchange(code!, other.cookie);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('This sign-in has expired or was already used. Please sign in again.');

    const res = await exchange(code!, cookie);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user_type']);
    expect(res.body.user_type).toBe(UserType.Student);
    const me = await h.api.get('/api/current-user/').set(h.auth(res.body.token));
    expect(me.body.email).toBe(student.email);
    // The token is an ordinary session token: it signs out like one.
    const [{ kind }] = await h.db.query(`SELECT kind FROM auth_tokens WHERE user_id = $1`, [student.id]);
    expect(kind).toBe('session');

    expect((await exchange(code!, cookie)).status).toBe(400);
  });

  it('refuses a code whose minute has passed', async () => {
    const parent = await h.buildParent({ email: uniqueEmail('sso-parent') });
    const { fragment, cookie } = await signIn(parent.email);
    const code = fragment.slice('sso_code='.length);
    await h.db.query(`UPDATE oidc_sign_in_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [parent.id]);
    expect((await exchange(code, cookie)).status).toBe(400);
  });

  it('the retention job deletes started sign-ins and codes TOKEN_RETENTION_DAYS after they expired', async () => {
    const parent = await h.buildParent({ email: uniqueEmail('sso-retention') });
    const old = `now() - make_interval(days => ${h.config.retention.tokenDays + 1})`;
    await h.db.query(
      `INSERT INTO oidc_sign_in_codes (code_hash, browser_hash, user_id, expires_at) VALUES ('old-code', 'old-browser', $1, ${old}), ('fresh-code', 'b', $1, now() + interval '1 minute')`,
      [parent.id],
    );
    await h.db.query(`INSERT INTO oidc_login_states (browser_hash, state, nonce, code_verifier, expires_at) VALUES ('old-browser', 's', 'n', 'v', ${old})`);
    const deleted = await applyRetention(h.db, retentionPolicy(h.config));
    expect(deleted['single sign-on codes']).toBeGreaterThanOrEqual(1);
    expect(deleted['single sign-on starts']).toBeGreaterThanOrEqual(1);
    expect((await h.db.query(`SELECT code_hash FROM oidc_sign_in_codes WHERE user_id = $1`, [parent.id])).map((r: { code_hash: string }) => r.code_hash)).toEqual([
      'fresh-code',
    ]);
    expect(await h.db.query(`SELECT 1 FROM oidc_login_states WHERE browser_hash = 'old-browser'`)).toEqual([]);
  });

  it('reads the email from userinfo when the provider leaves it out of the ID token', async () => {
    const other = await startTestProvider({ clientId: 'planner-app', clientSecret: 'another-secret-for-tests', redirectUris: [REDIRECT], emailInUserinfoOnly: true });
    try {
      const oidc = parseOidcConfig({ OIDC_ISSUER: other.issuer, OIDC_CLIENT_ID: 'planner-app', OIDC_CLIENT_SECRET: 'another-secret-for-tests' }, PUBLIC_URL);
      const userinfoApp = await h.appWith({ oidc });
      const student = await h.buildStudent({ email: uniqueEmail('sso-userinfo') });
      const started = await userinfoApp.get('/api/auth/oidc/start/');
      const cookie = cookieOf(started);
      const back = await signInAtProvider(started.headers.location, student.email);
      const res = await userinfoApp.get(`${back.pathname}${back.search}`).set('Cookie', `planner_sso=${cookie}`);
      expect(res.headers.location).toMatch(/^\/log-in#sso_code=[\w-]+$/);
      const code = res.headers.location.slice('/log-in#sso_code='.length);
      const exchanged = await userinfoApp.post('/api/auth/oidc/exchange/').set('Cookie', `planner_sso=${cookie}`).send({ code });
      expect(exchanged.status).toBe(200);
      expect((await h.api.get('/api/current-user/').set(h.auth(exchanged.body.token))).body.email).toBe(student.email);
    } finally {
      await other.close();
    }
  });

  it('refuses an answer whose state is not the one this browser sent', async () => {
    const student = await h.buildStudent({ email: uniqueEmail('sso-state') });
    const { cookie, authorizationUrl } = await start();
    const back = await signInAtProvider(authorizationUrl.href, student.email);
    back.searchParams.set('state', 'forged-state-value-0123456789');
    expect(await callback(back, cookie)).toBe('sso_error=expired');
    // Nor does the answer work in a browser that started nothing.
    back.searchParams.set('state', authorizationUrl.searchParams.get('state')!);
    expect(await callback(back, null)).toBe('sso_error=expired');
  });

  it('refuses a replayed code, in the same browser and in a new sign-in', async () => {
    const student = await h.buildStudent({ email: uniqueEmail('sso-replay') });
    const { cookie, authorizationUrl } = await start();
    const back = await signInAtProvider(authorizationUrl.href, student.email);
    expect(await callback(back, cookie)).toMatch(/^sso_code=/);
    expect(await callback(back, cookie)).toBe('sso_error=expired');

    const again = await start();
    const replay = new URL(back);
    replay.searchParams.set('state', again.authorizationUrl.searchParams.get('state')!);
    expect(await callback(replay, again.cookie)).toBe('sso_error=provider_error');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const student = await h.buildStudent({ email: uniqueEmail('sso-nonce') });
    const { cookie, authorizationUrl } = await start();
    authorizationUrl.searchParams.set('nonce', 'a-nonce-someone-else-chose-0123456789');
    const back = await signInAtProvider(authorizationUrl.href, student.email);
    expect(await callback(back, cookie)).toBe('sso_error=provider_error');
  });

  it('passes on an error the provider answers (the person cancelled)', async () => {
    const { cookie, authorizationUrl } = await start();
    const back = new URL(REDIRECT);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', authorizationUrl.searchParams.get('state')!);
    expect(await callback(back, cookie)).toBe('sso_error=provider_error');
  });

  it('refuses an email the provider has not verified, even of a known account', async () => {
    await h.buildStudent({ email: UNVERIFIED });
    expect((await signIn(UNVERIFIED)).fragment).toBe('sso_error=email_unverified');
  });

  it('refuses an email no account has, creates nothing, and logs no address', async () => {
    const email = uniqueEmail('sso-stranger');
    const warn = vi.spyOn(logger, 'warn');
    try {
      expect((await signIn(email)).fragment).toBe('sso_error=no_account');
      const logged = warn.mock.calls.map((c) => c.map(String).join(' ')).join('\n');
      expect(logged).toContain('[sso] sign-in refused (no_account): email domain test.example');
      expect(logged).not.toContain(email.split('@')[0]);
    } finally {
      warn.mockRestore();
    }
    expect(await h.db.query(`SELECT id FROM users WHERE email = $1`, [email])).toEqual([]);
    expect(await h.db.query(`SELECT 1 FROM oidc_sign_in_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1`, [email])).toEqual([]);
  });

  it('refuses an email of a domain not in OIDC_ALLOWED_DOMAINS', async () => {
    const email = `sso-${Date.now()}@elsewhere.example`;
    await h.buildStudent({ email });
    expect((await signIn(email)).fragment).toBe('sso_error=domain_not_allowed');
  });

  it('refuses a deactivated account, through the provider and with a password', async () => {
    const parent = await h.buildParent({ email: uniqueEmail('sso-deactivated') });
    await h.db.query(`UPDATE users SET deactivated_at = now() WHERE id = $1`, [parent.id]);
    expect((await signIn(parent.email)).fragment).toBe('sso_error=deactivated');
    const res = await h.api.post('/api/login/').send({ email: parent.email, password: 'Planner#2026' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('This account has been deactivated. Ask your school to restore it.');
  });

  it('with PASSWORD_SIGNIN=parents, refuses a password to students and staff and points to the district button', async () => {
    const student = await h.buildStudent({ email: uniqueEmail('pw-student') });
    const staff = await h.buildStaff({ email: uniqueEmail('pw-staff') });
    const parent = await h.buildParent({ email: uniqueEmail('pw-parent') });
    for (const user of [student, staff]) {
      const res = await app.post('/api/login/').send({ email: user.email, password: 'Planner#2026' });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Students and staff sign in with the district button on this page, not with a password.');
    }
    // A wrong password still gets the ordinary answer: the refusal tells nothing to someone without it.
    expect((await app.post('/api/login/').send({ email: student.email, password: 'Wrong#20260' })).status).toBe(401);
    const ok = await app.post('/api/login/').send({ email: parent.email, password: 'Planner#2026' });
    expect(ok.status).toBe(200);
    expect(ok.body.user_type).toBe(UserType.Parent);
    // The default (all) keeps passwords for everyone.
    expect((await h.api.post('/api/login/').send({ email: student.email, password: 'Planner#2026' })).status).toBe(200);
  });

  it('answers hostile callbacks with a refusal, never a crash', async () => {
    const { cookie, authorizationUrl } = await start();
    const state = authorizationUrl.searchParams.get('state')!;
    const at = (query: string, cookieHeader?: string) => {
      const req = app.get(`/api/auth/oidc/callback/?${query}`);
      return cookieHeader === undefined ? req : req.set('Cookie', cookieHeader);
    };
    for (const [query, cookieHeader, refusal] of [
      // The right state given twice: openid-client refuses a repeated parameter.
      [`state=${state}&state=other&code=x`, `planner_sso=${cookie}`, 'provider_error'],
      [`state=${'s'.repeat(4000)}&code=${'c'.repeat(4000)}`, 'planner_sso=' + 'z'.repeat(5000), 'expired'],
      ['code=%00%ff&state=%E0%A4%A', "planner_sso=../../etc'; other=1", 'expired'],
      ['', 'planner_sso=%', 'expired'],
      ['error=%3Cscript%3E&state=x', undefined, 'expired'],
    ] as [string, string | undefined, string][]) {
      const res = await at(query, cookieHeader);
      expect(res.status, query.slice(0, 40)).toBe(302);
      expect(res.headers.location, query.slice(0, 40)).toBe(`/log-in#sso_error=${refusal}`);
    }
  });

  it('refuses a malformed exchange body with a 400, never a crash', async () => {
    for (const body of [{}, { code: 42 }, { code: 'x' }, { code: 'a'.repeat(5000) }, { code: ['a'] }]) {
      const res = await app.post('/api/auth/oidc/exchange/').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
  it('a callback with a forged state leaves the sign-in of the browser that started it alone', async () => {
    const student = await h.buildStudent({ email: uniqueEmail('sso-forged-state') });
    const { cookie, authorizationUrl } = await start();
    const back = await signInAtProvider(authorizationUrl.href, student.email);
    for (const state of ['forged-state-value-0123456789', '', authorizationUrl.searchParams.get('state')!.toUpperCase()]) {
      const forged = new URL(back);
      forged.searchParams.set('state', state);
      expect(await callback(forged, cookie), state).toBe('sso_error=expired');
    }
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect(await callback(noState, cookie)).toBe('sso_error=expired');
    expect(await h.db.query(`SELECT 1 FROM oidc_login_states WHERE state = $1`, [authorizationUrl.searchParams.get('state')])).toHaveLength(1);
    // The real answer, from the real browser, still signs in (and then the row is gone).
    const fragment = await callback(back, cookie);
    expect(fragment).toMatch(/^sso_code=[\w-]+$/);
    const res = await exchange(fragment.slice('sso_code='.length), cookie);
    expect(res.status).toBe(200);
    expect((await h.api.get('/api/current-user/').set(h.auth(res.body.token))).body.email).toBe(student.email);
    expect(await h.db.query(`SELECT 1 FROM oidc_login_states WHERE state = $1`, [authorizationUrl.searchParams.get('state')])).toEqual([]);
  });

  it("refuses a provider email that only looks like an account's (Kelvin sign, full-width, other compatibility characters)", async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const ben = await h.buildStudent({ email: `ben.okafor.${tag}@test.example` });
    const fiona = await h.buildStudent({ email: `fiona.${tag}@test.example` });
    const lookalikes = [
      `ben.o\u212Aafor.${tag}@test.example`, // KELVIN SIGN: lower-cases to k
      `ben.o\u212Aafor.${tag}@test.example`.toUpperCase(),
      `\uFF42\uFF45\uFF4E.okafor.${tag}@test.example`, // full-width b e n
      `ben.okafor.${tag}\uFF20test.example`, // full-width @
      `ben.okafor.${tag}@test.\uFF45xample`, // full-width e in the domain
      `\uFB01ona.${tag}@test.example`, // LATIN SMALL LIGATURE FI: NFKC makes it fi
      `\u{1D41B}en.okafor.${tag}@test.example`, // MATHEMATICAL BOLD SMALL B
      `ben.\u043Ekafor.${tag}@test.example`, // Cyrillic o
      `ben.okafor.${tag}\u200B@test.example`, // zero-width space
      `ben.oka\u0066\u0301or.${tag}@test.example`, // combining accent
    ];
    const warn = vi.spyOn(logger, 'warn');
    try {
      for (const email of lookalikes) expect((await signIn(email)).fragment, email).toBe('sso_error=no_account');
      const logged = warn.mock.calls.map((c) => c.map(String).join(' ')).join('\n');
      expect(logged).toContain('[sso] sign-in refused (no_account): the email is not a plain ASCII address');
      expect(logged).not.toContain(tag);
    } finally {
      warn.mockRestore();
    }
    expect(await h.db.query(`SELECT 1 FROM oidc_sign_in_codes WHERE user_id = ANY($1::int[])`, [[ben.id, fiona.id]])).toEqual([]);
    expect(await h.db.query(`SELECT 1 FROM oidc_identities WHERE user_id = ANY($1::int[])`, [[ben.id, fiona.id]])).toEqual([]);
    // The real address still signs in.
    expect((await signIn(ben.email)).fragment).toMatch(/^sso_code=/);
  });

  it("binds an account to the provider's subject at its first sign-in, and refuses an address given later to someone else", async () => {
    const ben = await h.buildStudent({ email: BEN });
    const first = await signIn('ben-first-login');
    expect(first.fragment).toMatch(/^sso_code=/);
    expect(await h.db.query(`SELECT issuer, subject FROM oidc_identities WHERE user_id = $1`, [ben.id])).toEqual([{ issuer: provider.issuer, subject: 'sub-ben-1' }]);
    // Again: still one binding.
    expect((await signIn('ben-first-login')).fragment).toMatch(/^sso_code=/);

    // The district recycles the address: same email, verified, another subject.
    const warn = vi.spyOn(logger, 'warn');
    try {
      expect((await signIn('new-person-login')).fragment).toBe('sso_error=no_account');
      const logged = warn.mock.calls.map((c) => c.map(String).join(' ')).join('\n');
      expect(logged).toContain(`[sso] sign-in refused (no_account): user ${ben.id} is bound to another subject of this provider`);
    } finally {
      warn.mockRestore();
    }
    const codes = await h.db.query(`SELECT count(*)::int AS n FROM oidc_sign_in_codes WHERE user_id = $1`, [ben.id]);
    expect(codes).toEqual([{ n: 2 }]);
    expect(await h.db.query(`SELECT subject FROM oidc_identities WHERE user_id = $1`, [ben.id])).toEqual([{ subject: 'sub-ben-1' }]);
  });

  it("signs the bound subject in after its email changed at the provider, and keeps the account's email", async () => {
    const cara = await h.buildStudent({ email: CARA });
    expect((await signIn('cara-first-login')).fragment).toMatch(/^sso_code=/);

    // A new address no account has: the binding finds Cara.
    const renamed = await signIn('cara-renamed-login');
    expect(renamed.fragment).toMatch(/^sso_code=/);
    const res = await exchange(renamed.fragment.slice('sso_code='.length), renamed.cookie);
    expect(res.status).toBe(200);
    const me = (await h.api.get('/api/current-user/').set(h.auth(res.body.token))).body;
    expect(me.id).toBe(cara.id);
    expect(me.email).toBe(CARA);

    // A new address that is another account's: the binding wins, the other account is not entered.
    const other = await h.buildStudent({ email: CARA_TAKES_OTHER });
    const takes = await signIn('cara-takes-other-login');
    const token = (await exchange(takes.fragment.slice('sso_code='.length), takes.cookie)).body.token;
    expect((await h.api.get('/api/current-user/').set(h.auth(token))).body.id).toBe(cara.id);
    expect(await h.db.query(`SELECT 1 FROM oidc_sign_in_codes WHERE user_id = $1`, [other.id])).toEqual([]);
    expect(await h.db.query(`SELECT 1 FROM oidc_identities WHERE user_id = $1`, [other.id])).toEqual([]);
    expect(await h.db.query(`SELECT email FROM users WHERE id = $1`, [cara.id])).toEqual([{ email: CARA }]);

    // The new address must still be of an allowed domain.
    expect((await signIn('cara-elsewhere-login')).fragment).toBe('sso_error=domain_not_allowed');
  });

  it('reads email_verified where it read the email, never one from the ID token and the other from userinfo', async () => {
    const a = await h.buildStudent({ email: MIXED_VERIFIED });
    const b = await h.buildStudent({ email: MIXED_EMAIL });
    expect((await signIn(MIXED_VERIFIED)).fragment).toBe('sso_error=email_unverified');
    expect((await signIn(MIXED_EMAIL)).fragment).toBe('sso_error=email_unverified');
    expect(await h.db.query(`SELECT 1 FROM oidc_sign_in_codes WHERE user_id = ANY($1::int[])`, [[a.id, b.id]])).toEqual([]);
  });
});
