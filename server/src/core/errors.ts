/**
 * The one error type services throw. Both adapters map it: GraphQL puts `code` in
 * `extensions.code` and the reason in `extensions.reason` (and `params`), REST turns it into the
 * HTTP status and `{ "error": message, "reason": … }`.
 */
import { isReason, REASONS, reasonText, type Reason, type ReasonParams } from '@planner/shared';

export type { Reason, ReasonParams };
export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** A reason named by its code, with the values of its placeholders. */
export interface ReasonMessage {
  reason: Reason;
  params?: Record<string, string | number>;
}

/** A reason as an error message: `badInput(because('PAGE_SIZE_RANGE', { max: 100 }))`. */
export const because = (reason: Reason, params?: Record<string, string | number>): ReasonMessage => ({ reason, params });

/** A reason's params as sent: every value as text; none when it has none. */
function paramsOf(why: ReasonMessage): ReasonParams | undefined {
  return why.params && Object.keys(why.params).length ? Object.fromEntries(Object.entries(why.params).map(([k, v]) => [k, String(v)])) : undefined;
}

/** The English text of a reason with its params filled in. */
export const englishOf = (why: ReasonMessage): string => reasonText(why.reason, paramsOf(why));

/**
 * Why one row of an import was not saved (or what to know about a saved one), as its report keeps
 * it: the reason code the client translates, its params as text (none when it has none), and the
 * English text for scripts and for readers without a translation.
 */
export interface RowReason {
  reason: Reason;
  params?: ReasonParams;
  message: string;
}

/** What a row's `params` are, in the GraphQL schema of every import report. */
export const ROW_REASON_PARAMS_DESCRIPTION = "The values filled into the reason's text, by placeholder name (all text); null when it has none.";

/** A ReasonMessage as a row of an import's report: `{ line, ...rowReason(because('ROW_SAME_EMAIL', { line: 3 })) }`. */
export function rowReason(why: ReasonMessage): RowReason {
  const params = paramsOf(why);
  return { reason: why.reason, ...(params ? { params } : {}), message: reasonText(why.reason, params) };
}

/**
 * Why a background job stopped, as stored in its row's text column: a reason code (older rows kept
 * the English text alone, so their reason is null). Answered as both, the client translating by the code.
 */
export function storedFailure(stored: string | null): { error: string | null; reason: Reason | null } {
  if (stored === null) return { error: null, reason: null };
  return isReason(stored) ? { error: REASONS[stored], reason: stored } : { error: stored, reason: null };
}

export class AppError extends Error {
  /** Why, as a stable code the client translates; the English message is its REASONS text. */
  readonly reason: Reason;
  readonly params?: ReasonParams;
  constructor(
    readonly code: ErrorCode,
    why: ReasonMessage,
    /** Seconds a rate-limited caller should wait (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    const params = paramsOf(why);
    super(reasonText(why.reason, params));
    this.name = 'AppError';
    this.reason = why.reason;
    if (params) this.params = params;
  }
}

/** What both adapters add to an error's text: its reason, and the params of a parameterised text. */
export function reasonFields(err: { reason: Reason; params?: ReasonParams }): { reason: Reason; params?: ReasonParams } {
  return { reason: err.reason, ...(err.params ? { params: err.params } : {}) };
}

export const unauthenticated = (why: ReasonMessage = because('UNAUTHENTICATED')) => new AppError('UNAUTHENTICATED', why);
export const forbidden = (why: ReasonMessage = because('FORBIDDEN')) => new AppError('FORBIDDEN', why);
export const badInput = (why: ReasonMessage) => new AppError('BAD_USER_INPUT', why);
export const notFound = (why: ReasonMessage = because('NOT_FOUND')) => new AppError('NOT_FOUND', why);
export const conflict = (why: ReasonMessage) => new AppError('CONFLICT', why);

export const UNAVAILABLE_MESSAGE = REASONS.SERVICE_UNAVAILABLE;

/**
 * Node socket errors and PostgreSQL connection-class codes (08: connection exception, 57P: operator
 * intervention), and 57014, a statement cancelled by DB_STATEMENT_TIMEOUT_MS: the database is too
 * busy to answer in time, which the caller hears as "temporarily unavailable", not as a bug.
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57014', '57P01', '57P02', '57P03']);
const CONNECTION_MESSAGES =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended|the database system is (starting up|shutting down)|not currently accepting connections/i;

/**
 * Whether an error means the database cannot be reached (its connection dropped, was terminated,
 * or cannot be opened) or could not answer within the statement timeout, rather than a bug: both adapters answer these with 503 and
 * UNAVAILABLE_MESSAGE. Looks through TypeORM's driverError, causes and GraphQL's originalError.
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; severity?: unknown; driverError?: unknown; cause?: unknown; originalError?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  // A FATAL error ends the session: the connection is gone whatever the code.
  if (e.severity === 'FATAL') return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  return [e.driverError, e.cause, e.originalError].some((inner) => isConnectionError(inner, depth + 1));
}

/** A PostgreSQL unique-constraint violation (23505), raw or wrapped by TypeORM. */
export function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string; driverError?: { code?: string } })?.driverError?.code === '23505' || (e as { code?: string })?.code === '23505';
}
