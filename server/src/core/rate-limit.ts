/**
 * Fixed-window rate limits kept in PostgreSQL, so every replica of the app agrees on the count.
 */
import ipaddr from 'ipaddr.js';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError, because } from './errors.js';

/**
 * The bucket a client address is counted in: an IPv4 address alone (an IPv4-mapped IPv6 address as
 * that IPv4 address), an IPv6 address by its /64 network. One home or phone connection is handed a
 * whole /64, so counting whole IPv6 addresses would give one person 2^64 fresh buckets. Anything
 * that is not an address (a test's name, 'unknown') is its own bucket.
 */
export function addressBucket(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

export interface RateLimitRule {
  /** Names the limit in the 429 message, e.g. 'sign-in'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Counts one hit on `key`; throws a 429 with Retry-After once the window's limit is passed. */
export async function hit(db: DataSource | EntityManager, rule: RateLimitRule, key: string): Promise<void> {
  const row = await countHit(db, rule, key);
  if (row && row.hits > rule.limit) throw tooMany(rule, row.retry_after);
}

/** Counts one hit on `key` and answers whether it is still within the window's limit (for work that is skipped, not refused). */
export async function withinLimit(db: DataSource | EntityManager, rule: RateLimitRule, key: string): Promise<boolean> {
  const row = await countHit(db, rule, key);
  return !row || row.hits <= rule.limit;
}

async function countHit(db: DataSource | EntityManager, rule: RateLimitRule, key: string): Promise<{ hits: number; retry_after: number } | undefined> {
  const rows: { hits: number; retry_after: number }[] = await db.query(
    `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
       window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limit_buckets.window_start END
     RETURNING hits, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int AS retry_after`,
    [`${rule.name}:${key}`, rule.windowSeconds],
  );
  return rows[0];
}

/** Tells whether `key` is already over its limit without counting a hit; `refusal` words the 429 (RATE_LIMITED by default). */
export async function check(
  db: DataSource | EntityManager,
  rule: RateLimitRule,
  key: string,
  refusal: (retryAfterSeconds: number) => AppError = (wait) => tooMany(rule, wait),
): Promise<void> {
  const rows: { hits: number; retry_after: number }[] = await db.query(
    `SELECT hits, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int AS retry_after
       FROM rate_limit_buckets WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [`${rule.name}:${key}`, rule.windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits >= rule.limit) throw refusal(Math.max(1, row.retry_after));
}

/**
 * Progressive delay for failed attempts on one key (sign-in: one account from one client address).
 * The first `freeFailures` failures in a window cost nothing; after that each further attempt must
 * wait `baseDelaySeconds`, doubling with every failure, up to `windowSeconds`. Failures are
 * forgotten `windowSeconds` after the last one, and at once on success (clearFailures).
 *
 * An attempt is counted as a failure before the password is checked, in the same statement that
 * checks the delay (row lock): twenty requests sent at once cannot all slip through before the
 * first failure is written. A successful attempt then clears the count.
 *
 * Below the free failures an attempt is always let through. It is not enough that the delay is
 * zero: `now()` is when a statement's transaction began, so an attempt that began a moment before
 * a simultaneous one committed its `last_failure_at` sees that time in its future, and a right
 * password was refused "wait 1 second" while nothing had failed.
 */
export interface ThrottleRule {
  name: string;
  freeFailures: number;
  baseDelaySeconds: number;
  windowSeconds: number;
}

/** Counts one attempt on `key`, or throws a 429 with Retry-After while the key must still wait. */
export async function throttle(db: DataSource | EntityManager, rule: ThrottleRule, key: string): Promise<void> {
  const fullKey = `${rule.name}:${key}`;
  // The wait after `failures` failures: none below freeFailures, then base seconds doubling per further failure, at most the window.
  const delay = (failures: string) =>
    `make_interval(secs => CASE WHEN ${failures} < $3 THEN 0 ELSE least($2::double precision, $4 * power(2, least(${failures} - $3, 30))) END)`;
  const counted: unknown[] = await db.query(
    `INSERT INTO sign_in_throttles AS t (key, failures, last_failure_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.last_failure_at <= now() - make_interval(secs => $2::double precision) THEN 1 ELSE t.failures + 1 END,
       last_failure_at = now()
     WHERE t.failures < $3
        OR t.last_failure_at <= now() - make_interval(secs => $2::double precision)
        OR t.last_failure_at + ${delay('t.failures')} <= now()
     RETURNING failures`,
    [fullKey, rule.windowSeconds, rule.freeFailures, rule.baseDelaySeconds],
  );
  if (rowsOf(counted).length) return;
  const waiting: { retry_after: number }[] = await db.query(
    `SELECT ceil(extract(epoch FROM (t.last_failure_at + ${delay('t.failures')} - now())))::int AS retry_after
       FROM sign_in_throttles t WHERE t.key = $1`,
    [fullKey, rule.windowSeconds, rule.freeFailures, rule.baseDelaySeconds],
  );
  throw tooMany(rule, waiting[0]?.retry_after ?? 1);
}

/** A success on `key`: its failures are forgotten. */
export async function clearFailures(db: DataSource | EntityManager, rule: ThrottleRule, key: string): Promise<void> {
  await db.query(`DELETE FROM sign_in_throttles WHERE key = $1`, [`${rule.name}:${key}`]);
}

/** A DataSource answers an INSERT ... RETURNING with the rows; some drivers wrap them as [rows, count]. */
function rowsOf(result: unknown[]): unknown[] {
  return Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
}

function tooMany(rule: { name: string }, retryAfter: number): AppError {
  const wait = Math.max(1, retryAfter);
  const minutes = Math.ceil(wait / 60);
  const when = wait < 60 ? `${wait} second${wait === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('RATE_LIMITED', because('RATE_LIMITED', { name: rule.name, when }), wait);
}

/**
 * The named limits of the app (README "Rate limits"). Each is `limit` hits per `windowSeconds`,
 * counted per account (or per client address where nobody is signed in):
 * - signUp, reset: AUTH_RATE_LIMIT per AUTH_RATE_WINDOW_SECONDS per email (five times that per address);
 *   sign-in has its own progressive delay and ceilings (throttle above, AccountsService.signInLimits);
 * - parentCode: POST /api/add-student/ tries per parent (RATE_LIMIT_PARENT_CODE, default 20/900);
 * - upload: course CSVs, transcripts, consent PDFs and templates, contract PDFs per account (RATE_LIMIT_UPLOAD, default 30/900);
 * - consentLink: the unauthenticated GET/PUT /api/sign-parent-form/{code}/ per address (RATE_LIMIT_CONSENT_LINK, default 30/900);
 * - anonymousGraphql: every signed-out POST/GET /graphql per address (RATE_LIMIT_ANONYMOUS_GRAPHQL, default 300/60).
 */
export type RateLimitPreset = 'signUp' | 'reset' | 'parentCode' | 'upload' | 'consentLink' | 'anonymousGraphql';

export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

const PRESET_NAMES: Record<RateLimitPreset, string> = {
  signUp: 'sign-up',
  reset: 'password reset',
  parentCode: 'parent code',
  upload: 'upload',
  consentLink: 'consent link',
  anonymousGraphql: 'signed-out GraphQL request',
};

export function presetRule(
  config: { authRateLimit: number; authRateWindowSeconds: number; rateLimits: Record<'parentCode' | 'upload' | 'consentLink' | 'anonymousGraphql', RateLimitSetting> },
  preset: RateLimitPreset,
): RateLimitRule {
  const setting = preset === 'signUp' || preset === 'reset' ? { limit: config.authRateLimit, windowSeconds: config.authRateWindowSeconds } : config.rateLimits[preset];
  return { name: PRESET_NAMES[preset], ...setting };
}

/** Counts one hit of `preset` for the caller (or, anonymous, the client address); 429 past the limit. */
export async function limit(
  ctx: { db: DataSource | EntityManager; config: Parameters<typeof presetRule>[0]; ip: string; caller?: { user: { id: number } } | null },
  preset: RateLimitPreset,
): Promise<void> {
  const key = ctx.caller ? `user:${ctx.caller.user.id}` : `ip:${addressBucket(ctx.ip)}`;
  await hit(ctx.db, presetRule(ctx.config, preset), key);
}
