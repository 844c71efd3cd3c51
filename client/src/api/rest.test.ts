import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authHeaders, rest, restBlob, RestError } from './rest';

/** The requests the stubbed fetch saw, and the answer it gives. */
let seen: { url: string; init: RequestInit }[] = [];
function answer(response: Response | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      if (response instanceof Error) throw response;
      return response;
    }),
  );
}

beforeEach(() => {
  seen = [];
  localStorage.setItem('token', 'session-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('rest', () => {
  it("sends the session's token as `Authorization: Token <token>`", async () => {
    answer(new Response('{}', { status: 200 }));
    await rest('/api/plan-pdf/');
    expect(seen[0].url).toBe('/api/plan-pdf/');
    expect(seen[0].init.method).toBe('GET');
    expect(seen[0].init.headers).toEqual({ Authorization: 'Token session-token' });
  });

  it('sends a given token instead, and none at all when told so (the emailed signing link)', async () => {
    answer(new Response('{}', { status: 200 }));
    await rest('/api/logout/', { method: 'POST', token: 'kept-aside' });
    await rest('/api/sign-parent-form/abc/', { method: 'PUT', token: null });
    expect(seen[0].init.headers).toEqual({ Authorization: 'Token kept-aside' });
    expect(seen[1].init.headers).toEqual({});
    localStorage.clear();
    expect(authHeaders()).toEqual({});
  });

  it("throws a RestError with the status and the server's own error text", async () => {
    answer(new Response(JSON.stringify({ error: 'This form has already been signed.' }), { status: 409 }));
    const err = await rest('/api/parent-consent/', { method: 'PUT' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestError);
    expect((err as RestError).status).toBe(409);
    expect((err as RestError).message).toBe('This form has already been signed.');
  });

  it('answers a generic line when the error body is not JSON, not a string, or missing', async () => {
    for (const body of ['<html>Bad gateway</html>', JSON.stringify({ error: { nested: true } }), 'null', '']) {
      answer(new Response(body, { status: 502 }));
      const err = (await rest('/files/x.pdf').catch((e: unknown) => e)) as RestError;
      expect(err.status).toBe(502);
      expect(err.message).toBe('GET /files/x.pdf failed with status 502');
    }
  });

  it('lets a network failure through as the browser reports it', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(rest('/api/application/', { method: 'POST' })).rejects.toThrow('Failed to fetch');
  });
});

describe('restBlob', () => {
  it('answers the body and the headers that name the file', async () => {
    answer(new Response('zip-bytes', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="forms.zip"' } }));
    const { blob, headers } = await restBlob('/files/exports/forms.zip');
    expect(await blob.text()).toBe('zip-bytes');
    expect(headers.get('Content-Disposition')).toBe('attachment; filename="forms.zip"');
  });
});
