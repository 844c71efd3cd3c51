/**
 * The single sign-on settings (OIDC_* and PASSWORD_SIGNIN), parsed and checked in one place:
 * config.ts calls these at start-up, so a wrong setting stops the server with a message that says
 * which variable and why, instead of failing at the first sign-in.
 *
 * The issuer must be https. Plain http is accepted only for a loopback issuer (127.0.0.1, ::1,
 * localhost): the tests' provider and a developer's laptop, where nothing crosses a network.
 */
import { PASSWORD_SIGN_IN_MODES, type PasswordSignIn } from '@planner/shared';

export interface OidcConfig {
  /** The issuer, as configured (discovery reads {issuer}/.well-known/openid-configuration). */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The button's text on the Sign In page, e.g. "Sign in with Google". */
  displayName: string;
  /** Scopes asked for; always includes openid. */
  scopes: string[];
  /** Lower-case email domains allowed to sign in; empty: any domain. */
  allowedDomains: string[];
  /** {PUBLIC_URL}/api/auth/oidc/callback/, registered with the provider. */
  redirectUri: string;
  /** Only for a loopback http issuer: openid-client refuses plain http unless told. */
  insecureLoopback: boolean;
}

type Env = Record<string, string | undefined>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether a URL names this machine (the only place plain http is allowed). */
export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
}

/** The issuer URL, or an error saying why it cannot be one. */
export function parseIssuer(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`OIDC_ISSUER must be a URL such as https://accounts.google.com, got "${raw}"`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(`OIDC_ISSUER must be a plain issuer URL (no user, query or fragment), got "${raw}"`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopback(url)) return url;
  throw new Error(`OIDC_ISSUER must use https (plain http only for 127.0.0.1, ::1 or localhost), got "${raw}"`);
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function parseAllowedDomains(raw: string): string[] {
  const domains = raw
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const wrong = domains.filter((d) => !DOMAIN.test(d));
  if (wrong.length) throw new Error(`OIDC_ALLOWED_DOMAINS must be a comma list of email domains such as lincolnusd.org; not a domain: ${wrong.join(', ')}`);
  return [...new Set(domains)];
}

/** The provider's settings, or null when OIDC_ISSUER is empty (no single sign-on). */
export function parseOidcConfig(env: Env, publicUrl: string): OidcConfig | null {
  const get = (name: string) => (env[name] ?? '').trim();
  const issuerRaw = get('OIDC_ISSUER');
  const others = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_DISPLAY_NAME', 'OIDC_SCOPES', 'OIDC_ALLOWED_DOMAINS'].filter((n) => get(n));
  if (!issuerRaw) {
    if (others.length) throw new Error(`${others.join(', ')} set without OIDC_ISSUER: set the provider's issuer, or unset them`);
    return null;
  }
  const issuer = parseIssuer(issuerRaw);
  const missing = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].filter((n) => !get(n));
  if (missing.length) throw new Error(`Single sign-on with OIDC_ISSUER needs ${missing.join(' and ')} (from the provider's app registration)`);
  const scopes = (get('OIDC_SCOPES') || 'openid email profile').split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) throw new Error(`OIDC_SCOPES must include openid, got "${get('OIDC_SCOPES')}"`);
  const displayName = get('OIDC_DISPLAY_NAME') || 'Sign in with your district account';
  if (displayName.length > 60) throw new Error(`OIDC_DISPLAY_NAME must be at most 60 characters (it is a button's text), got ${displayName.length}`);
  return {
    issuer,
    clientId: get('OIDC_CLIENT_ID'),
    clientSecret: get('OIDC_CLIENT_SECRET'),
    displayName,
    scopes: [...new Set(scopes)],
    allowedDomains: parseAllowedDomains(get('OIDC_ALLOWED_DOMAINS')),
    redirectUri: `${publicUrl.replace(/\/$/, '')}/api/auth/oidc/callback/`,
    insecureLoopback: issuer.protocol === 'http:',
  };
}

/** PASSWORD_SIGNIN: all (default) or parents; parents-only needs a provider for everyone else. */
export function parsePasswordSignIn(env: Env, oidc: OidcConfig | null): PasswordSignIn {
  const raw = (env.PASSWORD_SIGNIN ?? '').trim().toLowerCase() || 'all';
  if (!(PASSWORD_SIGN_IN_MODES as readonly string[]).includes(raw)) {
    throw new Error(`PASSWORD_SIGNIN must be one of ${PASSWORD_SIGN_IN_MODES.join(', ')}, got "${env.PASSWORD_SIGNIN}"`);
  }
  if (raw === 'parents' && !oidc)
    throw new Error('PASSWORD_SIGNIN=parents needs single sign-on (OIDC_ISSUER and its client): students and staff would have no way to sign in');
  return raw as PasswordSignIn;
}
