/**
 * Data retention: a daily job on the queue deletes what would otherwise pile up for ever, much of
 * it holding secrets or personal data:
 * - outbox messages sent or failed more than OUTBOX_RETENTION_DAYS ago (their bodies hold reset and
 *   set-password links); a pending message is never deleted;
 * - jobs done more than JOB_RETENTION_DAYS ago, and jobs failed for good more than
 *   FAILED_JOB_RETENTION_DAYS ago (pending and running ones never);
 * - sign-in, view-as and API tokens that ended (expired, idle past TOKEN_IDLE_MINUTES, or revoked)
 *   more than TOKEN_RETENTION_DAYS ago, and password-reset and set-password links expired or used
 *   that long ago;
 * - rate-limit buckets whose window has ended, and sign-in throttles whose last failure is older than
 *   that (the longest configured window): by then the throttle has forgotten them anyway;
 * - known devices (browsers an account signed in from) not signed in from for KNOWN_DEVICE_DAYS;
 * - Stripe event ids received more than STRIPE_EVENT_RETENTION_DAYS ago (at least 30: Stripe
 *   retries a webhook for 3 days, and the id is what stops a retry from being processed twice);
 * - the reports of roster and course-history imports and of auto-plan batches (they name students,
 *   emails and rows) finished more than FAILED_JOB_RETENTION_DAYS ago: as long as a failed job is
 *   kept, so staff can come back to what an import refused; the saved data itself stays.
 * The access log (student_record_access) is append-only by design and is never touched.
 *
 * Each rule deletes at most RETENTION_BATCH_ROWS rows per statement, by key, until none is
 * left, so a large backlog never holds a long lock or runs into a statement timeout; between
 * batches the job checks its signal, so a shutdown or a lost lease puts it back for later.
 *
 * The job is a singleton per day (its singleton key is the time it is due, 03:00 UTC), so however
 * many replicas schedule it, one runs it; each run first schedules the next day's.
 */
