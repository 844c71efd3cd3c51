/**
 * Password sign-up beside the district's provider, through REST and GraphQL: PASSWORD_SIGNIN=parents
 * lets only parents sign up; OIDC_ALLOWED_DOMAINS binds student and staff sign-ups (never parents');
 * an address is stored NFKC-normalised and must then be ASCII, so no account's email differs from
 * another's only by look-alike characters.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, uniqueEmail, useHarness } from '../../test/harness.js';
import { UserType } from '../accounts/user.entity.js';
import { parseOidcConfig } from './oidc-config.js';

const h = useHarness();
const REGISTER = `mutation Register($input: RegisterInput!) { register(input: $input) { token userType } }`;
const DISTRICT_SIGN_IN = 'Students and staff do not sign up with a password here: they sign in with the district button on the Sign In page.';
const DOMAIN_REFUSED = 'Students and staff sign up with their school email address (lincoln.example, students.lincoln.example).';
const INVALID_EMAIL = 'Please enter a valid email address.';
const EMAIL_EXISTS = 'A user with this email already exists.';

type Api = Awaited<ReturnType<typeof h.appWith>>;
let parentsOnly: Api;
let allWithDomains: Api;

beforeAll(async () => {
  // Discovery is lazy: sign-up never talks to the provider, so no provider runs here.
  const oidc = parseOidcConfig(
    {
      OIDC_ISSUER: 'https://login.lincoln.example',
      OIDC_CLIENT_ID: 'planner-app',
      OIDC_CLIENT_SECRET: 'a-client-secret-for-tests',
      OIDC_ALLOWED_DOMAINS: 'lincoln.example, Students.Lincoln.Example',
    },
    'http://planner.test',
  );
  parentsOnly = await h.appWith({ oidc, passwordSignIn: 'parents' });
  allWithDomains = await h.appWith({ oidc, passwordSignIn: 'all' });
});
// Many sign-ups from one address: the per-address limit is not what these tests are about.
beforeEach(() => h.clearRateLimits());

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function registration(signup_code: string, email: string) {
  return { signup_code, email, password: 'Planner#2026', first_name: 'Riley', last_name: 'Nguyen' };
}

/** Sign-up through REST and through GraphQL (each with its own address): both answers. */
async function signUpBoth(api: Api, code: string, email: (n: number) => string) {
  const rest = await api.post('/api/register/').send(registration(code, email(1)));
  const r = registration(code, email(2));
  const gql = await api
    .post('/graphql')
    .set('Content-Type', 'application/json')
    .send({
      query: REGISTER,
      variables: { input: { signupCode: r.signup_code, email: r.email, password: r.password, firstName: r.first_name, lastName: r.last_name } },
    });
  return {
    rest,
    gql: gql.body as {
      data: { register: { userType: string } } | null;
      errors?: { message: string; extensions: { code: string; reason?: string; params?: Record<string, string> } }[];
    },
  };
}

const usersWithEmail = async (email: string) => (await h.db.query(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email])).length;

