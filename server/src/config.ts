/**
 * Every environment variable the server reads, parsed and validated in one place.
 * The README's configuration table mirrors this file.
 */
import path from 'node:path';
import type { PasswordSignIn } from '@planner/shared';
import { parseTrustProxy, type TrustProxy } from './core/trust-proxy.js';
import { parseOidcConfig, parsePasswordSignIn, type OidcConfig } from './modules/identity/oidc-config.js';
import type { SmsGatewayConfig } from './modules/outbox/sms-gateway.js';
import type { SmsRules } from './modules/outbox/sms-rules.js';
import { DEFAULT_SMS_COUNTRIES, isPhoneCountry } from '@planner/shared/phone';
import { logLevelFromEnv, type LogLevel } from './observability/log-level.js';

function str(name: string, fallback: string): string {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : v;
}

/**
 * DATABASE_REPLICA_URLS: PostgreSQL URLs, comma-separated (blanks around and empty items ignored).
 * Each must be a postgres:// or postgresql:// URL naming a host, without spaces or control
 * characters (a pasted line break would otherwise be dropped silently by the URL parser and
 * connect somewhere else); a Unix socket is named as libpq does: `postgres:///db?host=/run/pg`.
 * A replica without a primary, or the primary named as its own replica, is a mistake in the
 * settings and stops the start. Error messages never show a password: all before the last `@`
 * but the scheme is masked.
 */
export function parseReplicaUrls(raw: string, primaryUrl: string): string[] {
  const urls = raw
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of urls) {
    const shown = u.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/is, '$1***@');
    const problem = /[\s\p{Cc}]/u.test(u)
      ? 'contains a space or a control character'
      : !/^postgres(ql)?:\/\//i.test(u) || !URL.canParse(u)
        ? 'is not a postgres:// URL'
        : !new URL(u).hostname && !new URL(u).searchParams.get('host')
          ? 'names no host'
          : u === primaryUrl.trim()
            ? 'is DATABASE_URL itself, not a replica of it'
            : null;
    if (problem) throw new Error(`DATABASE_REPLICA_URLS: ${JSON.stringify(shown)} ${problem}`);
  }
  if (urls.length && !primaryUrl) throw new Error('DATABASE_REPLICA_URLS needs DATABASE_URL (the primary they replicate)');
  return urls;
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** An integer setting with a floor: a lower value stops the start with a message that says why. */
function atLeast(name: string, fallback: number, min: number, why: string): number {
  const n = int(name, fallback);
  if (n < min) throw new Error(`${name} must be at least ${min} (${why}), got ${n}`);
  return n;
}

/** An integer setting with a floor and a ceiling, refused at start outside them. */
function between(name: string, fallback: number, min: number, max: number, why: string): number {
  const n = atLeast(name, fallback, min, why);
  if (n > max) throw new Error(`${name} must be at most ${max} (${why}), got ${n}`);
  return n;
}

function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** A rate-limit preset from "limit/windowSeconds", e.g. RATE_LIMIT_UPLOAD=30/900. */
function rate(name: string, limit: number, windowSeconds: number): { limit: number; windowSeconds: number } {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return { limit, windowSeconds };
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!m || Number(m[2]) === 0) throw new Error(`${name} must look like "limit/windowSeconds", e.g. 30/900, got "${raw}"`);
  return { limit: Number(m[1]), windowSeconds: Number(m[2]) };
}

/** All four SMS_* variables, or none (texts stay in the outbox); some but not all is a mistake worth stopping for. */
function smsGateway(): SmsGatewayConfig | null {
  const cfg = {
    url: str('SMS_GATEWAY_URL', ''),
    accountSid: str('SMS_ACCOUNT_SID', ''),
    authToken: str('SMS_AUTH_TOKEN', ''),
    from: str('SMS_FROM', ''),
  };
  const missing = Object.entries({ SMS_GATEWAY_URL: cfg.url, SMS_ACCOUNT_SID: cfg.accountSid, SMS_AUTH_TOKEN: cfg.authToken, SMS_FROM: cfg.from })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length === 4) return null;
  if (missing.length) throw new Error(`Text messages need all of SMS_GATEWAY_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM; missing: ${missing.join(', ')}`);
  if (!/^https?:\/\//.test(cfg.url)) throw new Error(`SMS_GATEWAY_URL must start with http:// or https://, got "${cfg.url}"`);
  return cfg;
}

