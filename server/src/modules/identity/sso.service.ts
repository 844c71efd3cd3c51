/**
 * Single sign-on with the district's OpenID Connect provider (openid-client): the authorization
 * code flow with PKCE, state and nonce, the provider found by discovery from its issuer.
 *
 * 1. start: a random browser secret (an HttpOnly cookie, set by the adapter) keys a row holding
 *    the state, nonce and PKCE verifier for ten minutes; the browser goes to the provider.
 * 2. callback: the row of this browser AND of the answer's state is taken (deleted: one use), so
 *    a forged answer with another state leaves the real sign-in alone; openid-client checks the
 *    state again, exchanges the code with the verifier and checks the ID token (signature,
 *    issuer, audience, nonce). The claims are checked (sso.policy.ts) and matched to a known
 *    account: by the (issuer, subject) it was bound to at its first sign-in, else by email, and
 *    then bound. On success a one-time code, bound to the same browser and valid one minute, goes
 *    back to the Sign In page in the address fragment (never sent to a server, so never in an
 *    access log).
 * 3. exchange: the page posts the code from the same browser and gets the session token password
 *    sign-in gives (AccountsService.issueToken). A copy of the code in history is then worthless.
 */
import * as oidc from 'openid-client';
import type { DataSource } from 'typeorm';
import type { PasswordSignIn, SsoRefusal } from '@planner/shared';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { badInput, forbidden, notFound, because } from '../../core/errors.js';
import { randomToken, sha256 } from '../../core/passwords.js';
import { valid, type Checked } from '../../core/validation.js';
import { MESSAGES, type AccountsService, type IssuedToken } from '../accounts/accounts.service.js';
import { User } from '../accounts/user.entity.js';
import { SSO_INPUT_MESSAGES } from './sso-input.js';
import type { OidcConfig } from './oidc-config.js';
import { accountRefusal, claimedEmail, claimsRefusal, emailDomain, type ProviderClaims } from './sso.policy.js';
import { logger } from '../../observability/logger.js';

/** How long a started sign-in may take at the provider. */
export const LOGIN_STATE_MINUTES = 10;
/** How long the Sign In page has to exchange its one-time code. */
export const SIGN_IN_CODE_SECONDS = 60;
/** Provider metadata is fetched again after this long (a district may move its provider). */
const DISCOVERY_MAX_AGE_MS = 24 * 60 * 60_000;

export const SSO_MESSAGES = {
  notConfigured: 'SSO_NOT_CONFIGURED',
} as const;

export type SsoOutcome = { ok: true; code: string } | { ok: false; refusal: SsoRefusal };

export interface SignInOptions {
  /** Whether the Sign In page shows the provider's button. */
  enabled: boolean;
  /** The button's text (OIDC_DISPLAY_NAME). */
  displayName: string | null;
  passwordSignIn: PasswordSignIn;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0] : (result as T[]));

