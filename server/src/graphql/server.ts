/** Apollo Server on /graphql: the limits, and errors mapped to stable codes and readable messages. */
import { ApolloServer } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import type { Config } from '../config.js';
import type { RequestContext } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { aliasLimit, depthLimit } from './limits.js';
import { buildAppSchema } from './schema.js';

const KNOWN_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE']);

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...(original.retryAfterSeconds ? { retryAfter: original.retryAfterSeconds } : {}) },
    };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (code && KNOWN_CODES.has(code)) return { message: formatted.message, locations: formatted.locations, extensions: { code } };
  console.error('[graphql] unexpected error', original);
  return { message: 'Server error. Please try again later.', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

export async function createApolloServer(config: Config): Promise<ApolloServer<RequestContext>> {
  const server = new ApolloServer<RequestContext>({
    schema: await buildAppSchema(),
    formatError,
    validationRules: [depthLimit(config.graphqlMaxDepth), aliasLimit(config.graphqlMaxAliases)],
    introspection: config.nodeEnv !== 'production',
    includeStacktraceInErrorResponses: false,
  });
  await server.start();
  return server;
}