/** SMS_COUNTRIES: the ISO codes of the countries texts may go to, e.g. "US,PR"; an unknown code stops the start. */
function smsCountries(): string[] {
  const raw = str('SMS_COUNTRIES', DEFAULT_SMS_COUNTRIES.join(','));
  const codes = raw
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const unknown = codes.filter((c) => !isPhoneCountry(c));
  if (!codes.length || unknown.length) throw new Error(`SMS_COUNTRIES must be a comma list of ISO country codes, e.g. US,PR; not known: "${unknown.join(', ') || raw}"`);
  return [...new Set(codes)];
}

/** METRICS_TOKEN: empty serves no /metrics; otherwise a secret a scraper could not guess. */
function metricsToken(): string {
  const raw = str('METRICS_TOKEN', '');
  if (raw && (raw.length < 16 || !/^[\x21-\x7e]+$/.test(raw))) {
    throw new Error('METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 32`), or empty to serve no /metrics');
  }
  return raw;
}

export interface Config {
  nodeEnv: string;
  /** Least level written to the log (LOG_LEVEL); pretty lines when NODE_ENV=development, one JSON object a line otherwise. */
  logLevel: LogLevel;
  /** Bearer token of GET /metrics (Prometheus); empty: /metrics is not served (404). */
  metricsToken: string;
  port: number;
  /** PostgreSQL connection string; empty means the embedded database. */
  databaseUrl: string;
  /**
   * Read replicas of DATABASE_URL's server (DATABASE_REPLICA_URLS, comma-separated): the reads
   * listed in db/replica-reads.ts may go to one; empty: every read goes to DATABASE_URL.
   */
  databaseReplicaUrls: string[];
  /** Directory of the embedded database (and nothing else). */
  dataDir: string;
  /**
   * PostgreSQL session limits of every pooled connection: a statement running longer, or a
   * transaction left idle longer, is ended by the database (0: no limit). Migrations run with their
   * own limit (0 by default: an index build on a large district may take minutes). The embedded
   * database does not enforce either (see db/database.ts).
   */
  dbStatementTimeoutMs: number;
  dbIdleInTransactionTimeoutMs: number;
  dbMigrationStatementTimeoutMs: number;
  /** Most connections of the pool to a PostgreSQL server (the embedded database takes one). */
  dbPoolMax: number;
  /** On SIGTERM/SIGINT: how long requests in flight and the running job get to finish before the process closes them and exits. */
  shutdownGraceSeconds: number;
  /** Seed the demo school when the database holds no school yet. Always on for the embedded database. */
  seedDemo: boolean;
  /** Public address of the app, used in links sent by email and text message; https also turns on HSTS. */
  publicUrl: string;
  /** TRUST_PROXY: the proxies that may give the client's address in X-Forwarded-For (core/trust-proxy.ts). */
  trustProxy: TrustProxy;
  dualSchoolSignupCode: string;
  /** Session tokens: absolute lifetime and idle timeout, in minutes. */
  tokenTtlMinutes: number;
  tokenIdleMinutes: number;
  resetTokenTtlMinutes: number;
  /**
   * Per window: failed sign-ins of one account from one client address before the progressive delay
   * starts (core/rate-limit.ts throttle); sign-ups and reset requests per email (five times that per address).
   */
  authRateLimit: number;
  authRateWindowSeconds: number;
  /** Failed sign-ins per window from one client address across all accounts (password spraying). */
  authAddressRateLimit: number;
  /** Failed sign-ins per window of one account across all addresses: a ceiling one address cannot reach alone. */
  authAccountRateLimit: number;
  /** Named rate-limit presets besides sign-in/sign-up/reset (core/rate-limit.ts): RATE_LIMIT_<NAME>="limit/windowSeconds". */
  rateLimits: Record<'parentCode' | 'upload' | 'consentLink' | 'anonymousGraphql', { limit: number; windowSeconds: number }>;
  /** SMTP server for outgoing email, e.g. smtp://user:pass@host:587; empty keeps mail in the outbox. */
  smtpUrl: string;
  mailFrom: string;
  /** SMS gateway for text messages (Twilio's REST shape); null keeps texts in the outbox. */
  smsGateway: SmsGatewayConfig | null;
  /** Where texts may go and how many a day (SMS_COUNTRIES, SMS_LIMIT_PER_SCHOOL, SMS_LIMIT_PER_NUMBER). */
  smsRules: SmsRules;
  /** Hours a queued export (e.g. the consent-form ZIP) stays downloadable before a job deletes it. */
  exportTtlHours: number;
  /** Roster rows saved per transaction by the import job. */
  rosterBatchSize: number;
  /** Largest roster upload (a CSV, or a OneRoster zip bundle), in bytes (ROSTER_MAX_MB). */
  rosterMaxBytes: number;
  /** Course-history (transcript import) rows saved per transaction by the import job (COURSE_HISTORY_BATCH_SIZE). */
  courseHistoryBatchSize: number;
  /** Largest course-history upload (a transcript CSV or Ed-Fi JSON), in bytes (COURSE_HISTORY_MAX_MB). */
  courseHistoryMaxBytes: number;
  /** Seconds a worker holds a running job without renewing it; the heartbeat renews it every third of that. */
  jobLeaseSeconds: number;
  /** Most background jobs of one queue a replica runs at once (JOB_CONCURRENCY; imports and exports run one at a time). */
  jobConcurrency: number;
  /** Retention (the daily retention job, modules/jobs/retention.ts), in days. */
  retention: {
    /** Sent and failed outbox messages (they hold reset and set-password links), counted from creation. */
    outboxDays: number;
    /** Finished ('done') jobs, counted from when they finished. */
    jobDays: number;
    /** Jobs that failed for good: kept longer, for looking into. */
    failedJobDays: number;
    /** Sign-in and API tokens, and reset and set-password links, counted from their expiry, idle end, revocation or use. */
    tokenDays: number;
    /** Stripe event ids (webhook replay protection): at least 30, Stripe retries a webhook for 3 days. */
    stripeEventDays: number;
  };
  graphqlMaxDepth: number;
  graphqlMaxAliases: number;
  /** Largest cost of one GraphQL operation (see costLimit in graphql/limits.ts). */
  graphqlMaxCost: number;
  /** Most lexical tokens in one GraphQL document, checked while parsing. */
  graphqlMaxTokens: number;
  /** What a signed-out caller's GraphQL document may hold (graphql/anonymous.ts): tokens, fragment definitions, fragment spreads. */
  graphqlAnonymousMaxTokens: number;
  graphqlAnonymousMaxFragments: number;
  graphqlAnonymousMaxSpreads: number;
  clientDist: string;
  /** Largest course CSV accepted by the import, in bytes (COURSE_CSV_MAX_BYTES, default 5 MB). */
  courseCsvMaxBytes: number;
  /** Auto-plan: seconds one plan generation may solve (AUTO_PLAN_TIME_LIMIT_SECONDS, default 10) and solver threads (AUTO_PLAN_THREADS, default 2). */
  autoPlanTimeLimitSeconds: number;
  autoPlanThreads: number;
  /**
   * Auto-plan: the JavaScript heap of one solver thread in MB (AUTO_PLAN_WORKER_MEMORY_MB, default
   * 1024). A generation that needs more ends its thread (503 AUTO_PLAN_UNAVAILABLE), not the server.
   */
  autoPlanWorkerMemoryMb: number;
  /** Dual School transcripts: largest file accepted, in bytes, and most files per application. */
  transcriptMaxBytes: number;
  transcriptMaxFiles: number;
  /** Stripe: empty secret key runs the built-in test checkout (a local stand-in for Stripe). */
  stripeSecretKey: string;
  stripePublishableKey: string;
  /** Signing secret of the webhook endpoint; empty with no secret key: one generated per process. */
  stripeWebhookSecret: string;
  /** Price ids of the two hosted-checkout plans (upfront $9,500 one-time; monthly $1,000 recurring). */
  stripePriceUpfront: string;
  stripePriceMonthly: string;
  /** Another API address for the SDK, e.g. http://127.0.0.1:12111 (a local stand-in); empty: Stripe's. */
  stripeApiBase: string;
  /** Largest consent PDF (template or signed form) accepted, in bytes. */
  consentPdfMaxBytes: number;
  /** Rows read per query while streaming a consent-form ZIP export. */
  consentExportBatchSize: number;
  /** The district's OpenID Connect provider (OIDC_*); null: no single sign-on button. */
  oidc: OidcConfig | null;
  /** PASSWORD_SIGNIN: who may sign in with a password (parents: students and staff use the provider). */
  passwordSignIn: PasswordSignIn;
}