export class SingleSignOnService {
  private discovered?: { at: number; configuration: Promise<oidc.Configuration> };

  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly accounts: AccountsService,
  ) {}

  signInOptions(): SignInOptions {
    const cfg = this.config.oidc;
    return { enabled: cfg !== null, displayName: cfg?.displayName ?? null, passwordSignIn: this.config.passwordSignIn };
  }

  private settings(): OidcConfig {
    if (!this.config.oidc) throw notFound(because(SSO_MESSAGES.notConfigured));
    return this.config.oidc;
  }

  /** The provider's configuration, discovered once (again after a failure or a day). */
  private provider(cfg: OidcConfig): Promise<oidc.Configuration> {
    if (!this.discovered || Date.now() - this.discovered.at > DISCOVERY_MAX_AGE_MS) {
      const configuration = discover(cfg);
      configuration.catch(() => {
        if (this.discovered?.configuration === configuration) this.discovered = undefined;
      });
      this.discovered = { at: Date.now(), configuration };
    }
    return this.discovered.configuration;
  }

  /** Where to send the browser, and the secret its cookie keeps; a provider that cannot be reached is a refusal. */
  async start(): Promise<{ ok: true; url: string; browserSecret: string } | { ok: false; refusal: SsoRefusal }> {
    const cfg = this.settings();
    let provider: oidc.Configuration;
    try {
      provider = await this.provider(cfg);
    } catch (e) {
      logger.warn(`[sso] discovery of ${cfg.issuer.href} failed: ${describe(e)}`);
      return { ok: false, refusal: 'provider_error' };
    }
    const browserSecret = randomToken();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    await this.db.query(`DELETE FROM oidc_login_states WHERE expires_at <= now()`);
    await this.db.query(`INSERT INTO oidc_login_states (browser_hash, state, nonce, code_verifier, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      sha256(browserSecret),
      state,
      nonce,
      verifier,
      new Date(Date.now() + LOGIN_STATE_MINUTES * 60_000),
    ]);
    const url = oidc.buildAuthorizationUrl(provider, {
      redirect_uri: cfg.redirectUri,
      scope: cfg.scopes.join(' '),
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { ok: true, url: url.href, browserSecret };
  }

  /** The provider's answer (the callback's query string), checked and matched to an account. */
  async callback(browserSecret: string | null, query: string): Promise<SsoOutcome> {
    const cfg = this.settings();
    const params = new URLSearchParams(query);
    if (!browserSecret) return refuse('expired', 'no sign-in was started in this browser');
    const state = params.get('state');
    if (!state) return refuse('expired', 'the answer has no state');
    // Taken in the statement that reads it, and only with its state: a second callback of this
    // browser finds nothing, and a forged one (wrong state) does not end the real sign-in.
    const taken = rowsOf<{ state: string; nonce: string; code_verifier: string }>(
      await this.db.query(`DELETE FROM oidc_login_states WHERE browser_hash = $1 AND state = $2 AND expires_at > now() RETURNING state, nonce, code_verifier`, [
        sha256(browserSecret),
        state,
      ]),
    );
    const login = taken[0];
    if (!login) return refuse('expired', 'no unexpired sign-in of this browser has this state');
    const providerError = params.get('error');
    if (providerError)
      return refuse(
        'provider_error',
        `the provider answered ${clip(providerError)}${params.get('error_description') ? `: ${clip(params.get('error_description')!)}` : ''}`,
      );

    let claims: ProviderClaims;
    let person: { issuer: string; subject: string };
    try {
      const provider = await this.provider(cfg);
      const currentUrl = new URL(cfg.redirectUri);
      currentUrl.search = params.toString();
      const tokens = await oidc.authorizationCodeGrant(provider, currentUrl, {
        pkceCodeVerifier: login.code_verifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) return refuse('provider_error', 'no ID token');
      // iss is the discovered issuer (openid-client checked it), sub the provider's stable id of the person.
      person = { issuer: idToken.iss, subject: idToken.sub };
      claims = idToken as ProviderClaims;
      // Some providers (Clever, ClassLink) put the email in userinfo only. The email and whether it
      // is verified come from the same answer, never one from each.
      if (claims.email === undefined && provider.serverMetadata().userinfo_endpoint) {
        claims = (await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub)) as ProviderClaims;
      }
    } catch (e) {
      return refuse('provider_error', describe(e));
    }

    const claimProblem = claimsRefusal(claims, cfg.allowedDomains);
    const email = claimedEmail(claims);
    if (claimProblem || !email)
      return refuse(claimProblem ?? 'no_account', email ? `email domain ${emailDomain(email)}` : 'the email is not a plain ASCII address, or missing');
    const matched = await this.account(person, email);
    if ('refusal' in matched) return refuse(matched.refusal, matched.detail);
    const user = matched.user;

    const code = randomToken();
    await this.db.query(`DELETE FROM oidc_sign_in_codes WHERE expires_at <= now()`);
    await this.db.query(`INSERT INTO oidc_sign_in_codes (code_hash, browser_hash, user_id, expires_at) VALUES ($1, $2, $3, $4)`, [
      sha256(code),
      sha256(browserSecret),
      user.id,
      new Date(Date.now() + SIGN_IN_CODE_SECONDS * 1000),
    ]);
    logger.info(
      `[sso] user ${user.id} signed in through ${cfg.issuer.host}${user.email === email ? '' : ' (by its binding; the provider now gives it another email, the account keeps its own)'}`,
    );
    return { ok: true, code };
  }

  /**
   * The account of the provider's person: the one bound to (issuer, subject) at an earlier sign-in
   * (the binding wins over the email, which the provider may change or give to someone else); else
   * the account with this email, bound now, unless it is already bound to another subject of this
   * issuer (the address was given to a new person). The account's stored email is never changed here.
   */
  private async account(person: { issuer: string; subject: string }, email: string): Promise<{ user: User } | { refusal: SsoRefusal; detail: string }> {
    const users = this.db.getRepository(User);
    const boundTo = async () =>
      rowsOf<{ user_id: number }>(await this.db.query(`SELECT user_id FROM oidc_identities WHERE issuer = $1 AND subject = $2`, [person.issuer, person.subject]))[0]
        ?.user_id;
    const bound = await boundTo();
    const user = bound !== undefined ? await users.findOneBy({ id: bound }) : await users.findOneBy({ email });
    const problem = accountRefusal(user);
    if (problem || !user) return { refusal: problem ?? 'no_account', detail: user ? `user ${user.id}` : `email domain ${emailDomain(email)}` };
    if (bound !== undefined) return { user };
    // One subject per account and issuer, one account per subject (the table's two unique keys).
    const inserted = rowsOf<{ user_id: number }>(
      await this.db.query(`INSERT INTO oidc_identities (issuer, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`, [
        person.issuer,
        person.subject,
        user.id,
      ]),
    );
    // Not inserted: bound meanwhile by a sign-in racing this one, or bound to another subject.
    if (inserted.length || (await boundTo()) === user.id) return { user };
    return { refusal: 'no_account', detail: `user ${user.id} is bound to another subject of this provider` };
  }

  /** The one-time code, from the browser that signed in, for the same token password sign-in gives. */
  async exchange(_ctx: Pick<RequestContext, 'ip'>, browserSecret: string | null, checked: Checked<string>): Promise<IssuedToken> {
    const code = valid(checked);
    if (!browserSecret) throw badInput(because(SSO_INPUT_MESSAGES.codeRequired));
    const used = rowsOf<{ user_id: number }>(
      await this.db.query(
        `UPDATE oidc_sign_in_codes SET used_at = now()
        WHERE code_hash = $1 AND browser_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [sha256(code), sha256(browserSecret)],
      ),
    );
    if (!used.length) throw badInput(because(SSO_INPUT_MESSAGES.codeRequired));
    const user = await this.db.getRepository(User).findOneBy({ id: used[0].user_id });
    if (!user) throw badInput(because(SSO_INPUT_MESSAGES.codeRequired));
    // Deactivated in the minute since the callback.
    if (user.deactivatedAt) throw forbidden(because(MESSAGES.accountDeactivated));
    return { token: await this.accounts.issueToken(user.id), userType: user.userType };
  }
}

