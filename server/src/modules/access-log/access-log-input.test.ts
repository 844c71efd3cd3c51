/** The access-log filter parser (access-log-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { valid, type Checked } from '../../core/validation.js';
import { ACCESS_LOG_INPUT_MESSAGES as M, checkAccessLogFilter } from './access-log-input.js';
import { ACCESS_ACTIONS } from './access-actions.js';
import { textOf } from '../../test/reasons.js';

const message = <T>(c: Checked<T>) => (c.ok ? 'accepted' : c.error.message);

describe('checkAccessLogFilter', () => {
  it('reads query-string filters: ids and page size as numbers, names trimmed', () => {
    expect(
      valid(
        checkAccessLogFilter({ student_id: '12', actor_id: '3', first: '20', after: '99', action: 'view_as', from: '2026-01-01', to: '2026-01-31', student: ' Ana ' }),
      ),
    ).toEqual({ student_id: 12, actor_id: 3, first: 20, after: '99', action: 'view_as', from: '2026-01-01', to: '2026-01-31', student: 'Ana' });
    expect(valid(checkAccessLogFilter(undefined))).toEqual({});
    expect(valid(checkAccessLogFilter({ from: '2026-01-01', to: '2026-01-01' }))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('refuses any filter of the wrong form with one message', () => {
    for (const bad of [
      { student_id: 'abc' },
      { student_id: '-1' },
      { actor_id: '99999999999999' },
      { first: '0' },
      { first: '201' },
      { student: 'x'.repeat(201) },
      { actor: 'a\u0000b' },
      { student: 'A\u0000' },
      { student: { $ne: '' } },
    ]) {
      expect(message(checkAccessLogFilter(bad)), JSON.stringify(bad)).toBe('The access-log filters are not valid (dates as YYYY-MM-DD, ids as numbers).');
    }
    expect(message(checkAccessLogFilter([{ action: 'view_as' }]))).toBe(textOf(M.filtersInvalid));
  });

  it('names what is wrong with an unknown action, a bad date and a bad cursor', () => {
    const actions = `action must be one of: ${ACCESS_ACTIONS.join(', ')}.`;
    expect(actions).toContain('view_as, plan_pdf_export');
    expect(message(checkAccessLogFilter({ action: 'delete_everything' }))).toBe(actions);
    expect(message(checkAccessLogFilter({ action: ['view_as', 'plan_pdf_export'] }))).toBe(actions);
    expect(message(checkAccessLogFilter({ from: '2026-13-01' }))).toBe('Dates must be written as YYYY-MM-DD.');
    expect(message(checkAccessLogFilter({ to: '01/02/2026' }))).toBe('Dates must be written as YYYY-MM-DD.');
    expect(message(checkAccessLogFilter({ after: '1; DROP TABLE users' }))).toBe('The page cursor is not valid; start again from the first page.');
    expect(message(checkAccessLogFilter({ after: '1'.repeat(19) }))).toBe('The page cursor is not valid; start again from the first page.');
  });

  it('refuses a start date after the end date, after the form checks', () => {
    expect(message(checkAccessLogFilter({ from: '2026-02-01', to: '2026-01-31' }))).toBe('The start date must be on or before the end date.');
    expect(message(checkAccessLogFilter({ from: '2026-02-01', to: '2026-01-31', first: '0' }))).toBe(textOf(M.filtersInvalid));
  });

  it('ignores a __proto__ key and unknown filters', () => {
    const f = valid(checkAccessLogFilter(JSON.parse('{"__proto__":{"student_id":5},"school_id":"7","action":"view_as"}')));
    expect(f).toEqual({ action: 'view_as' });
    expect(({} as Record<string, unknown>).student_id).toBeUndefined();
  });
});
