/** Apollo Server on /graphql: the limits, and errors mapped to stable codes and readable messages. */
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Config } from '../config.js';
import type { AdapterContext } from '../adapters.js';
import { AppError, isConnectionError, reasonFields, UNAVAILABLE_MESSAGE } from '../core/errors.js';
import { REASONS } from '@planner/shared';
import { logger } from '../observability/logger.js';
import { signedOutSchemaPrivacy } from './anonymous.js';
import { aliasLimit, costLimit, depthLimit } from './limits.js';
import { jitExecutor, localGateway } from './executor.js';
import { readRouting } from './read-routing.js';
import { buildAppSchema } from './schema.js';

const KNOWN_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
  'FORBIDDEN',
]);

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  // A refusal thrown before execution (graphql/anonymous.ts graphqlRefusal) carries its AppError.
  const original = unwrapped instanceof GraphQLError && unwrapped.originalError instanceof AppError ? unwrapped.originalError : unwrapped;
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...reasonFields(original), ...(original.retryAfterSeconds ? { retryAfter: original.retryAfterSeconds } : {}) },
    };
  }
  if (isConnectionError(original) || isConnectionError(error)) {
    return { message: UNAVAILABLE_MESSAGE, path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE', reason: 'SERVICE_UNAVAILABLE' } };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (code === 'SERVICE_UNAVAILABLE') return { message: UNAVAILABLE_MESSAGE, extensions: { code, reason: 'SERVICE_UNAVAILABLE' } };
  if (code === 'PERSISTED_QUERY_NOT_SUPPORTED') return { message: REASONS.GRAPHQL_PERSISTED_QUERIES_OFF, extensions: { code, reason: 'GRAPHQL_PERSISTED_QUERIES_OFF' } };
  if (code && KNOWN_CODES.has(code)) return { message: formatted.message, locations: formatted.locations, extensions: { code } };
  logger.error({ err: original }, '[graphql] unexpected error');
  return { message: REASONS.SERVER_ERROR, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR', reason: 'SERVER_ERROR' } };
}

/**
 * Automatic persisted queries are off: Apollo answers a request naming one with a 200 that asks the
 * client to send the text; the client never uses them, so that answer is a plain 400 refusal.
 */
const persistedQueriesOff: ApolloServerPlugin<AdapterContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        if (errors?.some((e) => e.extensions?.code === 'PERSISTED_QUERY_NOT_SUPPORTED')) response.http.status = 400;
      },
    };
  },
};

/** `extraPlugins`: e.g. the metrics plugin (observability/metrics.ts), when metrics are on. */
export async function createApolloServer(config: Config, extraPlugins: ApolloServerPlugin<object>[] = []): Promise<ApolloServer<AdapterContext>> {
  const schema = await buildAppSchema();
  const server = new ApolloServer<AdapterContext>({
    // Apollo's own pipeline with graphql-jit executing (graphql/executor.ts).
    gateway: localGateway(schema, jitExecutor(schema).executor),
    formatError,
    // Depth and aliases are validation rules; the cost needs the variables, so it is a plugin (limits.ts).
    validationRules: [depthLimit(config.graphqlMaxDepth), aliasLimit(config.graphqlMaxAliases)],
    // graphql-js stops parsing past this many tokens.
    parseOptions: { maxTokens: config.graphqlMaxTokens },
    // Introspection stays on in the schema; signedOutSchemaPrivacy refuses it to signed-out callers in production.
    introspection: true,
    // No automatic persisted queries: a hash-only request would carry no text for the signed-out
    // limits to read (graphql/anonymous.ts), and would replay a document a signed-in user sent.
    persistedQueries: false,
    // No HTTP cache hints are used: without the cache-control plugin Apollo does not wrap every field's resolver.
    // The inline trace plugin, which Apollo installs unless told not to, only serves federated
    // subgraphs; off, no request runs its hooks.
    plugins: [
      costLimit(config.graphqlMaxCost),
      signedOutSchemaPrivacy(config.nodeEnv === 'production'),
      persistedQueriesOff,
      readRouting,
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ...extraPlugins,
    ],
    includeStacktraceInErrorResponses: false,
    // main.ts stops the server on SIGTERM/SIGINT, after requests in flight finish. Apollo's own
    // handler (on by default outside NODE_ENV=test) would stop GraphQL under those requests, and
    // our later stop() would then wait for ever on Apollo's stop barrier, which it never resolves
    // when a stop succeeds: the process hung after "shutting down" on the embedded database.
    stopOnTerminationSignals: false,
  });
  await server.start();
  return server;
}
