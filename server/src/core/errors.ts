/**
 * The one error type services throw. Both adapters map it: GraphQL puts `code` in
 * `extensions.code`, REST turns it into the HTTP status and `{ "error": message }`.
 */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds a rate-limited caller should wait (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = (message = 'Authentication credentials were not provided or are invalid.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError('FORBIDDEN', message);
export const badInput = (message: string) => new AppError('BAD_USER_INPUT', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again.';

/**
 * Node socket errors and PostgreSQL connection-class codes (08: connection exception, 57P: operator
 * intervention), and 57014, a statement cancelled by DB_STATEMENT_TIMEOUT_MS: the database is too
 * busy to answer in time, which the caller hears as "temporarily unavailable", not as a bug.
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57014', '57P01', '57P02', '57P03']);
const CONNECTION_MESSAGES = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended|the database system is (starting up|shutting down)|not currently accepting connections/i;

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