describe('password sign-up with PASSWORD_SIGNIN=parents', () => {
  for (const code of [DEMO.codes.staff, DEMO.codes.student, 'lincoln-staff', '  Lincoln-Student ', 'LiNcOlN-sTaFf']) {
    for (const domain of ['lincoln.example', 'gmail.example']) {
      it(`refuses the code "${code}" with ${domain}, pointing to the district's sign-in, on both APIs`, async () => {
        const t = tag();
        const email = (n: number) => `riley.${t}.${n}@${domain}`;
        const { rest, gql } = await signUpBoth(parentsOnly, code, email);
        expect(rest.status).toBe(403);
        expect(rest.body).toMatchObject({ error: DISTRICT_SIGN_IN, reason: 'SIGN_UP_DISTRICT_SIGN_IN' });
        expect(rest.body.token).toBeUndefined();
        expect(gql.data).toBeNull();
        expect(gql.errors![0].message).toBe(DISTRICT_SIGN_IN);
        expect(gql.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'SIGN_UP_DISTRICT_SIGN_IN' });
        expect(await usersWithEmail(email(1))).toBe(0);
        expect(await usersWithEmail(email(2))).toBe(0);
      });
    }
  }

  for (const code of [DEMO.codes.parent, 'lincoln-parent', ' Lincoln-Parent ', 'DUAL-PARENT', 'dual-parent']) {
    it(`signs a parent up with "${code}", with a personal or a district address`, async () => {
      for (const domain of ['gmail.example', 'lincoln.example', 'sub.lincoln.example']) {
        const t = tag();
        const { rest, gql } = await signUpBoth(parentsOnly, code, (n) => `parent.${t}.${n}@${domain}`);
        expect(rest.status, domain).toBe(201);
        expect(rest.body.user_type).toBe(UserType.Parent);
        expect(gql.errors).toBeUndefined();
        expect(gql.data!.register.userType).toBe('Parent');
        expect(await usersWithEmail(`parent.${t}.1@${domain}`)).toBe(1);
      }
    });
  }

  it('still says an unknown code is invalid (nothing about the district)', async () => {
    const res = await parentsOnly.post('/api/register/').send(registration('NOT-A-CODE', uniqueEmail('unknown-code')));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid sign-up code.');
  });
});

describe('password sign-up with OIDC_ALLOWED_DOMAINS (PASSWORD_SIGNIN=all)', () => {
  it('signs staff and students up with an address of a listed domain, any case', async () => {
    for (const [code, domain, type] of [
      [DEMO.codes.staff, 'lincoln.example', UserType.Staff],
      [DEMO.codes.staff, 'LINCOLN.EXAMPLE', UserType.Staff],
      [DEMO.codes.student, 'students.lincoln.example', UserType.Student],
      ['lincoln-student', 'Students.Lincoln.Example', UserType.Student],
    ] as [string, string, UserType][]) {
      const t = tag();
      const { rest, gql } = await signUpBoth(allWithDomains, code, (n) => `Riley.${t}.${n}@${domain}`);
      expect(rest.status, `${code} ${domain}`).toBe(201);
      expect(rest.body.user_type).toBe(type);
      expect(gql.errors).toBeUndefined();
      // Stored lower-cased.
      expect(await h.db.query(`SELECT email FROM users WHERE email = $1`, [`riley.${t}.1@${domain.toLowerCase()}`])).toHaveLength(1);
    }
  });

  for (const domain of [
    'gmail.example',
    'sub.lincoln.example', // a subdomain is not implied
    'lincoln.example.', // trailing dot
    'LINCOLN.EXAMPLE.',
    'lincoln.example.evil.example',
    'evil-lincoln.example',
    'xlincoln.example',
    'lincoln.examples',
  ]) {
    it(`refuses staff and student sign-ups @${domain}, on both APIs, and creates nothing`, async () => {
      for (const code of [DEMO.codes.staff, 'lincoln-student']) {
        const t = tag();
        const email = (n: number) => `riley.${t}.${n}@${domain}`;
        const { rest, gql } = await signUpBoth(allWithDomains, code, email);
        expect(rest.status, `${code} ${domain}`).toBe(400);
        expect(rest.body).toMatchObject({ error: DOMAIN_REFUSED, reason: 'SIGN_UP_EMAIL_DOMAIN', params: { domains: 'lincoln.example, students.lincoln.example' } });
        expect(gql.errors![0].message).toBe(DOMAIN_REFUSED);
        expect(gql.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'SIGN_UP_EMAIL_DOMAIN' });
        expect(await usersWithEmail(email(1))).toBe(0);
        expect(await usersWithEmail(email(2))).toBe(0);
      }
    });
  }

  it('refuses a domain that only looks like a listed one (non-ASCII) as an invalid address', async () => {
    for (const domain of ['lincoln.exampl\u0435', 'l\u0456ncoln.example', 'lincoln\u3002example']) {
      const res = await allWithDomains.post('/api/register/').send(registration(DEMO.codes.staff, `riley.${tag()}@${domain}`));
      expect(res.status, domain).toBe(400);
      expect(res.body.error, domain).toBe(INVALID_EMAIL);
    }
  });

  it('never applies the domain list to parents', async () => {
    const { rest, gql } = await signUpBoth(allWithDomains, DEMO.codes.parent, (n) => `parent.${tag()}.${n}@gmail.example`);
    expect(rest.status).toBe(201);
    expect(gql.data!.register.userType).toBe('Parent');
  });
});

