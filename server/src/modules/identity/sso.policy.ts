/**
 * Who may sign in through the district's provider, as pure rules of the provider's claims and the
 * account found for them: only a person the school already knows (rostered or registered), by
 * the provider's email, which the provider must say is verified; the email's domain must be one
 * of OIDC_ALLOWED_DOMAINS when that is set; the account must be active. Nothing is ever created.
 */
import type { SsoRefusal } from '@planner/shared';
import { UserType } from '../accounts/user.entity.js';

export interface ProviderClaims {
  email?: unknown;
  email_verified?: unknown;
  /** Microsoft Entra ID's optional claim "email domain owner verified" (it sends no email_verified). */
  xms_edov?: unknown;
}

export interface KnownAccount {
  userType: UserType;
  deactivatedAt: Date | null;
}

/** The claims' email, trimmed and lower-cased, or null when there is none worth matching. */
export function claimedEmail(claims: ProviderClaims): string | null {
  if (typeof claims.email !== 'string') return null;
  const email = claims.email.trim().toLowerCase();
  return /^[^@\s]+@[^@\s]+$/.test(email) && email.length <= 320 ? email : null;
}

/** true or "true" (some providers send a string); Entra's xms_edov only when email_verified is absent. */
export function emailVerified(claims: ProviderClaims): boolean {
  const yes = (v: unknown) => v === true || v === 'true';
  if (claims.email_verified !== undefined) return yes(claims.email_verified);
  return yes(claims.xms_edov);
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/** Whether the provider may sign in this email: any domain when none is listed (OIDC_ALLOWED_DOMAINS). */
export function domainAllowed(email: string, allowedDomains: string[]): boolean {
  return !allowedDomains.length || allowedDomains.includes(emailDomain(email).toLowerCase());
}

/** The checks that need no account: an email, verified, of an allowed domain. */
export function claimsRefusal(claims: ProviderClaims, allowedDomains: string[]): SsoRefusal | null {
  const email = claimedEmail(claims);
  if (!email) return 'no_account';
  if (!emailVerified(claims)) return 'email_unverified';
  if (!domainAllowed(email, allowedDomains)) return 'domain_not_allowed';
  return null;
}

/** The account found by the email (null: none): baseline-plan records never sign in. */
export function accountRefusal(account: KnownAccount | null): SsoRefusal | null {
  if (!account || account.userType === UserType.BaselinePlan) return 'no_account';
  if (account.deactivatedAt) return 'deactivated';
  return null;
}
