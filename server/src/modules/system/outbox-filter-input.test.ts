/** The outbox list's filter under hostile query strings. */
import { describe, expect, it } from 'vitest';
import { parseOutboxFilter } from './outbox-filter-input.js';

const refusal = (raw: Record<string, unknown>) => {
  try {
    parseOutboxFilter(raw);
  } catch (e) {
    expect((e as { code?: string }).code).toBe('BAD_USER_INPUT');
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('outbox filter', () => {
  it('defaults to every status, 50 a page, from the first', () => {
    expect(parseOutboxFilter({})).toEqual({ status: null, limit: 50, offset: 0 });
    expect(parseOutboxFilter({ status: 'failed', limit: '200', offset: '10' })).toEqual({ status: 'failed', limit: 200, offset: 10 });
  });
  it.each([
    [{ status: 'deleted' }, 'status must be pending, sent or failed.'],
    [{ status: ['sent', 'failed'] }, 'status must be pending, sent or failed.'],
    [{ limit: '0' }, 'limit must be between 1 and 200.'],
    [{ limit: '1e9' }, 'limit must be between 1 and 200.'],
    [{ limit: 'ten' }, 'limit must be between 1 and 200.'],
    [{ offset: '-1' }, 'offset must be a whole number from 0.'],
    [{ offset: '2.5' }, 'offset must be a whole number from 0.'],
    [{ offset: '99999999999' }, 'offset must be a whole number from 0.'],
  ])('refuses %j', (raw, message) => expect(refusal(raw)).toBe(message));
});
