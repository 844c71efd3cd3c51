/**
 * Fixed-window rate limits kept in PostgreSQL, so every replica of the app agrees on the count.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from './errors.js';

export interface RateLimitRule {
  /** Names the limit in the 429 message, e.g. 'sign-in'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Counts one hit on `key`; throws a 429 with Retry-After once the window's limit is passed. */
export async function hit(db: DataSource | EntityManager, rule: RateLimitRule, key: string): Promise<void> {
  const rows: { hits: number; retry_after: number }[] = await db.query(
    `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
       window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limit_buckets.window_start END
     RETURNING hits, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int AS retry_after`,
    [`${rule.name}:${key}`, rule.windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits > rule.limit) throw tooMany(rule, row.retry_after);
}

/** Tells whether `key` is already over its limit without counting a hit. */
export async function check(db: DataSource | EntityManager, rule: RateLimitRule, key: string): Promise<void> {
  const rows: { hits: number; retry_after: number }[] = await db.query(
    `SELECT hits, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int AS retry_after
       FROM rate_limit_buckets WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [`${rule.name}:${key}`, rule.windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits >= rule.limit) throw tooMany(rule, row.retry_after);
}

function tooMany(rule: RateLimitRule, retryAfter: number): AppError {
  const wait = Math.max(1, retryAfter);
  const minutes = Math.ceil(wait / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many ${rule.name} attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    wait,
  );
}

/**
 * The named limits of the app (README "Rate limits"). Each is `limit` hits per `windowSeconds`,
 * counted per account (or per client address where nobody is signed in):
 * - signIn, signUp, reset: AUTH_RATE_LIMIT per AUTH_RATE_WINDOW_SECONDS per email (five times that per address);
 * - parentCode: POST /api/add-student/ tries per parent (RATE_LIMIT_PARENT_CODE, default 20/900);
 * - upload: course CSVs, transcripts, consent PDFs and templates, contract PDFs per account (RATE_LIMIT_UPLOAD, default 30/900);
 * - consentLink: the unauthenticated GET/PUT /api/sign-parent-form/{code}/ per address (RATE_LIMIT_CONSENT_LINK, default 30/900).
 */
export type RateLimitPreset = 'signIn' | 'signUp' | 'reset' | 'parentCode' | 'upload' | 'consentLink';

export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

const PRESET_NAMES: Record<RateLimitPreset, string> = {
  signIn: 'sign-in',
  signUp: 'sign-up',
  reset: 'password reset',
  parentCode: 'parent code',
  upload: 'upload',
  consentLink: 'consent link',
};

export function presetRule(
  config: { authRateLimit: number; authRateWindowSeconds: number; rateLimits: Record<'parentCode' | 'upload' | 'consentLink', RateLimitSetting> },
  preset: RateLimitPreset,
): RateLimitRule {
  const setting = preset === 'signIn' || preset === 'signUp' || preset === 'reset'
    ? { limit: config.authRateLimit, windowSeconds: config.authRateWindowSeconds }
    : config.rateLimits[preset];
  return { name: PRESET_NAMES[preset], ...setting };
}

/** Counts one hit of `preset` for the caller (or, anonymous, the client address); 429 past the limit. */
export async function limit(
  ctx: { db: DataSource | EntityManager; config: Parameters<typeof presetRule>[0]; ip: string; caller?: { user: { id: number } } | null },
  preset: RateLimitPreset,
): Promise<void> {
  const key = ctx.caller ? `user:${ctx.caller.user.id}` : `ip:${ctx.ip}`;
  await hit(ctx.db, presetRule(ctx.config, preset), key);
}
