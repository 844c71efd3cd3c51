/**
 * The client's calls to the server's REST routes (/api/*) and stored files (/files/*), each sent with
 * the session's token as `Authorization: Token <token>`, the header the GraphQL link sends too.
 *
 * A thin wrapper over the browser's fetch rather than a library: it only adds the header and turns a
 * non-2xx answer into a RestError carrying the status and the server's `{ error, reason, params }`. Upload
 * progress needs XMLHttpRequest, so components/uploadWithProgress.ts stays apart (fetch reports no
 * upload progress).
 */
import { getToken } from '../session/storage';

/** The JSON of a refusal: the spec's English text, its reason code, and the params of a parameterised text. */
export interface RestErrorBody {
  error: string;
  reason?: string;
  params?: Record<string, string>;
}

/**
 * A non-2xx answer: its status, and the server's own `error` text when it sent one (else a generic
 * line), with the body (screens translate it by its reason: graphql/errors.ts errorInfo).
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's refusal, when it sent one: `{ error, reason, params }`. */
    readonly body?: RestErrorBody,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

export interface RestRequest {
  method?: 'GET' | 'POST' | 'PUT';
  body?: BodyInit;
  /**
   * Whose token to send: the session's (the default), a given one (signing out a token kept aside
   * during a view-as), or none (null: the parent's emailed signing link works without a sign-in).
   */
  token?: string | null;
}

/** The token header for a request (none without a token); uploadWithProgress and GraphiQL send it too. */
export function authHeaders(token: string | null = getToken()): Record<string, string> {
  return token ? { Authorization: `Token ${token}` } : {};
}

/**
 * Sends the request and answers the Response when it is 2xx; throws RestError otherwise. A network
 * failure rejects with the browser's TypeError, as fetch does.
 */
export async function rest(path: string, request: RestRequest = {}): Promise<Response> {
  const token = request.token === undefined ? getToken() : request.token;
  const res = await fetch(path, { method: request.method ?? 'GET', body: request.body, headers: authHeaders(token) });
  if (!res.ok) {
    const j = await res.json().then(
      (v: { error?: unknown; reason?: unknown; params?: unknown } | null) => v,
      () => null,
    );
    const body: RestErrorBody | undefined =
      typeof j?.error === 'string'
        ? {
            error: j.error,
            ...(typeof j.reason === 'string' ? { reason: j.reason } : {}),
            ...(j.params && typeof j.params === 'object' ? { params: j.params as Record<string, string> } : {}),
          }
        : undefined;
    throw new RestError(res.status, body?.error || `${request.method ?? 'GET'} ${path} failed with status ${res.status}`, body);
  }
  return res;
}

/** A download: the body as a Blob, and the answer's headers (Content-Disposition names a file). */
export async function restBlob(path: string, request: RestRequest = {}): Promise<{ blob: Blob; headers: Headers }> {
  const res = await rest(path, request);
  return { blob: await res.blob(), headers: res.headers };
}

/** Saves a downloaded Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string, keepUrlMs = 10_000): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), keepUrlMs);
}
