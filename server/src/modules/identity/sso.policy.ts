/**
 * Who may sign in through the district's provider, as pure rules of the provider's claims and the
 * account found for them: only a person the school already knows (rostered or registered), by
 * the provider's email, which the provider must say is verified; the email's domain must be one
 * of OIDC_ALLOWED_DOMAINS when that is set; the account must be active. Nothing is ever created.
 * The account is then bound to the provider's subject (sso.service.ts); and who may sign up with
 * a password beside the provider (signUpRefusal).
 */
import type { PasswordSignIn, Reason, SsoRefusal } from '@planner/shared';
import { accountEmail } from '@planner/shared/password';
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

/**
 * The claims' email, trimmed and lower-cased, or null when there is none worth matching. It must
 * be printable ASCII as the provider sent it: `ben.o\u212Aafor@` (Kelvin sign) or a full-width
 * letter is another mailbox at the provider, and folding it (lower-casing, NFKC) would match
 * ben.okafor's account. NFKC changes nothing of an ASCII address, so the stored form (accountEmail)
 * is then only the lower-casing.
 */
export function claimedEmail(claims: ProviderClaims): string | null {
  if (typeof claims.email !== 'string') return null;
  const sent = claims.email.trim();
  if (!/^[\x20-\x7e]+$/.test(sent)) return null;
  return accountEmail(sent);
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

/**
 * Who may sign up with a password, by the sign-up code's account type and the (stored) email:
 * - PASSWORD_SIGNIN=parents: parents only. A student's or staff member's password account would
 *   bypass the district's sign-in and outlive their removal at the provider.
 * - OIDC_ALLOWED_DOMAINS, in any mode: students and staff sign up with an address of a listed
 *   domain (exact, as for single sign-on). Never parents: they sign up with personal addresses.
 */
export function signUpRefusal(
  userType: UserType,
  email: string,
  passwordSignIn: PasswordSignIn,
  allowedDomains: string[],
): { reason: Reason; params?: Record<string, string> } | null {
  if (userType === UserType.Parent) return null;
  if (passwordSignIn === 'parents') return { reason: 'SIGN_UP_DISTRICT_SIGN_IN' };
  if (!domainAllowed(email, allowedDomains)) return { reason: 'SIGN_UP_EMAIL_DOMAIN', params: { domains: allowedDomains.join(', ') } };
  return null;
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
