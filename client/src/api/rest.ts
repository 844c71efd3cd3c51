/**
 * The client's calls to the server's REST routes (/api/*) and stored files (/files/*), each sent with
 * the session's token as `Authorization: Token <token>`, the header the GraphQL link sends too.
 *
 * A thin wrapper over the browser's fetch rather than a library: it only adds the header and turns a
 * non-2xx answer into a RestError carrying the status and the server's `{ error }` text. Upload
 * progress needs XMLHttpRequest, so components/uploadWithProgress.ts stays apart (fetch reports no
 * upload progress).
 */
import { getToken } from '../session/storage';

/** A non-2xx answer: its status, and the server's own `error` text when it sent one (else a generic line). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
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
    const text = await res.json().then((j: { error?: unknown }) => (typeof j?.error === 'string' ? j.error : ''), () => '');
    throw new RestError(res.status, text || `${request.method ?? 'GET'} ${path} failed with status ${res.status}`);
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
