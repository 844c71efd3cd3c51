/**
 * The REST adapter's HTTP ends: errors mapped to their status and `{ "error": message, "reason": code }`, and lists
 * paged for district scripts. Routes are declared with `route` (adapters.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import { logger } from '../observability/logger.js';
import { REASONS } from '@planner/shared';
import { AppError, badInput, because, HTTP_STATUS, isConnectionError, reasonFields, UNAVAILABLE_MESSAGE } from './errors.js';

/** Last handler of /api: every error becomes a status and a message; unknown ones are logged, not shown. */
export function apiErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) return;
  if (err instanceof AppError) {
    if (err.retryAfterSeconds) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    res.status(HTTP_STATUS[err.code]).json({ error: err.message, ...reasonFields(err) });
    return;
  }
  if (isConnectionError(err)) {
    // The database dropped or refused the connection: say so, and that trying again will work.
    logger.warn({ reqId: req.id, err }, '[api] database unavailable');
    res.setHeader('Retry-After', '5');
    res.status(503).json({ error: UNAVAILABLE_MESSAGE, reason: 'SERVICE_UNAVAILABLE' });
    return;
  }
  const refused = bodyRefusal(err);
  if (refused) {
    res.status(refused.status).json({ error: REASONS[refused.reason], reason: refused.reason });
    return;
  }
  logger.error({ reqId: req.id, err }, '[api] unexpected error');
  res.status(500).json({ error: REASONS.SERVER_ERROR, reason: 'SERVER_ERROR' });
}

/**
 * A body the JSON parser (body-parser, before both APIs) refused: malformed (400), over the limit
 * (413), or in a charset or encoding it does not read (415); also any other error that carries a
 * 4xx status (e.g. a path the router cannot decode). Null for the rest.
 */
export function bodyRefusal(err: unknown): { status: number; reason: 'REQUEST_TOO_LARGE' | 'BODY_NOT_JSON' } | null {
  const { status, type } = (err ?? {}) as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  return { status, reason: type === 'entity.too.large' ? 'REQUEST_TOO_LARGE' : 'BODY_NOT_JSON' };
}

/**
 * Error handler right after /graphql's JSON parser: a refused body gets the GraphQL error shape
 * (Apollo never sees the request), not Express's HTML page.
 */
export function graphqlBodyErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const refused = bodyRefusal(err);
  if (!refused || res.headersSent) return next(err);
  res.status(refused.status).json({
    errors: [{ message: REASONS[refused.reason], extensions: { code: 'BAD_USER_INPUT', reason: refused.reason } }],
  });
}

/** One page of a paginated list, as the services return them. */
export interface ListPage<T> {
  rows: T[];
  endCursor: string | null;
  hasNextPage: boolean;
  totalCount?: number;
}

/**
 * The spec's lists are one array. District scripts may page them with ?page_size= and ?cursor=
 * (the next cursor comes back in the X-Next-Cursor header, the total in X-Total-Count when known);
 * without them the whole list is sent, read from the database a page at a time.
 */
export async function sendPagedList<T, J>(
  req: Request,
  res: Response,
  maxPage: number,
  load: (first: number, after: string | null) => Promise<ListPage<T>>,
  toJson: (rows: T[]) => J[] | Promise<J[]>,
): Promise<J[]> {
  const raw = req.query.page_size;
  const pageSize = raw === undefined || raw === '' ? undefined : Number(raw);
  if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPage)) {
    throw badInput(because('PAGE_SIZE_PARAM_RANGE', { max: maxPage }));
  }
  const out: J[] = [];
  let after = typeof req.query.cursor === 'string' ? req.query.cursor : null;
  for (;;) {
    const page = await load(pageSize ?? maxPage, after);
    out.push(...(await toJson(page.rows)));
    if (page.totalCount !== undefined) res.setHeader('X-Total-Count', String(page.totalCount));
    after = page.endCursor;
    if (pageSize !== undefined) {
      if (page.hasNextPage && after) res.setHeader('X-Next-Cursor', after);
      return out;
    }
    if (!page.hasNextPage) return out;
  }
}
