/**
 * The REST adapter's one chain: build the context (who is calling) -> guard read-only tokens ->
 * call the service -> send JSON, or map the error to its status and `{ "error": message }`.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../config.js';
import type { Services } from '../services.js';
import { tokenFromHeader, type RequestContext } from './context.js';
import { GraphQLError } from 'graphql';
import { AppError, HTTP_STATUS, isConnectionError, UNAVAILABLE_MESSAGE } from './errors.js';
import { createLoaders } from './loaders.js';
import { assertOperationAllowed } from './policy.js';

export interface AppDeps {
  db: DataSource;
  config: Config;
  services: Services;
}

export async function buildContext(deps: AppDeps, req: Request): Promise<RequestContext> {
  const caller = await deps.services.accounts.authenticate(tokenFromHeader(req.headers.authorization));
  return { caller, ip: req.ip ?? 'unknown', db: deps.db, config: deps.config, services: deps.services, loaders: createLoaders(deps.db) };
}

/** The GraphQL context: a database that cannot be reached answers 503 SERVICE_UNAVAILABLE, not 500. */
export async function buildGraphqlContext(deps: AppDeps, req: Request): Promise<RequestContext> {
  try {
    return await buildContext(deps, req);
  } catch (e) {
    if (isConnectionError(e)) {
      console.warn('[graphql] database unavailable:', (e as Error).message);
      throw new GraphQLError(UNAVAILABLE_MESSAGE, { extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: new Map([['retry-after', '5']]) } } });
    }
    throw e;
  }
}

type Handler = (ctx: RequestContext, req: Request, res: Response) => Promise<unknown>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Declares a route. `operation` names it for the read-only guard (the same names as the GraphQL
 * mutations). A handler's return value is sent as JSON; undefined sends 204 unless it wrote itself.
 */
export function route(router: Router, deps: AppDeps, method: Method, path: string, operation: string, handler: Handler): void {
  const handle = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const ctx = await buildContext(deps, req);
      assertOperationAllowed(ctx.caller, operation, method !== 'get');
      const result = await handler(ctx, req, res);
      if (res.headersSent) return;
      if (result === undefined) res.status(204).end();
      else res.json(result);
    } catch (e) {
      next(e);
    }
  };
  // Named for the route listing of the OpenAPI document (modules/integrations/routes.ts).
  Object.assign(handle, { operation });
  router[method](path, handle);
}

/** Last handler of /api: every error becomes a status and a message; unknown ones are logged, not shown. */
export function apiErrorHandler(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) return;
  if (err instanceof AppError) {
    if (err.retryAfterSeconds) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    res.status(HTTP_STATUS[err.code]).json({ error: err.message });
    return;
  }
  if (isConnectionError(err)) {
    // The database dropped or refused the connection: say so, and that trying again will work.
    console.warn('[api] database unavailable:', (err as Error)?.message);
    res.setHeader('Retry-After', '5');
    res.status(503).json({ error: UNAVAILABLE_MESSAGE });
    return;
  }
  const status = (err as { status?: number; type?: string })?.status;
  if (status && status >= 400 && status < 500) {
    // Body-parser refusals: malformed JSON, too large.
    const type = (err as { type?: string }).type;
    const message = type === 'entity.too.large' ? 'The request is too large.' : 'The request body is not valid JSON.';
    res.status(status).json({ error: message });
    return;
  }
  console.error('[api] unexpected error', err);
  res.status(500).json({ error: 'Server error. Please try again later.' });
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
    throw new AppError('BAD_USER_INPUT', `page_size must be between 1 and ${maxPage}.`);
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