import type { DataSource } from 'typeorm';
import type { Config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { enqueueJob, stopIfAsked, type JobHandler } from './job-queue.js';
import { KNOWN_DEVICE_DAYS } from '../accounts/known-devices.js';
import { SMS_BUCKET_PREFIX, SMS_WINDOW_SECONDS } from '../outbox/sms-rules.js';

export const RETENTION_QUEUE = 'maintenance.retention';
export const RETENTION_BATCH_ROWS = 1000;
/** Hour of the day (UTC) the retention job is due: night for the schools of the Americas. */
const RETENTION_HOUR_UTC = 3;

export interface RetentionPolicy {
  outboxDays: number;
  jobDays: number;
  failedJobDays: number;
  tokenDays: number;
  /** Session tokens end after this long without use (TOKEN_IDLE_MINUTES); API tokens have no idle end. */
  tokenIdleMinutes: number;
  stripeEventDays: number;
  /** The longest rate-limit window configured: a bucket started longer ago has ended whatever its rule. */
  rateLimitWindowSeconds: number;
}

export function retentionPolicy(config: Config): RetentionPolicy {
  return {
    ...config.retention,
    tokenIdleMinutes: config.tokenIdleMinutes,
    rateLimitWindowSeconds: Math.max(config.authRateWindowSeconds, ...Object.values(config.rateLimits).map((r) => r.windowSeconds)),
  };
}

/** One kind of row to delete: `where` selects rows of `table` past their retention, `$1` is the policy value it uses. */
interface Rule {
  name: string;
  table: string;
  key: string;
  where: string;
  value: (p: RetentionPolicy) => number;
}

const DAYS_AGO = 'now() - make_interval(days => $1)';

const RULES: Rule[] = [
  { name: 'outbox messages', table: 'outbox_messages', key: 'id', where: `status IN ('sent', 'failed') AND created_at < ${DAYS_AGO}`, value: (p) => p.outboxDays },
  { name: 'done jobs', table: 'jobs', key: 'id', where: `status = 'done' AND finished_at < ${DAYS_AGO}`, value: (p) => p.jobDays },
  { name: 'failed jobs', table: 'jobs', key: 'id', where: `status = 'failed' AND finished_at < ${DAYS_AGO}`, value: (p) => p.failedJobDays },
  { name: 'expired tokens', table: 'auth_tokens', key: 'id', where: `expires_at < ${DAYS_AGO}`, value: (p) => p.tokenDays },
  { name: 'revoked tokens', table: 'auth_tokens', key: 'id', where: `revoked_at < ${DAYS_AGO}`, value: (p) => p.tokenDays },
  // $1 is minutes here: the retention in days plus the idle timeout.
  {
    name: 'idle tokens',
    table: 'auth_tokens',
    key: 'id',
    where: `kind <> 'api' AND last_used_at < now() - make_interval(mins => $1)`,
    value: (p) => p.tokenDays * 24 * 60 + p.tokenIdleMinutes,
  },
  { name: 'expired reset links', table: 'password_resets', key: 'id', where: `expires_at < ${DAYS_AGO}`, value: (p) => p.tokenDays },
  { name: 'used reset links', table: 'password_resets', key: 'id', where: `used_at < ${DAYS_AGO}`, value: (p) => p.tokenDays },
  // Single sign-on: started sign-ins and one-time codes are also deleted at the next start or callback.
  { name: 'single sign-on starts', table: 'oidc_login_states', key: 'browser_hash', where: `expires_at < ${DAYS_AGO}`, value: (p) => p.tokenDays },
  { name: 'single sign-on codes', table: 'oidc_sign_in_codes', key: 'code_hash', where: `expires_at < ${DAYS_AGO}`, value: (p) => p.tokenDays },
  // The daily text limits' buckets (outbox/sms-rules.ts) last their whole day.
  {
    name: 'rate-limit buckets',
    table: 'rate_limit_buckets',
    key: 'key',
    value: (p) => p.rateLimitWindowSeconds,
    where: `window_start < now() - make_interval(secs => $1) AND (key NOT LIKE '${SMS_BUCKET_PREFIX}%' OR window_start < now() - make_interval(secs => ${SMS_WINDOW_SECONDS}))`,
  },
  {
    name: 'sign-in throttles',
    table: 'sign_in_throttles',
    key: 'key',
    where: `last_failure_at < now() - make_interval(secs => $1)`,
    value: (p) => p.rateLimitWindowSeconds,
  },
  // Composite key: rows are picked by their physical address within the statement.
  { name: 'known devices', table: 'known_devices', key: 'ctid', where: `last_signed_in_at < ${DAYS_AGO}`, value: () => KNOWN_DEVICE_DAYS },
  { name: 'Stripe event ids', table: 'stripe_events', key: 'id', where: `received_at < ${DAYS_AGO}`, value: (p) => p.stripeEventDays },
  // An auto-plan batch's students' results go with it (ON DELETE CASCADE).
  { name: 'roster import reports', table: 'roster_imports', key: 'id', where: `finished_at < ${DAYS_AGO}`, value: (p) => p.failedJobDays },
  { name: 'course-history import reports', table: 'transcript_imports', key: 'id', where: `finished_at < ${DAYS_AGO}`, value: (p) => p.failedJobDays },
  { name: 'auto-plan batch reports', table: 'auto_plan_batches', key: 'id', where: `finished_at < ${DAYS_AGO}`, value: (p) => p.failedJobDays },
];

/** Deletes every row past its retention, in batches; answers how many rows of each kind went. */
export async function applyRetention(
  db: DataSource,
  policy: RetentionPolicy,
  stopping: AbortSignal = new AbortController().signal,
  batchRows = RETENTION_BATCH_ROWS,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of RULES) {
    deleted[rule.name] = 0;
    for (;;) {
      stopIfAsked(stopping);
      const [{ n }]: { n: number }[] = await db.query(
        `WITH gone AS (
           DELETE FROM ${rule.table} WHERE ${rule.key} IN (SELECT ${rule.key} FROM ${rule.table} WHERE ${rule.where} LIMIT ${Number(batchRows)})
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [rule.value(policy)],
      );
      deleted[rule.name] += n;
      if (n < batchRows) break;
    }
  }
  return deleted;
}

/** The next time the retention job is due after `after`: 03:00 UTC. */
export function nextRetentionRun(after: Date): Date {
  const due = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), RETENTION_HOUR_UTC));
  if (due <= after) due.setUTCDate(due.getUTCDate() + 1);
  return due;
}

/** Queues the next retention run unless it is queued already (every replica calls this at start). */
export async function scheduleRetention(db: DataSource, after = new Date()): Promise<void> {
  const due = nextRetentionRun(after);
  await enqueueJob(db, RETENTION_QUEUE, { due: due.toISOString() }, { runAt: due, singletonKey: due.toISOString(), maxAttempts: 3 });
}

export function retentionHandler(db: DataSource, policy: RetentionPolicy): JobHandler {
  return async (payload, _job, stopping) => {
    // The next run is queued first, so a run that fails does not end the daily chain. It is the
    // one after this run's due time even when this run starts early (never this run's own key).
    const due = new Date(String(payload.due ?? ''));
    await scheduleRetention(db, new Date(Math.max(Date.now(), due.getTime() || 0)));
    const deleted = await applyRetention(db, policy, stopping);
    const summary = Object.entries(deleted)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${n} ${name}`);
    logger.info(`[retention] deleted ${summary.length ? summary.join(', ') : 'nothing'}`);
  };
}
