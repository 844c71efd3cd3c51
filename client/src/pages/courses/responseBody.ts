/** The server's answer to a failed call, as formatted text ({ "error": message }), for messages that show it. */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

export function responseBody(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const messages = error.errors.map((e) => e.message);
    return JSON.stringify(messages.length === 1 ? { error: messages[0] } : { errors: messages }, null, 2);
  }
  if (ServerError.is(error)) return error.bodyText || JSON.stringify({ status: error.statusCode }, null, 2);
  return JSON.stringify({ error: error instanceof Error ? error.message : String(error) }, null, 2);
}