async function discover(cfg: OidcConfig): Promise<oidc.Configuration> {
  const execute = cfg.insecureLoopback ? [oidc.allowInsecureRequests] : [];
  const found = await oidc.discovery(cfg.issuer, cfg.clientId, undefined, undefined, { execute });
  const metadata = found.serverMetadata();
  // client_secret_basic is the OIDC default; a provider listing only client_secret_post gets that.
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth = !methods || methods.includes('client_secret_basic') ? oidc.ClientSecretBasic(cfg.clientSecret) : oidc.ClientSecretPost(cfg.clientSecret);
  const configuration = new oidc.Configuration(metadata, cfg.clientId, { client_secret: cfg.clientSecret }, auth);
  if (cfg.insecureLoopback) oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** Logs a refusal without the email's local part, tokens or codes (SECURITY.md, single sign-on). */
function refuse(refusal: SsoRefusal, detail: string): SsoOutcome {
  logger.warn(`[sso] sign-in refused (${refusal}): ${detail}`);
  return { ok: false, refusal };
}

const clip = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);

function describe(e: unknown): string {
  const err = e as { code?: unknown; error?: unknown; message?: unknown };
  const parts = [err.code, err.error, err.message].filter((p): p is string => typeof p === 'string');
  return clip(parts.join(' ') || String(e));
}
