/** Reads what a person should see from an Apollo error: the server's text, or a status-only fallback. */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { translateText } from '../i18n/core';

export interface ErrorInfo {
  /** The server's message, when the server gave one a person can act on. */
  serverText?: string;
  code?: string;
  status?: number;
}

export function errorInfo(error: unknown): ErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code as string | undefined;
    if (code === 'INTERNAL_SERVER_ERROR') return { code, status: 500 };
    return { serverText: first?.message, code, status: code === 'BAD_USER_INPUT' ? 400 : undefined };
  }
  if (ServerError.is(error)) return { status: error.statusCode };
  return {};
}

/**
 * The server's text when there is one, else the given fallback; in the language in effect when the
 * text is one the catalogues know (the spec's error texts), otherwise as the server wrote it.
 */
export function messageOr(error: unknown, fallback: string): string {
  return translateText(errorInfo(error).serverText ?? fallback);
}
