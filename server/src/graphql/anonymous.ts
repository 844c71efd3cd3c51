/**
 * What a signed-out caller may ask of /graphql: in production, no introspection (decided on the
 * parsed document, graphql-js's NoSchemaIntrospectionCustomRule) and no field-name suggestions in
 * error messages. Automatic persisted queries are off (server.ts), so no hash replays a document
 * a signed-in user sent.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, NoSchemaIntrospectionCustomRule, validate } from 'graphql';
import { AppError, because, forbidden, HTTP_STATUS, reasonFields } from '../core/errors.js';
import { withoutSuggestions } from './limits.js';

/** An AppError as Apollo's error, with its HTTP status, code and reason (formatError in server.ts keeps them). */
export function graphqlRefusal(error: AppError): GraphQLError {
  const headers = error.retryAfterSeconds ? new Map([['retry-after', String(error.retryAfterSeconds)]]) : undefined;
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: error.code, ...reasonFields(error), http: { status: HTTP_STATUS[error.code], ...(headers ? { headers } : {}) } },
  });
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
