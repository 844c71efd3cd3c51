/**
 * Single sign-on (OpenID Connect) values both sides name: why a sign-in through the district's
 * provider was refused (the server puts the kind in the Sign In page's address fragment, the
 * client shows its message) and who may still sign in with a password.
 */
export const SSO_REFUSALS = [
  /**
   * No account here has the provider's email (case-insensitive), the email is not plain ASCII, or
   * its account is bound to another person (subject) of the provider.
   */
  'no_account',
  /** The provider did not say the email is verified. */
  'email_unverified',
  /** The email's domain is not one of OIDC_ALLOWED_DOMAINS. */
  'domain_not_allowed',
  /** The account exists but was deactivated. */
  'deactivated',
  /** The provider answered an error, or its answer failed a check (nonce, signature, code). */
  'provider_error',
  /** No sign-in was started in this browser, it is older than ten minutes, or its state does not match. */
  'expired',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export const isSsoRefusal = (v: unknown): v is SsoRefusal => typeof v === 'string' && (SSO_REFUSALS as readonly string[]).includes(v);

/** PASSWORD_SIGNIN: everyone (all), or parents only (students and staff use the district's provider). */
export const PASSWORD_SIGN_IN_MODES = ['all', 'parents'] as const;
export type PasswordSignIn = (typeof PASSWORD_SIGN_IN_MODES)[number];
