/** Reads what a person should see from an Apollo error or a REST error body: the server's refusal in the reader's language, or a status-only fallback. */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { RestError } from '../api/rest';
import { translateReason, type Params } from '../i18n/core';

export interface ErrorInfo {
  /** The server's message (the spec's English), when the server gave one a person can act on. */
  serverText?: string;
  /** Why, as the server's stable reason code (translated by it, never by the text). */
  reason?: string;
  /** The values filled into a parameterised text. */
  params?: Params;
  code?: string;
  status?: number;
}

export function errorInfo(error: unknown): ErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code as string | undefined;
    if (code === 'INTERNAL_SERVER_ERROR') return { code, status: 500 };
    const reason = first?.extensions?.reason as string | undefined;
    const params = first?.extensions?.params as Params | undefined;
    return { serverText: first?.message, reason, params, code, status: code === 'BAD_USER_INPUT' ? 400 : undefined };
  }
  if (ServerError.is(error)) return { status: error.statusCode };
  if (error instanceof RestError) return error.body ? restErrorInfo(error.body, error.status) : { status: error.status };
  return {};
}

/** The server's refusal in the language in effect (by its reason), or undefined when the server gave no text. */
export function serverMessage(info: ErrorInfo): string | undefined {
  return info.serverText === undefined ? undefined : translateReason({ english: info.serverText, reason: info.reason, params: info.params });
}

/** A row of an import's report as the server answers it: why, as a reason code with its params (a JSON object), and its English text. */
export interface RowReason {
  reason?: string | null;
  params?: unknown;
  message: string;
}

/** Why an import row was refused (or what to know about it) in the language in effect, by its reason; its English message when the reason has no translation. */
export const rowReasonText = (row: RowReason): string =>
  translateReason({ english: row.message, reason: row.reason, params: row.params && typeof row.params === 'object' ? (row.params as Params) : undefined });

/** The server's refusal when there is one (translated by its reason), else the given fallback. */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(errorInfo(error)) ?? fallback;
}

/** A REST error body (`{ error, reason, params }`) as ErrorInfo; anything else gives no server text. */
export function restErrorInfo(body: unknown, status?: number): ErrorInfo {
  const b = body as { error?: unknown; reason?: unknown; params?: unknown } | null | undefined;
  if (!b || typeof b.error !== 'string') return { status };
  return {
    serverText: b.error,
    reason: typeof b.reason === 'string' ? b.reason : undefined,
    params: b.params && typeof b.params === 'object' ? (b.params as Params) : undefined,
    status,
  };
}
