/** The single sign-on settings: what starts, what stops the server, and the matching rules (no database). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { UserType } from '../accounts/user.entity.js';
import { parseOidcConfig, parsePasswordSignIn } from './oidc-config.js';
import { accountRefusal, claimsRefusal, emailVerified } from './sso.policy.js';

const BASE = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
const parse = (env: Record<string, string>) => parseOidcConfig(env, 'https://planner.lincolnusd.org/');

describe('OIDC_* settings', () => {
  it('is off with no issuer, and refuses other OIDC_* variables without one', () => {
    expect(parse({})).toBeNull();
    expect(() => parse({ OIDC_CLIENT_ID: 'id' })).toThrow('OIDC_CLIENT_ID set without OIDC_ISSUER');
  });

  it('reads a provider with its defaults and the redirect URI under PUBLIC_URL', () => {
    const cfg = parse(BASE)!;
    expect(cfg.issuer.href).toBe('https://accounts.google.com/');
    expect(cfg.scopes).toEqual(['openid', 'email', 'profile']);
    expect(cfg.displayName).toBe('Sign in with your district account');
    expect(cfg.allowedDomains).toEqual([]);
    expect(cfg.redirectUri).toBe('https://planner.lincolnusd.org/api/auth/oidc/callback/');
    expect(cfg.insecureLoopback).toBe(false);
  });

  it('accepts plain http only for a loopback issuer', () => {
    for (const issuer of ['http://127.0.0.1:4175', 'http://localhost:8080/realm', 'http://[::1]:9000']) {
      expect(parse({ ...BASE, OIDC_ISSUER: issuer })!.insecureLoopback, issuer).toBe(true);
    }
    for (const issuer of ['http://idp.lincolnusd.org', 'http://10.0.0.5', 'http://127.0.0.1.nip.io', 'ftp://idp.example', 'not a url']) {
      expect(() => parse({ ...BASE, OIDC_ISSUER: issuer }), issuer).toThrow(/OIDC_ISSUER must/);
    }
    expect(() => parse({ ...BASE, OIDC_ISSUER: 'https://user:pw@idp.example' })).toThrow('no user, query or fragment');
  });

  it('needs the client id and secret, openid in the scopes, domains that are domains and a short button text', () => {
    expect(() => parse({ OIDC_ISSUER: BASE.OIDC_ISSUER })).toThrow('needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    expect(() => parse({ ...BASE, OIDC_SCOPES: 'email profile' })).toThrow('OIDC_SCOPES must include openid');
    expect(() => parse({ ...BASE, OIDC_ALLOWED_DOMAINS: 'lincolnusd.org, not a domain' })).toThrow('not a domain: not a domain');
    expect(() => parse({ ...BASE, OIDC_DISPLAY_NAME: 'x'.repeat(61) })).toThrow('at most 60 characters');
    expect(parse({ ...BASE, OIDC_ALLOWED_DOMAINS: ' LincolnUSD.org,@students.lincolnusd.org,' })!.allowedDomains).toEqual(['lincolnusd.org', 'students.lincolnusd.org']);
    expect(parse({ ...BASE, OIDC_SCOPES: 'openid,email' })!.scopes).toEqual(['openid', 'email']);
  });

  it('stops the server at start, naming the variable, when the environment is wrong', () => {
    const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PASSWORD_SIGNIN', 'PUBLIC_URL'] as const;
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    try {
      Object.assign(process.env, {
        OIDC_ISSUER: 'http://idp.lincolnusd.org',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
        PUBLIC_URL: 'https://planner.lincolnusd.org',
      });
      expect(() => loadConfig()).toThrow('OIDC_ISSUER must use https (plain http only for 127.0.0.1, ::1 or localhost), got "http://idp.lincolnusd.org"');
      process.env.OIDC_ISSUER = 'https://idp.lincolnusd.org';
      process.env.PASSWORD_SIGNIN = 'parents';
      const cfg = loadConfig();
      expect(cfg.oidc?.redirectUri).toBe('https://planner.lincolnusd.org/api/auth/oidc/callback/');
      expect(cfg.passwordSignIn).toBe('parents');
    } finally {
      for (const n of names)
        if (saved[n] === undefined) delete process.env[n];
        else process.env[n] = saved[n];
    }
  });

  it('PASSWORD_SIGNIN: all by default, parents only with a provider, nothing else', () => {
    const cfg = parse(BASE);
    expect(parsePasswordSignIn({}, null)).toBe('all');
    expect(parsePasswordSignIn({ PASSWORD_SIGNIN: 'Parents' }, cfg)).toBe('parents');
    expect(() => parsePasswordSignIn({ PASSWORD_SIGNIN: 'parents' }, null)).toThrow('PASSWORD_SIGNIN=parents needs single sign-on');
    expect(() => parsePasswordSignIn({ PASSWORD_SIGNIN: 'staff' }, cfg)).toThrow('PASSWORD_SIGNIN must be one of all, parents');
  });
});

describe('who may sign in through the provider', () => {
  it('needs a verified email: true or "true"; Entra ID\'s xms_edov only when email_verified is absent', () => {
    expect(emailVerified({ email_verified: true })).toBe(true);
    expect(emailVerified({ email_verified: 'true' })).toBe(true);
    expect(emailVerified({ email_verified: false, xms_edov: true })).toBe(false);
    expect(emailVerified({ email_verified: 'yes' })).toBe(false);
    expect(emailVerified({ xms_edov: true })).toBe(true);
    expect(emailVerified({})).toBe(false);
  });

  it('refuses a missing or malformed email, an unverified one and a domain not allowed', () => {
    const allowed = ['lincolnusd.org'];
    expect(claimsRefusal({ email_verified: true }, allowed)).toBe('no_account');
    expect(claimsRefusal({ email: 'two@at@signs', email_verified: true }, allowed)).toBe('no_account');
    expect(claimsRefusal({ email: 'sam@lincolnusd.org', email_verified: false }, allowed)).toBe('email_unverified');
    expect(claimsRefusal({ email: 'sam@lincolnusd.org.evil.example', email_verified: true }, allowed)).toBe('domain_not_allowed');
    expect(claimsRefusal({ email: 'sam@sub.lincolnusd.org', email_verified: true }, allowed)).toBe('domain_not_allowed');
    expect(claimsRefusal({ email: ' Sam@LincolnUSD.org ', email_verified: true }, allowed)).toBeNull();
    expect(claimsRefusal({ email: 'sam@anywhere.example', email_verified: true }, [])).toBeNull();
  });

  it('refuses no account, a baseline-plan record and a deactivated account', () => {
    expect(accountRefusal(null)).toBe('no_account');
    expect(accountRefusal({ userType: UserType.BaselinePlan, deactivatedAt: null })).toBe('no_account');
    expect(accountRefusal({ userType: UserType.Staff, deactivatedAt: new Date() })).toBe('deactivated');
    expect(accountRefusal({ userType: UserType.Student, deactivatedAt: null })).toBeNull();
  });
});