export function loadConfig(): Config {
  const nodeEnv = str('NODE_ENV', 'development');
  const port = int('PORT', 4000);
  const publicUrl = str('PUBLIC_URL', `http://localhost:${port}`).replace(/\/$/, '');
  const oidc = parseOidcConfig(process.env, publicUrl);
  return {
    nodeEnv,
    logLevel: logLevelFromEnv(),
    metricsToken: metricsToken(),
    port,
    databaseUrl: str('DATABASE_URL', ''),
    databaseReplicaUrls: parseReplicaUrls(str('DATABASE_REPLICA_URLS', ''), str('DATABASE_URL', '')),
    dataDir: path.resolve(str('DATA_DIR', './.data')),
    dbStatementTimeoutMs: int('DB_STATEMENT_TIMEOUT_MS', 15_000),
    dbIdleInTransactionTimeoutMs: int('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000),
    dbMigrationStatementTimeoutMs: int('DB_MIGRATION_STATEMENT_TIMEOUT_MS', 0),
    dbPoolMax: Math.max(1, int('DB_POOL_MAX', 10)),
    shutdownGraceSeconds: int('SHUTDOWN_GRACE_SECONDS', 10),
    seedDemo: bool('SEED_DEMO', false),
    publicUrl,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    dualSchoolSignupCode: str('DUAL_SCHOOL_SIGNUP_CODE', 'DUAL-PARENT'),
    tokenTtlMinutes: int('TOKEN_TTL_MINUTES', 60 * 24 * 30),
    tokenIdleMinutes: int('TOKEN_IDLE_MINUTES', 60 * 24 * 7),
    resetTokenTtlMinutes: int('RESET_TOKEN_TTL_MINUTES', 60),
    authRateLimit: int('AUTH_RATE_LIMIT', 10),
    authRateWindowSeconds: int('AUTH_RATE_WINDOW_SECONDS', 15 * 60),
    authAddressRateLimit: int('AUTH_ADDRESS_RATE_LIMIT', 100),
    authAccountRateLimit: int('AUTH_ACCOUNT_RATE_LIMIT', 200),
    rateLimits: {
      parentCode: rate('RATE_LIMIT_PARENT_CODE', 20, 15 * 60),
      upload: rate('RATE_LIMIT_UPLOAD', 30, 15 * 60),
      consentLink: rate('RATE_LIMIT_CONSENT_LINK', 30, 15 * 60),
      anonymousGraphql: rate('RATE_LIMIT_ANONYMOUS_GRAPHQL', 300, 60),
    },
    smtpUrl: str('SMTP_URL', ''),
    mailFrom: str('MAIL_FROM', 'Pathway Planner <no-reply@pathwayplanner.org>'),
    smsGateway: smsGateway(),
    smsRules: {
      countries: smsCountries(),
      perSchoolPerDay: int('SMS_LIMIT_PER_SCHOOL', 500),
      perNumberPerDay: int('SMS_LIMIT_PER_NUMBER', 5),
    },
    exportTtlHours: Math.max(1, int('EXPORT_TTL_HOURS', 24)),
    rosterBatchSize: Math.max(1, int('ROSTER_BATCH_SIZE', 200)),
    rosterMaxBytes: Math.max(1, int('ROSTER_MAX_MB', 20)) * 1024 * 1024,
    courseHistoryBatchSize: Math.max(1, int('COURSE_HISTORY_BATCH_SIZE', 1000)),
    courseHistoryMaxBytes: Math.max(1, int('COURSE_HISTORY_MAX_MB', 200)) * 1024 * 1024,
    jobLeaseSeconds: atLeast('JOB_LEASE_SECONDS', 60, 10, 'a shorter lease lets a busy replica lose the job it is running'),
    jobConcurrency: between('JOB_CONCURRENCY', 4, 1, 32, 'each running job may hold a database connection that requests need too'),
    retention: {
      outboxDays: atLeast('OUTBOX_RETENTION_DAYS', 30, 1, 'staff read recent messages on the outbox page'),
      jobDays: atLeast('JOB_RETENTION_DAYS', 14, 1, 'a finished job is kept at least a day'),
      failedJobDays: atLeast('FAILED_JOB_RETENTION_DAYS', 30, 1, 'a failed job is kept at least a day for looking into'),
      tokenDays: atLeast('TOKEN_RETENTION_DAYS', 30, 1, 'an ended token is kept at least a day'),
      stripeEventDays: atLeast('STRIPE_EVENT_RETENTION_DAYS', 30, 30, 'Stripe retries a webhook for 3 days, and a forgotten event id would be processed twice'),
    },
    graphqlMaxDepth: int('GRAPHQL_MAX_DEPTH', 10),
    graphqlMaxAliases: int('GRAPHQL_MAX_ALIASES', 30),
    courseCsvMaxBytes: int('COURSE_CSV_MAX_BYTES', 5 * 1024 * 1024),
    autoPlanTimeLimitSeconds: atLeast('AUTO_PLAN_TIME_LIMIT_SECONDS', 10, 1, 'a plan needs a moment to solve'),
    autoPlanThreads: atLeast('AUTO_PLAN_THREADS', 2, 1, 'solves need a thread'),
    autoPlanWorkerMemoryMb: atLeast('AUTO_PLAN_WORKER_MEMORY_MB', 1024, 1, 'a solver thread needs memory'),
    graphqlMaxCost: int('GRAPHQL_MAX_COST', 20000),
    graphqlMaxTokens: int('GRAPHQL_MAX_TOKENS', 5000),
    graphqlAnonymousMaxTokens: int('GRAPHQL_ANONYMOUS_MAX_TOKENS', 200),
    graphqlAnonymousMaxFragments: int('GRAPHQL_ANONYMOUS_MAX_FRAGMENTS', 5),
    graphqlAnonymousMaxSpreads: int('GRAPHQL_ANONYMOUS_MAX_SPREADS', 10),
    stripeSecretKey: str('STRIPE_SECRET_KEY', ''),
    stripePublishableKey: str('STRIPE_PUBLISHABLE_KEY', ''),
    stripeWebhookSecret: str('STRIPE_WEBHOOK_SECRET', ''),
    stripePriceUpfront: str('STRIPE_PRICE_UPFRONT', ''),
    stripePriceMonthly: str('STRIPE_PRICE_MONTHLY', ''),
    stripeApiBase: str('STRIPE_API_BASE', '').replace(/\/$/, ''),
    consentPdfMaxBytes: int('CONSENT_PDF_MAX_MB', 5) * 1024 * 1024,
    consentExportBatchSize: Math.max(1, int('CONSENT_EXPORT_BATCH_SIZE', 10)),
    clientDist: path.resolve(str('CLIENT_DIST', path.join(serverPackageDir(), '..', 'client', 'dist'))),
    transcriptMaxBytes: int('TRANSCRIPT_MAX_MB', 10) * 1024 * 1024,
    transcriptMaxFiles: int('TRANSCRIPT_MAX_FILES', 20),
    oidc,
    passwordSignIn: parsePasswordSignIn(process.env, oidc),
  };
}

/** The server package folder, whether running from src/ (tsx) or dist/server/src/ (tsc). */
export function serverPackageDir(): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  return here.includes(`${path.sep}dist${path.sep}server${path.sep}src`) ? path.resolve(here, '../../..') : path.resolve(here, '..');
}

let current: Config | undefined;
export function config(): Config {
  current ??= loadConfig();
  return current;
}
/** Tests change the environment and call this to re-read it. */
export function resetConfig(): void {
  current = undefined;
}
