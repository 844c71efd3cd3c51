/**
 * Single sign-on on the Sign In page: whether to show the district's button, what the server's
 * redirect back put in the address fragment (a one-time code, or why the sign-in was refused), and
 * the exchange of that code for the session token (the same kind password sign-in gives).
 */
import { isSsoRefusal, type PasswordSignIn, type SsoRefusal } from '@planner/shared';
import type { UserType } from '../../graphql/generated';
import type { MessageKey } from '../../i18n';

export interface SignInOptions {
  enabled: boolean;
  displayName: string | null;
  passwordSignIn: PasswordSignIn;
}

export const NO_SSO: SignInOptions = { enabled: false, displayName: null, passwordSignIn: 'all' };

export type SsoReturn = { code: string } | { refusal: SsoRefusal } | null;

/** `#sso_code=...` or `#sso_error=<kind>`; anything else (an unknown kind too) is not ours, or a provider error. */
export function readSsoFragment(hash: string): SsoReturn {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('sso_code');
  if (code && /^[\w-]{20,100}$/.test(code)) return { code };
  const error = params.get('sso_error');
  if (error !== null) return { refusal: isSsoRefusal(error) ? error : 'provider_error' };
  return null;
}

export const REFUSAL_MESSAGES: Record<SsoRefusal, MessageKey> = {
  no_account: 'accounts.ssoNoAccount',
  email_unverified: 'accounts.ssoEmailUnverified',
  domain_not_allowed: 'accounts.ssoDomainNotAllowed',
  deactivated: 'accounts.ssoDeactivated',
  provider_error: 'accounts.ssoProviderError',
  expired: 'accounts.ssoExpired',
};

const USER_TYPES: Record<number, UserType> = { 1: 'Student', 2: 'Staff', 3: 'Parent', 4: 'BaselinePlan' };

export async function fetchSignInOptions(): Promise<SignInOptions> {
  const res = await fetch('/api/auth/oidc/');
  if (!res.ok) return NO_SSO;
  const body = (await res.json()) as { enabled?: unknown; display_name?: unknown; password_sign_in?: unknown };
  return {
    enabled: body.enabled === true && typeof body.display_name === 'string',
    displayName: typeof body.display_name === 'string' ? body.display_name : null,
    passwordSignIn: body.password_sign_in === 'parents' ? 'parents' : 'all',
  };
}

/** A refused exchange, as the refusal the page explains (403: deactivated meanwhile; 400: used or too late). */
export class SsoExchangeError extends Error {
  constructor(readonly refusal: SsoRefusal) {
    super(`single sign-on exchange refused: ${refusal}`);
    this.name = 'SsoExchangeError';
  }
}

/** The code for the session token; the browser's sign-in cookie goes along (same origin). */
export async function exchangeSignInCode(code: string): Promise<{ token: string; userType: UserType }> {
  const res = await fetch('/api/auth/oidc/exchange/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: unknown; user_type?: unknown; error?: unknown };
  if (!res.ok || typeof body.token !== 'string' || typeof body.user_type !== 'number' || !USER_TYPES[body.user_type]) {
    throw new SsoExchangeError(res.status === 403 ? 'deactivated' : res.status === 400 ? 'expired' : 'provider_error');
  }
  return { token: body.token, userType: USER_TYPES[body.user_type] };
}
