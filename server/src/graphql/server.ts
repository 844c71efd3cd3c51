/** Apollo Server on /graphql: the limits, and errors mapped to stable codes and readable messages. */
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Config } from '../config.js';
import type { AdapterContext } from '../adapters.js';
import { AppError, isConnectionError, reasonFields, UNAVAILABLE_MESSAGE } from '../core/errors.js';
import { REASONS } from '@planner/shared';
import { logger } from '../observability/logger.js';
import { aliasLimit, asksForIntrospection, costLimit, depthLimit, withoutSuggestions } from './limits.js';
import { buildAppSchema } from './schema.js';

const KNOWN_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE', 'FORBIDDEN']);

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
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
  if (code && KNOWN_CODES.has(code)) return { message: formatted.message, locations: formatted.locations, extensions: { code } };
  logger.error({ err: original }, '[graphql] unexpected error');
  return { message: REASONS.SERVER_ERROR, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR', reason: 'SERVER_ERROR' } };
}

/**
 * What anonymous callers may not learn about the schema: in production they get no introspection
 * (signed-in staff keep it, for the explorer and dashboards), and nobody anonymous gets field-name
 * suggestions in error messages.
 */
function anonymousSchemaPrivacy(production: boolean): ApolloServerPlugin<AdapterContext> {
  return {
    async requestDidStart({ contextValue }) {
      const anonymous = !contextValue.caller;
      return {
        async didResolveOperation({ request }) {
          if (anonymous && production && asksForIntrospection(request.query)) {
            throw new GraphQLError('Introspection is available to signed-in users only.', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
          }
        },
        async willSendResponse({ response }) {
          if (!anonymous || response.body.kind !== 'single' || !response.body.singleResult.errors) return;
          response.body.singleResult.errors = response.body.singleResult.errors.map((e) => ({ ...e, message: withoutSuggestions(e.message) }));
        },
      };
    },
  };
}

/** `extraPlugins`: e.g. the metrics plugin (observability/metrics.ts), when metrics are on. */
export async function createApolloServer(config: Config, extraPlugins: ApolloServerPlugin<object>[] = []): Promise<ApolloServer<AdapterContext>> {
  const server = new ApolloServer<AdapterContext>({
    schema: await buildAppSchema(),
    formatError,
    // Depth and aliases are validation rules; the cost needs the variables, so it is a plugin (limits.ts).
    validationRules: [depthLimit(config.graphqlMaxDepth), aliasLimit(config.graphqlMaxAliases)],
    // graphql-js stops parsing past this many tokens.
    parseOptions: { maxTokens: config.graphqlMaxTokens },
    // Introspection stays on in the schema; the plugin refuses it to anonymous callers in production.
    introspection: true,
    // No HTTP cache hints are used: without the cache-control plugin Apollo does not wrap every field's resolver.
    plugins: [costLimit(config.graphqlMaxCost), anonymousSchemaPrivacy(config.nodeEnv === 'production'), ApolloServerPluginCacheControlDisabled(), ...extraPlugins],
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
