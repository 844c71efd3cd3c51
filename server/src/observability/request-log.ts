/**
 * One JSON line per request (pino-http), written when the response ends:
 *
 *   {"level":"info","time":"…","reqId":"…","method":"POST","route":"/api/login/","status":200,
 *    "durationMs":41,"userId":12,"msg":"request completed"}
 *
 * plus `operation` on /graphql, `actingUserId` under a view-as token, and `aborted` when the client
 * went away first. Only these fields: no URL, query string, header or body is ever written (they
 * carry tokens, passwords, reset and signing links, students' names).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger.js';
import { factsOf, factsOfContext, requestId, routePattern } from './request-facts.js';

/** The fields of a request's line. */
export function requestLine(req: IncomingMessage, res: ServerResponse, durationMs: number): Record<string, unknown> {
  const f = factsOf(req);
  return {
    method: req.method,
    route: routePattern(req),
    status: res.statusCode,
    durationMs,
    ...(f.userId !== undefined ? { userId: f.userId } : {}),
    ...(f.actingUserId !== undefined ? { actingUserId: f.actingUserId } : {}),
    ...(f.operation !== undefined ? { operation: f.operation } : {}),
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestId,
    // Request and response loggers carry the request id only (not the request object with its URL and headers).
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { responseTime: 'durationMs' },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      // Scrapes every few seconds would drown the rest.
      return routePattern(req) === '/metrics' ? 'debug' : 'info';
    },
    customSuccessObject: (req, res, val: { durationMs?: number }) => requestLine(req, res, val.durationMs ?? 0),
    customErrorObject: (req, res, _err, val: { durationMs?: number }) => requestLine(req, res, val.durationMs ?? 0),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: (_req, res) => (res.statusCode >= 500 ? 'request failed' : 'request ended early'),
  }) as unknown as RequestHandler;
}

/** Puts the GraphQL operation's name (a GraphQL name: letters, digits, _) on its request's line. */
export const operationNameForLog: ApolloServerPlugin<object> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operationName, contextValue }) {
        const facts = factsOfContext(contextValue);
        if (facts && operationName) facts.operation = operationName.slice(0, 100);
      },
    };
  },
};
