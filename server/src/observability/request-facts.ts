/**
 * What the request log line and the request metrics say about a request, gathered while it runs:
 * who called (set where the token is read, adapters.ts), the GraphQL operation (set by the metrics
 * plugin), and the route pattern (Express's matched route, never the URL: URLs carry ids, reset
 * and signing codes in their path or query).
 *
 * X-Request-Id: a caller's (a proxy's) id is kept when it is at most 128 characters of
 * [A-Za-z0-9._-]; anything else (newlines, quotes, huge values) is replaced by a fresh UUID, so a
 * hostile header can neither forge log lines nor bloat them. Our own few lines rather than a
 * library: the rule is one regular expression.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';

export interface RequestFacts {
  userId?: number;
  /** The admin or parent acting as `userId` through a view-as token. */
  actingUserId?: number;
  /** GraphQL operation name, as the operation document gives it (a GraphQL name: letters, digits, _). */
  operation?: string;
  /** A route name for requests no Express route answers (e.g. /graphql, static files). */
  routeHint?: string;
}

const facts = new WeakMap<object, RequestFacts>();

export function factsOf(req: IncomingMessage): RequestFacts {
  let f = facts.get(req);
  if (!f) {
    f = {};
    facts.set(req, f);
  }
  return f;
}

/** On the GraphQL context: Apollo hands its plugins a copy of the context (own enumerable keys, symbols included), never the request. */
const CONTEXT_FACTS = Symbol('requestFacts');

/** The GraphQL context shares its request's facts, so Apollo plugins can add to them. */
export function shareFacts(context: object, req: IncomingMessage): void {
  Object.assign(context, { [CONTEXT_FACTS]: factsOf(req) });
}

export function factsOfContext(context: object): RequestFacts | undefined {
  return (context as { [CONTEXT_FACTS]?: RequestFacts })[CONTEXT_FACTS];
}

export function noteCaller(req: IncomingMessage, caller: { user: { id: number }; actingUserId: number | null } | null): void {
  if (!caller) return;
  const f = factsOf(req);
  f.userId = caller.user.id;
  if (caller.actingUserId !== null) f.actingUserId = caller.actingUserId;
}

/** Names the route of requests that match no Express route (mounted apps, static files). */
export function routeName(name: string) {
  return (req: IncomingMessage, _res: unknown, next: () => void): void => {
    factsOf(req).routeHint = name;
    next();
  };
}

export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The matched route as written in the code, e.g. /api/reset-password/:uid/:token/ (mount path +
 * route path), else the hint, else "unmatched". Read when the response ends: Express 5 keeps
 * req.route and req.baseUrl of the route that answered.
 */
export function routePattern(req: IncomingMessage): string {
  const r = req as Partial<Request>;
  const path = r.route?.path;
  if (path !== undefined) {
    const pattern = Array.isArray(path) ? path.join('|') : String(path);
    return `${r.baseUrl ?? ''}${pattern}` || '/';
  }
  return facts.get(req)?.routeHint ?? UNMATCHED_ROUTE;
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's X-Request-Id when sane, else a new UUID; echoed on the response. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
