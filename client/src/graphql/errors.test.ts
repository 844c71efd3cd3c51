/** What a screen shows for a server refusal: by its reason code, from GraphQL or from a REST body. */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RestError } from '../api/rest';
import { loadCatalogue, setCurrentLocale } from '../i18n/core';
import { errorInfo, messageOr, restErrorInfo, serverMessage } from './errors';

beforeAll(() => loadCatalogue('vi'));
afterEach(() => setCurrentLocale('en'));

const graphqlRefusal = (message: string, extensions: Record<string, unknown>) => new CombinedGraphQLErrors({ errors: [{ message, extensions }] });

describe('server refusals', () => {
  it('read the reason and params of a GraphQL error, translated in the language in effect', () => {
    const e = graphqlRefusal('A plan may have at most 12 terms.', { code: 'BAD_USER_INPUT', reason: 'TOO_MANY_TERMS', params: { max: '12' } });
    expect(errorInfo(e)).toEqual({
      serverText: 'A plan may have at most 12 terms.',
      reason: 'TOO_MANY_TERMS',
      params: { max: '12' },
      code: 'BAD_USER_INPUT',
      status: 400,
    });
    expect(messageOr(e, 'fallback')).toBe('A plan may have at most 12 terms.');
    setCurrentLocale('vi');
    expect(messageOr(e, 'fallback')).toBe('Một kế hoạch có tối đa 12 học kỳ.');
  });

  it('read a REST body and a RestError the same way', () => {
    setCurrentLocale('es');
    const body = { error: 'Student not found.', reason: 'STUDENT_NOT_FOUND' };
    expect(serverMessage(restErrorInfo(body, 404))).toBe('No se encontró al estudiante.');
    expect(messageOr(new RestError(404, body.error, body), 'fallback')).toBe('No se encontró al estudiante.');
    // A refusal without a body (a proxy's 502) gives the screen's own line.
    expect(messageOr(new RestError(502, 'GET /api/x failed with status 502'), 'fallback')).toBe('fallback');
  });

  it("show the server's English for a reason the client does not translate, or no reason at all", () => {
    setCurrentLocale('vi');
    expect(messageOr(graphqlRefusal('limit must be between 1 and 200.', { code: 'BAD_USER_INPUT', reason: 'OUTBOX_LIMIT_INVALID' }), 'x')).toBe(
      'limit must be between 1 and 200.',
    );
    expect(messageOr(graphqlRefusal('Cannot query field "x".', { code: 'GRAPHQL_VALIDATION_FAILED' }), 'x')).toBe('Cannot query field "x".');
    expect(messageOr(graphqlRefusal('Boom', { code: 'INTERNAL_SERVER_ERROR' }), 'Something failed.')).toBe('Something failed.');
  });
});