describe('the address of a password sign-up', () => {
  it("is refused when it collides with an account's only after NFKC (Kelvin sign, full-width), on both APIs", async () => {
    const t = tag();
    const ben = await h.buildStudent({ email: `ben.okafor.${t}@test.example` });
    for (const lookalike of [
      `ben.o\u212Aafor.${t}@test.example`,
      `BEN.O\u212AAFOR.${t}@TEST.EXAMPLE`,
      `\uFF42\uFF45\uFF4E.okafor.${t}@test.example`,
      `ben.okafor.${t}\uFF20test.example`,
      `ben.okafor.${t}@\uFF54\uFF45\uFF53\uFF54.example`,
    ]) {
      const rest = await h.api.post('/api/register/').send(registration(DEMO.codes.student, lookalike));
      expect(rest.status, lookalike).toBe(400);
      expect(rest.body.error, lookalike).toBe(EMAIL_EXISTS);
      const gql = await h.gql(REGISTER, {
        input: { signupCode: DEMO.codes.student, email: lookalike, password: 'Planner#2026', firstName: 'Riley', lastName: 'Nguyen' },
      });
      expect(gql.errors![0].message, lookalike).toBe(EMAIL_EXISTS);
    }
    expect(await h.db.query(`SELECT id FROM users WHERE email LIKE $1`, [`%${t}%`])).toEqual([{ id: ben.id }]);
  });

  it('is stored in its ASCII form when typed in full-width (an input method)', async () => {
    const t = tag();
    const typed = `\uFF52\uFF49\uFF4C\uFF45\uFF59.${t}\uFF20test.example`;
    const res = await h.api.post('/api/register/').send(registration(DEMO.codes.student, typed));
    expect(res.status).toBe(201);
    expect((await h.api.get('/api/current-user/').set(h.auth(res.body.token))).body.email).toBe(`riley.${t}@test.example`);
  });

  it('is refused when it is not ASCII after NFKC, on both APIs, and creates nothing', async () => {
    const t = tag();
    for (const email of [
      `ben.\u043Ekafor.${t}@test.example`, // Cyrillic o
      `ren\u00E9e.${t}@test.example`, // é
      `rene\u0301e.${t}@test.example`, // e and a combining accent
      `riley.${t}\u200B@test.example`, // zero-width space
      `riley.${t}@t\u0435st.example`, // Cyrillic e in the domain
      `\u0440\u0430ypal.${t}@test.example`, // Cyrillic r and a
    ]) {
      const rest = await h.api.post('/api/register/').send(registration(DEMO.codes.student, email));
      expect(rest.status, email).toBe(400);
      expect(rest.body).toMatchObject({ error: INVALID_EMAIL, reason: 'INVALID_EMAIL' });
      const gql = await h.gql(REGISTER, { input: { signupCode: DEMO.codes.student, email, password: 'Planner#2026', firstName: 'Riley', lastName: 'Nguyen' } });
      expect(gql.errors![0].message, email).toBe(INVALID_EMAIL);
    }
    expect(await h.db.query(`SELECT id FROM users WHERE email LIKE $1`, [`%${t}%`])).toEqual([]);
  });
});
