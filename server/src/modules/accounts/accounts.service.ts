/**
 * Accounts and sessions: sign-up with a sign-up code, sign-in, sign-out, tokens, password reset.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config.js';
import type { Caller, RequestContext } from '../../context.js';
import { AppError, badInput, because, forbidden, isUniqueViolation, unauthenticated } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import { hashPassword, needsRehash, randomToken, sha256, verifyPassword } from '../../core/passwords.js';
import { requireCaller } from '../../core/policy.js';
import { addressBucket, check, clearFailures, hit, throttle, type RateLimitRule, type ThrottleRule } from '../../core/rate-limit.js';
import { valid, type Checked } from '../../core/validation.js';
import { ACCOUNT_INPUT_MESSAGES, type ChangePasswordInput, type LoginInput, type RegisterInput } from './accounts-input.js';
import { accountEmail, COMMON_PASSWORD_MESSAGE, passwordMeetsRules, PASSWORD_RULES_MESSAGE, signupCodeProblem } from '@planner/shared/password';
import { isCommon } from './common-passwords.js';
import type { MessageUrgency, OutboxService } from '../outbox/outbox.service.js';
import { message } from '../../messages/messages.js';
import { defaultYearLabels, School, SchoolMembership } from '../schools/school.entity.js';
import { AuthToken, PasswordReset, SignupCode } from './auth-token.entity.js';
import { forgetDevices, isKnownDevice, rememberDevice } from './known-devices.js';
import { User, UserType } from './user.entity.js';
import { preparedQuery } from '../../db/prepared.js';
import { signUpRefusal } from '../identity/sso.policy.js';

export const MESSAGES = {
  ...ACCOUNT_INPUT_MESSAGES,
  invalidSignupCode: 'INVALID_SIGNUP_CODE',
  emailExists: 'EMAIL_EXISTS',
  invalidEmail: 'INVALID_EMAIL',
  invalidCredentials: 'INVALID_CREDENTIALS',
  resetLinkInvalid: 'RESET_LINK_INVALID',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  changePasswordOwnSession: 'CHANGE_PASSWORD_OWN_SESSION',
  accountDeactivated: 'ACCOUNT_DEACTIVATED',
  passwordSignInParentsOnly: 'PASSWORD_SIGN_IN_PARENTS_ONLY',
} as const;

/** After the free failures of an account from one address, the first wait; it doubles with each further failure. */
const SIGN_IN_DELAY_SECONDS = 5;

export interface IssuedToken {
  token: string;
  userType: UserType;
}

