/**
 * The adapters' side of a request: GraphQL resolvers and REST handlers get an `AdapterContext`,
 * the core's `RequestContext` (who is calling, loaders, request facts) plus the services wired in
 * services.ts. Services themselves take the `RequestContext` only, so the core never depends on
 * the areas. The REST chain: build the context -> guard read-only tokens -> call the service ->
 * send JSON, or hand the error to `apiErrorHandler` (core/http.ts).
 */
import type { NextFunction, Request, Response, Router } from 'express';
import { GraphQLError } from 'graphql';
import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { tokenFromHeader, type RequestContext } from './context.js';
import { isConnectionError, UNAVAILABLE_MESSAGE } from './core/errors.js';
import { raiseReadFence, recordReadFence } from './db/replica-reads.js';
import { createLoaders } from './loaders.js';
import { refuseHostileText } from './core/validation.js';
import { assertOperationAllowed } from './core/policy.js';
import { admitSignedOut } from './graphql/anonymous.js';
import { deviceCookie } from './modules/accounts/known-devices.js';
import { logger } from './observability/logger.js';
import { noteCaller, shareFacts } from './observability/request-facts.js';
import type { Services } from './services.js';

export interface AppDeps {
  db: DataSource;
  config: Config;
  services: Services;
}

/** What a resolver or REST handler receives: the request context, and the services to call. */
export type AdapterContext = RequestContext & { services: Services };

export async function buildContext(deps: AppDeps, req: Request, res?: Response): Promise<AdapterContext> {
  const caller = await deps.services.accounts.authenticate(tokenFromHeader(req.headers.authorization));
  // The request's log line names the caller by id.
  noteCaller(req, caller);
  const device = deviceCookie(req, res, deps.config.publicUrl.startsWith('https:'));
  // A REST request writes unless it is a GET; GraphQL's plugin (graphql/read-routing.ts) says whether an operation is a mutation.
  const reads = { writes: req.method !== 'GET' && req.method !== 'HEAD', fence: caller?.readFence ?? null };
  return { caller, ip: req.ip ?? 'unknown', device, db: deps.db, config: deps.config, services: deps.services, loaders: createLoaders(deps.db), reads };
}

/**
 * The GraphQL context: a database that cannot be reached answers 503 SERVICE_UNAVAILABLE, not 500.
 * A signed-out request is counted and its document measured here, before Apollo parses it (graphql/anonymous.ts).
 */
export async function buildGraphqlContext(deps: AppDeps, req: Request, res?: Response): Promise<AdapterContext> {
  try {
    const ctx = await buildContext(deps, req, res);
    // Whether it writes is known once the operation is parsed (graphql/read-routing.ts).
    ctx.reads = { writes: false, fence: ctx.reads?.fence ?? null };
    // Apollo's plugins see the context, not the request: the operation name reaches the request's log line this way.
    shareFacts(ctx, req);
    await admitSignedOut(ctx, req);
    return ctx;
  } catch (e) {
    if (isConnectionError(e)) {
      logger.warn({ reqId: req.id, err: e }, '[graphql] database unavailable');
      throw new GraphQLError(UNAVAILABLE_MESSAGE, {
        extensions: { code: 'SERVICE_UNAVAILABLE', reason: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: new Map([['retry-after', '5']]) } },
      });
    }
    throw e;
  }
}

type Handler = (ctx: AdapterContext, req: Request, res: Response) => Promise<unknown>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Routes that read their raw query string themselves and answer any refusal their own way: the
 * identity provider's redirect back, where a browser lands (a refusal is a redirect to the sign-in page).
 */
const OWN_QUERY_STRING = new Set(['finishSingleSignOn']);

/**
 * Declares a route. `operation` names it for the read-only guard (the same names as the GraphQL
 * mutations). A handler's return value is sent as JSON; undefined sends 204 unless it wrote itself.
 * Query parameters and the body's strings first pass the one text rule (core/validation.ts): like a
 * body that is not JSON, a control character in the URL is refused before anything else is asked.
 */
export function route(router: Router, deps: AppDeps, method: Method, path: string, operation: string, handler: Handler): void {
  const checksQuery = !OWN_QUERY_STRING.has(operation);
  const handle = async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (checksQuery) refuseHostileText(req.query, 'line');
      // A JSON or form body too (free text: tabs and line breaks pass), so no hand-written check can
      // let a broken character through to be stored replaced. A raw body (Buffer) is its route's own.
      if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) refuseHostileText(req.body, 'text');
      const ctx = await buildContext(deps, req, res);
      assertOperationAllowed(ctx.caller, operation, method !== 'get');
      // A handler may send its answer itself (a 201, a 202) before it returns: the caller's read
      // fence is raised past any position first, and set to the primary's once the handler is done.
      await raiseReadFence(ctx);
      let result: unknown;
      try {
        result = await handler(ctx, req, res);
      } finally {
        await recordReadFence(ctx).catch((e) => logger.warn({ err: e }, '[replica] could not record the read fence'));
      }
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
