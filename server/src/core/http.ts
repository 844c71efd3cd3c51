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
  const status = (err as { status?: number; type?: string })?.status;
  if (status && status >= 400 && status < 500) {
    // Body-parser refusals: malformed JSON, too large.
    const type = (err as { type?: string }).type;
    const reason = type === 'entity.too.large' ? 'REQUEST_TOO_LARGE' : 'BODY_NOT_JSON';
    res.status(status).json({ error: REASONS[reason], reason });
    return;
  }
  logger.error({ reqId: req.id, err }, '[api] unexpected error');
  res.status(500).json({ error: REASONS.SERVER_ERROR, reason: 'SERVER_ERROR' });
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
