/**
 * What a signed-out caller may ask of /graphql. Anyone on the internet can send these requests, and
 * graphql-js's validation of a 6 KB document of 300 fragments took 150-300 ms of CPU even when every
 * limit of limits.ts passed, so a signed-out request is bounded before Apollo parses it:
 * - at most RATE_LIMIT_ANONYMOUS_GRAPHQL requests per client address (core/rate-limit.ts, in the
 *   database, so every replica counts together);
 * - a small document: at most GRAPHQL_ANONYMOUS_MAX_TOKENS tokens (graphql-js's own `parse` with
 *   `maxTokens`, which stops reading there), GRAPHQL_ANONYMOUS_MAX_FRAGMENTS fragment definitions and
 *   GRAPHQL_ANONYMOUS_MAX_SPREADS fragment spreads. The client's signed-out operations (sign-in,
 *   sign-up, password reset, articles, consent links) hold under 40 tokens and no fragment; its
 *   largest operation of all, which an expired session sends signed out, about 120 tokens and two
 *   fragments (anonymous.test.ts checks every one of them).
 * - in production, no introspection (decided on the parsed document, graphql-js's
 *   NoSchemaIntrospectionCustomRule) and no field-name suggestions in error messages.
 *
 * Why the document checks run while the context is built (`admitSignedOut`, from the GraphQL
 * context in adapters.ts): Apollo builds the context, and so knows the caller, before it parses,
 * but its parse options are the same for every caller, and an error thrown by a plugin before the
 * parse becomes a 500. The checks read the text Apollo is about to parse, the way Apollo reads it
 * (@apollo/server's runHttpQuery): `query` of a POST body object, every `query` of a GET's search.
 * Automatic persisted queries are off (server.ts), so the text is always in the request.
 * Signed-in callers keep only the limits of limits.ts.
 */
import { parse as parseUrl } from 'node:url';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Request } from 'express';
import { GraphQLError, Kind, NoSchemaIntrospectionCustomRule, parse, validate, visit, type DocumentNode } from 'graphql';
import type { Config } from '../config.js';
import type { RequestContext } from '../context.js';
import { AppError, badInput, because, forbidden, HTTP_STATUS, reasonFields } from '../core/errors.js';
import { limit } from '../core/rate-limit.js';
import { withoutSuggestions } from './limits.js';

export interface SignedOutLimits {
  maxTokens: number;
  maxFragments: number;
  maxSpreads: number;
}

export const signedOutLimits = (config: Config): SignedOutLimits => ({
  maxTokens: config.graphqlAnonymousMaxTokens,
  maxFragments: config.graphqlAnonymousMaxFragments,
  maxSpreads: config.graphqlAnonymousMaxSpreads,
});

/** graphql-js's message when `maxTokens` stops the parse (16.x writes "more that"). */
const TOKEN_LIMIT = /^Syntax Error: Document contains more th[ae]t \d+ tokens\. Parsing aborted\.$/;

/**
 * Why a signed-out caller may not send `text`, or null when it may. A syntax error within the
 * token budget is null too: Apollo parses the text again and answers its usual GRAPHQL_PARSE_FAILED.
 */
export function signedOutDocumentRefusal(text: string, limits: SignedOutLimits): AppError | null {
  let document: DocumentNode;
  try {
    document = parse(text, { maxTokens: limits.maxTokens, noLocation: true });
  } catch (e) {
    if (e instanceof GraphQLError && TOKEN_LIMIT.test(e.message)) return badInput(because('GRAPHQL_SIGNED_OUT_TOO_MANY_TOKENS', { max: limits.maxTokens }));
    return null;
  }
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).length;
  if (fragments > limits.maxFragments) return badInput(because('GRAPHQL_SIGNED_OUT_TOO_MANY_FRAGMENTS', { max: limits.maxFragments }));
  let spreads = 0;
  visit(document, { FragmentSpread: () => void spreads++ });
  if (spreads > limits.maxSpreads) return badInput(because('GRAPHQL_SIGNED_OUT_TOO_MANY_SPREADS', { max: limits.maxSpreads }));
  return null;
}

/** The document texts Apollo will read from this request (none for a body or method Apollo refuses itself). */
function documentTexts(req: Request): string[] {
  if (req.method === 'POST') {
    const body: unknown = req.body;
    const query = body && typeof body === 'object' && !Array.isArray(body) ? (body as { query?: unknown }).query : undefined;
    return typeof query === 'string' ? [query] : [];
  }
  // Apollo reads the search as its Express integration hands it over: url.parse(req.url).search.
  if (req.method === 'GET') return new URLSearchParams(parseUrl(req.url).search ?? '').getAll('query');
  return [];
}

/** An AppError as Apollo's error, with its HTTP status, code and reason (formatError in server.ts keeps them). */
export function graphqlRefusal(error: AppError): GraphQLError {
  const headers = error.retryAfterSeconds ? new Map([['retry-after', String(error.retryAfterSeconds)]]) : undefined;
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: error.code, ...reasonFields(error), http: { status: HTTP_STATUS[error.code], ...(headers ? { headers } : {}) } },
  });
}

/**
 * Counts a signed-out request against its address's rate limit, then refuses a document over the
 * signed-out limits. Throws Apollo's error (429 or 400 with a reason); signed-in callers pass untouched.
 */
export async function admitSignedOut(ctx: Pick<RequestContext, 'caller' | 'db' | 'config' | 'ip'>, req: Request): Promise<void> {
  if (ctx.caller) return;
  try {
    await limit(ctx, 'anonymousGraphql');
  } catch (e) {
    throw e instanceof AppError ? graphqlRefusal(e) : e;
  }
  const limits = signedOutLimits(ctx.config);
  for (const text of documentTexts(req)) {
    const refusal = signedOutDocumentRefusal(text, limits);
    if (refusal) throw graphqlRefusal(refusal);
  }
}

/**
 * What signed-out callers may not learn about the schema: in production no introspection (signed-in
 * users keep it, for the explorer and dashboards), and nowhere field-name suggestions in errors.
 * Introspection is decided on the parsed document, every operation and fragment of it, so neither a
 * fragment, an alias, `__type`, nor a second operation chosen by operationName gets past it;
 * `__typename` is not introspection.
 */
export function signedOutSchemaPrivacy<TContext extends { caller: unknown }>(production: boolean): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart({ contextValue }) {
      if (contextValue.caller) return;
      return {
        async didResolveOperation({ schema, document }) {
          if (production && validate(schema, document, [NoSchemaIntrospectionCustomRule]).length) {
            throw graphqlRefusal(forbidden(because('GRAPHQL_INTROSPECTION_SIGNED_IN_ONLY')));
          }
        },
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
          response.body.singleResult.errors = response.body.singleResult.errors.map((e) => ({ ...e, message: withoutSuggestions(e.message) }));
        },
      };
    },
  };
}