export class AccountsService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly outbox: OutboxService,
  ) {}

  private get limits(): Record<'signUp' | 'reset', RateLimitRule> {
    const { authRateLimit: limit, authRateWindowSeconds: windowSeconds } = this.config;
    return {
      signUp: { name: 'sign-up', limit, windowSeconds },
      reset: { name: 'password reset', limit, windowSeconds },
    };
  }

  /**
   * Sign-in throttles (SECURITY.md, "Rate limits"). A browser that signed in to the account before
   * (known-devices.ts) is slowed only by its own failures, so no stranger can lock the owner out of
   * it. Every other attempt slows down the pair (account, client address) that fails, and two plain
   * ceilings stand behind it: one address across all accounts (password spraying) and one account
   * across all addresses and unknown devices (a guessing botnet), far above what one address can
   * reach while delayed. Addresses are counted by bucket (an IPv6 /64, addressBucket).
   */
  private get signInLimits(): { pair: ThrottleRule; address: RateLimitRule; account: RateLimitRule } {
    const { authRateLimit, authRateWindowSeconds: windowSeconds, authAddressRateLimit, authAccountRateLimit } = this.config;
    return {
      pair: { name: 'sign-in', freeFailures: authRateLimit, baseDelaySeconds: SIGN_IN_DELAY_SECONDS, windowSeconds },
      address: { name: 'sign-in', limit: authAddressRateLimit, windowSeconds },
      account: { name: 'sign-in', limit: authAccountRateLimit, windowSeconds },
    };
  }

  /** Per address the limit is five times the per-account one: a school shares one address. */
  private perAddress(rule: RateLimitRule): RateLimitRule {
    return { ...rule, limit: rule.limit * 5 };
  }

  // ---- tokens -------------------------------------------------------------------------------

  async issueToken(
    userId: number,
    opts: { actingUserId?: number | null; readOnly?: boolean; ttlMinutes?: number } = {},
    manager: EntityManager = this.db.manager,
  ): Promise<string> {
    const token = randomToken();
    const now = Date.now();
    const ttl = Math.min(opts.ttlMinutes ?? this.config.tokenTtlMinutes, this.config.tokenTtlMinutes);
    await manager.getRepository(AuthToken).insert({
      tokenHash: sha256(token),
      userId,
      actingUserId: opts.actingUserId ?? null,
      readOnly: opts.readOnly ?? false,
      lastFour: token.slice(-4),
      lastUsedAt: new Date(now),
      expiresAt: new Date(now + ttl * 60_000),
    });
    return token;
  }

  /**
   * The token lookup runs on every authenticated request, so its SQL is written once (from the
   * User entity's columns, so a new column is never missed) and its row becomes a User without
   * the query builder: building and hydrating through TypeORM cost more server time than the
   * statement itself (bench/README.md, one-row read). PostgreSQL keeps it prepared.
   */
  private tokenLookup?: { sql: string; userProps: string[] };
  private lookupStatement(): { sql: string; userProps: string[] } {
    if (!this.tokenLookup) {
      const columns = this.db.getMetadata(User).columns;
      const userSelect = columns.map((c) => `u.${c.databaseName} AS "${c.propertyName}"`).join(', ');
      this.tokenLookup = {
        userProps: columns.map((c) => c.propertyName),
        sql: `SELECT ${userSelect}, t.id AS "t_id", t.acting_user_id AS "t_acting_user_id", t.read_only AS "t_read_only",
                t.last_used_at AS "t_last_used_at", t.expires_at AS "t_expires_at", t.revoked_at AS "t_revoked_at", t.kind AS "t_kind",
                f.lsn::text AS "t_read_fence"
              FROM auth_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN read_fences f ON f.user_id = u.id WHERE t.token_hash = $1`,
      };
    }
    return this.tokenLookup;
  }

  /** The caller a token stands for, or null when it is unknown, revoked, expired or idle too long. */
  async authenticate(token: string | null): Promise<Caller | null> {
    if (!token || token.length > 200) return null;
    const { sql, userProps } = this.lookupStatement();
    // The token and its user in one statement.
    const rows: (Record<string, unknown> & {
      t_id: string;
      t_acting_user_id: number | null;
      t_read_only: boolean;
      t_last_used_at: Date;
      t_expires_at: Date;
      t_revoked_at: Date | null;
      t_kind: 'session' | 'api';
      t_read_fence: string | null;
    })[] = await preparedQuery(this.db, 'authenticate', sql, [sha256(token)]);
    const t = rows[0];
    // A deactivated person's tokens are revoked when the roster deactivates them; this covers the moment in between.
    if (!t || t.t_revoked_at || t.deactivatedAt) return null;
    const now = Date.now();
    if (new Date(t.t_expires_at).getTime() <= now) return null;
    const lastUsedAt = new Date(t.t_last_used_at).getTime();
    // A personal API token runs a nightly script: it has no idle timeout, only its chosen expiry.
    if (t.t_kind !== 'api' && lastUsedAt + this.config.tokenIdleMinutes * 60_000 <= now) return null;
    // Refresh the idle clock at most once a minute, not on every request.
    if (now - lastUsedAt > 60_000) {
      await this.db.getRepository(AuthToken).update({ id: t.t_id }, { lastUsedAt: new Date(now) });
    }
    const user = new User();
    for (const prop of userProps) (user as unknown as Record<string, unknown>)[prop] = t[prop];
    return { user, tokenId: t.t_id, actingUserId: t.t_acting_user_id, readOnly: t.t_read_only, tokenKind: t.t_kind, readFence: t.t_read_fence };
  }

  /** Resolves a token that the caller holds aside (adminToken, parentToken) without the idle refresh. */
  async tokenRow(token: string): Promise<AuthToken | null> {
    if (!token || token.length > 200) return null;
    const row = await this.db.getRepository(AuthToken).findOneBy({ tokenHash: sha256(token) });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
    return row;
  }

  async revokeToken(tokenId: string, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.getRepository(AuthToken).update({ id: tokenId }, { revokedAt: new Date() });
  }

  /**
   * Ends the token sent and every view-as token acting for the person signing out (a counselor's
   * view of a student must not outlive the counselor's sign-out). On a view-as token, the person is
   * the one acting.
   */
  async logout(ctx: RequestContext): Promise<void> {
    const caller = requireCaller(ctx);
    await this.db.query(`UPDATE auth_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND (id = $1 OR acting_user_id = $2)`, [
      caller.tokenId,
      caller.actingUserId ?? caller.user.id,
    ]);
  }

  // ---- sign-up and sign-in ------------------------------------------------------------------

  async register(ctx: Pick<RequestContext, 'ip'>, checked: Checked<RegisterInput>): Promise<IssuedToken> {
    const input = valid(checked);
    await hit(this.db, this.perAddress(this.limits.signUp), `ip:${addressBucket(ctx.ip)}`);
    if (!input.email || !input.password || !input.first_name || !input.last_name) throw badInput(because(MESSAGES.allFieldsRequired));
    const codeProblem = signupCodeProblem(input.signup_code);
    if (codeProblem) throw badInput(because(codeProblem));
    // NFKC, then ASCII only: no account's email differs from another's only by look-alike characters.
    const email = accountEmail(input.email);
    if (!email) throw badInput(because(MESSAGES.invalidEmail));
    if (!passwordMeetsRules(input.password, input.first_name, input.last_name)) throw badInput(because(PASSWORD_RULES_MESSAGE));
    if (isCommon(input.password)) throw badInput(because(COMMON_PASSWORD_MESSAGE));

    const target = await this.resolveSignupCode(input.signup_code);
    if (!target) throw badInput(because(MESSAGES.invalidSignupCode));
    // Beside the district's provider: PASSWORD_SIGNIN=parents and OIDC_ALLOWED_DOMAINS (identity/sso.policy.ts).
    const refusal = signUpRefusal(target.userType, email, this.config.passwordSignIn, this.config.oidc?.allowedDomains ?? []);
    // 403 as for a password sign-in in that mode; a wrong domain is a wrong address (400).
    if (refusal?.reason === 'SIGN_UP_DISTRICT_SIGN_IN') throw forbidden(because(refusal.reason));
    if (refusal) throw badInput(because(refusal.reason, refusal.params));
    const passwordHash = await hashPassword(input.password);

    return this.db
      .transaction(async (m) => {
        if (await m.getRepository(User).existsBy({ email })) throw badInput(because(MESSAGES.emailExists));
        const user = await m.getRepository(User).save({
          email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          userType: target.userType,
          schoolId: target.school.id,
          parentCode: target.userType === UserType.Student ? await this.newParentCode(m) : null,
          academicYearLabels: target.userType === UserType.Student ? defaultYearLabels(target.school.schoolType) : [],
          applicationStatus: target.dualSchoolParent ? 'not_started' : null,
        });
        await m.getRepository(SchoolMembership).insert({ userId: user.id, schoolId: target.school.id });
        const token = await this.issueToken(user.id, {}, m);
        return { token, userType: user.userType };
      })
      .catch((e: unknown) => {
        // Two sign-ups racing on one email: the unique index answers like the check above.
        if (isUniqueViolation(e)) throw badInput(because(MESSAGES.emailExists));
        throw e;
      });
  }

  /** A code names a user type and a school; the dual-school parent code comes from configuration. */
  async resolveSignupCode(code: string): Promise<{ userType: UserType; school: School; dualSchoolParent: boolean } | null> {
    const normalized = code.trim().toUpperCase();
    if (normalized === this.config.dualSchoolSignupCode.trim().toUpperCase()) {
      const school = await this.db.getRepository(School).findOne({
        where: { dualSchoolEnabled: true, schoolType: 'HS' as never },
        order: { id: 'ASC' },
      });
      return school ? { userType: UserType.Parent, school, dualSchoolParent: true } : null;
    }
    const row = await this.db.getRepository(SignupCode).findOneBy({ code: normalized });
    if (!row) return null;
    const school = await this.db.getRepository(School).findOneBy({ id: row.schoolId });
    return school ? { userType: row.userType as UserType, school, dualSchoolParent: false } : null;
  }

  /** `count` parent codes no account holds yet, checked together (a roster batch). */
  async newParentCodes(m: EntityManager, count: number): Promise<string[]> {
    const codes = new Set<string>();
    while (codes.size < count) {
      const fresh = Array.from({ length: count - codes.size }, () => parentCodeCandidate()).filter((c) => !codes.has(c));
      const taken: { parent_code: string }[] = await m.query(`SELECT parent_code FROM users WHERE parent_code = ANY($1::text[])`, [fresh]);
      const takenSet = new Set(taken.map((t) => t.parent_code));
      for (const c of fresh) if (!takenSet.has(c)) codes.add(c);
    }
    return [...codes];
  }

  async newParentCode(m: EntityManager): Promise<string> {
    // 8 characters from an alphabet without look-alikes (0/O, 1/I): easy to read over the phone.
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    for (;;) {
      const bytes = randomToken(16);
      let code = '';
      for (let i = 0; code.length < 8 && i < bytes.length; i++) code += alphabet[bytes.charCodeAt(i) % alphabet.length];
      if (!(await m.getRepository(User).existsBy({ parentCode: code }))) return code;
    }
  }

  async login(ctx: Pick<RequestContext, 'ip' | 'device'>, checked: Checked<LoginInput>): Promise<IssuedToken> {
    const input = valid(checked);
    if (!input.email || !input.password) throw badInput(because('EMAIL_PASSWORD_REQUIRED'));
    // As accounts store it (NFKC, ASCII); an address that is not ASCII even then matches no account.
    const email = accountEmail(input.email) ?? input.email.toLowerCase();
    const user = await this.checkPassword(ctx, email, input.password);
    if (!user) throw unauthenticated(because(MESSAGES.invalidCredentials));
    if (this.config.passwordSignIn === 'parents' && user.userType !== UserType.Parent) throw forbidden(because(MESSAGES.passwordSignInParentsOnly));
    await rememberDevice(this.db, ctx.device, user.id);
    return { token: await this.issueToken(user.id), userType: user.userType };
  }

  /**
   * The user whose password this is, or null; every refusal is counted (see signInLimits) and a
   * 429 answers while the caller must wait. A right password against a hash of older parameters
   * (scrypt) stores an argon2id hash in its place.
   */
  private async checkPassword(ctx: Pick<RequestContext, 'ip' | 'device'>, email: string, password: string): Promise<User | null> {
    const limits = this.signInLimits;
    const user = await this.db.getRepository(User).findOneBy({ email });
    // Keys hold the email's hash: fixed length whatever was typed.
    const emailKey = sha256(email);
    const known = user !== null && ctx.device?.id ? await isKnownDevice(this.db, ctx.device, user.id) : false;
    const address = `ip:${addressBucket(ctx.ip)}`;
    const account = `account:${emailKey}`;
    // A known device's failures are its own: keyed by the device, counted in no ceiling.
    const pair = known ? `device:${sha256(ctx.device!.id!)}:${emailKey}` : `${emailKey}:${addressBucket(ctx.ip)}`;
    if (!known) {
      await check(this.db, limits.address, address);
      await check(this.db, limits.account, account, (wait) => new AppError('RATE_LIMITED', because('SIGN_IN_NEW_DEVICE_PAUSED'), wait));
    }
    await throttle(this.db, limits.pair, pair);
    const ok = await verifyPassword(password, user?.passwordHash ?? '');
    if (!user || !ok) {
      // Only failures count: a school's shared address signing in all morning is not an attack.
      if (!known) {
        await hit(this.db, limits.address, address);
        await hit(this.db, limits.account, account);
      }
      return null;
    }
    await clearFailures(this.db, limits.pair, pair);
    // Said only to whoever knows the password: the account's existence is not revealed to others.
    if (user.deactivatedAt) throw forbidden(because(MESSAGES.accountDeactivated));
    if (needsRehash(user.passwordHash)) {
      const rehashed = await hashPassword(password);
      // Only over the hash just checked: a password changed meanwhile is kept.
      await this.db.query(`UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3`, [rehashed, user.id, user.passwordHash]);
      user.passwordHash = rehashed;
    }
    return user;
  }

  /**
   * A signed-in person changes their own password, giving the current one (so a session left open
   * on a shared computer cannot take the account over). Every other session and every reset link
   * of the account ends; the session making the change keeps working.
   */
  async changePassword(ctx: RequestContext, checked: Checked<ChangePasswordInput>): Promise<void> {
    const caller = requireCaller(ctx);
    // A view-as token acts on the student's record, never on the student's credentials; nor does a script's API token.
    if (caller.actingUserId !== null || caller.tokenKind === 'api') throw forbidden(because(MESSAGES.changePasswordOwnSession));
    const input = valid(checked);
    if (!input.current_password || !input.new_password) throw badInput(because(MESSAGES.passwordsRequired));
    const user = caller.user;
    if (!(await this.checkPassword(ctx, user.email, input.current_password))) throw badInput(because(MESSAGES.currentPasswordWrong));
    if (!passwordMeetsRules(input.new_password, user.firstName, user.lastName)) throw badInput(because(PASSWORD_RULES_MESSAGE));
    if (isCommon(input.new_password)) throw badInput(because(COMMON_PASSWORD_MESSAGE));
    const passwordHash = await hashPassword(input.new_password);
    await this.db.transaction((m) => this.storeNewPassword(m, user.id, passwordHash, caller.tokenId));
    await rememberDevice(this.db, ctx.device, user.id);
  }

  /**
   * Stores a new password and ends what the old one opened (ASVS 2.5, 3.3): every outstanding
   * reset and set-password link of the account, and every token of the account or acting for it,
   * except `keepTokenId` (the session making the change; a reset from a link keeps none), and every
   * known device (the caller's browser is remembered again afterwards).
   */
  private async storeNewPassword(m: EntityManager, userId: number, passwordHash: string, keepTokenId: string | null): Promise<void> {
    await m.getRepository(User).update({ id: userId }, { passwordHash });
    await forgetDevices(m, userId);
    await m.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
    await m.query(
      `UPDATE auth_tokens SET revoked_at = now()
        WHERE (user_id = $1 OR acting_user_id = $1) AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keepTokenId],
    );
  }

  // ---- password reset -----------------------------------------------------------------------

  /** Always answers the same way, so nobody learns whether an email has an account. */
  async requestPasswordReset(ctx: Pick<RequestContext, 'ip'>, checked: Checked<string>): Promise<void> {
    const rawEmail = valid(checked);
    if (!rawEmail) throw badInput(because('EMAIL_REQUIRED'));
    const email = accountEmail(rawEmail) ?? rawEmail.toLowerCase();
    await hit(this.db, this.limits.reset, `email:${sha256(email)}`);
    await hit(this.db, this.perAddress(this.limits.reset), `ip:${addressBucket(ctx.ip)}`);
    const user = await this.db.getRepository(User).findOneBy({ email });
    if (!user || user.deactivatedAt) return;
    const token = randomToken();
    const uidb64 = Buffer.from(String(user.id)).toString('base64url');
    await this.db.transaction(async (m) => {
      await m.getRepository(PasswordReset).insert({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + this.config.resetTokenTtlMinutes * 60_000),
      });
      const link = `${this.config.publicUrl}/reset-password/${uidb64}/${token}`;
      await this.outbox.enqueue(
        'email',
        user.email,
        message(user.locale, 'email.resetPassword.subject'),
        message(user.locale, 'email.resetPassword.body', { firstName: user.firstName, minutes: this.config.resetTokenTtlMinutes, link }),
        { schoolId: user.schoolId, userId: user.id },
        m,
        { personWaiting: true },
      );
    });
  }

  /** Sets a new password from an emailed link; the link works once, every other link and every session ends. */
  async resetPassword(ctx: Pick<RequestContext, 'ip' | 'device'>, uidb64: string, token: string, checked: Checked<string>): Promise<void> {
    const password = valid(checked);
    if (!password) throw badInput(because(MESSAGES.passwordsRequired));
    await hit(this.db, this.perAddress(this.limits.reset), `ip:${addressBucket(ctx.ip)}`);
    const userId = Number(Buffer.from(uidb64 ?? '', 'base64url').toString('utf8'));
    if (!isId(userId) || !token) throw badInput(because(MESSAGES.resetLinkInvalid));
    const user = await this.db.getRepository(User).findOneBy({ id: userId });
    if (!user) throw badInput(because(MESSAGES.resetLinkInvalid));
    if (!passwordMeetsRules(password, user.firstName, user.lastName)) throw badInput(because(PASSWORD_RULES_MESSAGE));
    if (isCommon(password)) throw badInput(because(COMMON_PASSWORD_MESSAGE));
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (m) => {
      // Marking used in the same statement that checks it: two clicks cannot both succeed.
      const result = await m.query(
        `UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [sha256(token), userId],
      );
      const rows = Array.isArray(result[0]) ? result[0] : result;
      if (!rows.length) throw badInput(because(MESSAGES.resetLinkInvalid));
      await this.storeNewPassword(m, userId, passwordHash, null);
    });
    // The emailed link proved the owner: this browser is known from now on, whatever strangers tried.
    await rememberDevice(this.db, ctx.device, userId);
  }

  /**
   * A set-password link for one account someone else created, sent on demand: someone is waiting
   * for it, so it goes ahead of bulk welcome emails. The same single-use machinery as a reset
   * link, valid for `ttlMinutes` (default 7 days).
   */
  async enqueueSetPasswordLink(
    user: Pick<User, 'id' | 'email' | 'firstName'>,
    school: { id: number; name: string },
    manager: EntityManager,
    ttlMinutes = 7 * 24 * 60,
  ): Promise<void> {
    await this.enqueueSetPasswordLinks([{ user, school }], manager, ttlMinutes, { personWaiting: true });
  }

  /** Set-password links for many new accounts (a roster batch's welcome emails, bulk): one INSERT for the links, then the outbox's two. */
  async enqueueSetPasswordLinks(
    people: { user: Pick<User, 'id' | 'email' | 'firstName'>; school: { id: number; name: string } }[],
    manager: EntityManager,
    ttlMinutes = 7 * 24 * 60,
    urgency: MessageUrgency = {},
  ): Promise<void> {
    if (!people.length) return;
    const days = Math.round(ttlMinutes / (24 * 60));
    const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
    const links = people.map(({ user, school }) => {
      const token = randomToken();
      const uidb64 = Buffer.from(String(user.id)).toString('base64url');
      return { user, school, tokenHash: sha256(token), link: `${this.config.publicUrl}/reset-password/${uidb64}/${token}` };
    });
    await manager.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[])`, [
      links.map((l) => l.user.id),
      links.map((l) => l.tokenHash),
      links.map(() => expiresAt.toISOString()),
    ]);
    // Each in the language of the account (as stored: an import may have set it).
    const locales: { id: number; locale: string }[] = await manager.query(`SELECT id, locale FROM users WHERE id = ANY($1::int[])`, [links.map((l) => l.user.id)]);
    const localeOf = new Map(locales.map((r) => [r.id, r.locale]));
    await this.outbox.enqueueMany(
      links.map(({ user, school, link }) => {
        const locale = localeOf.get(user.id);
        return {
          recipient: user.email,
          subject: message(locale, 'email.setPassword.subject'),
          body: message(locale, 'email.setPassword.body', { firstName: user.firstName, schoolName: school.name, days, link }),
          scope: { schoolId: school.id, userId: user.id },
        };
      }),
      manager,
      urgency,
    );
  }

  async userById(id: number): Promise<User | null> {
    return this.db.getRepository(User).findOneBy({ id });
  }
}

/** 8 characters from an alphabet without look-alikes (0/O, 1/I): easy to read over the phone. */
function parentCodeCandidate(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomToken(16);
  let code = '';
  for (let i = 0; code.length < 8 && i < bytes.length; i++) code += alphabet[bytes.charCodeAt(i) % alphabet.length];
  return code;
}
