/** The parent-code parser (parents-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, valid, type Checked } from '../../core/validation.js';
import { checkParentCode, PARENT_INPUT_MESSAGES as M } from './parents-input.js';
import { textOf } from '../../test/reasons.js';

const message = <T>(c: Checked<T>) => (c.ok ? 'accepted' : c.error.message);

describe('checkParentCode', () => {
  it('answers the code trimmed, as typed', () => {
    expect(valid(checkParentCode({ parent_code: ' ab12cd ' }))).toBe('ab12cd');
  });

  it('requires a code', () => {
    expect(message(checkParentCode({}))).toBe(textOf(M.codeRequired));
    expect(message(checkParentCode({ parent_code: '   ' }))).toBe(textOf(M.codeRequired));
    expect(message(checkParentCode({ parent_code: null }))).toBe(textOf(M.codeRequired));
    expect(message(checkParentCode(undefined))).toBe(textOf(M.codeRequired));
  });

  it('refuses hostile input with a message', () => {
    expect(message(checkParentCode({ parent_code: 'AB\u0000' }))).toBe(textOf(NUL_MESSAGE));
    expect(message(checkParentCode({ parent_code: 42 }))).toBe('Invalid value for parent_code.');
    expect(message(checkParentCode({ parent_code: ['AB12CD'] }))).toBe('Invalid value for parent_code.');
    expect(message(checkParentCode({ parent_code: { $ne: '' } }))).toBe('Invalid value for parent_code.');
    expect(message(checkParentCode([{ parent_code: 'AB12CD' }]))).toBe('Invalid value for input.');
    expect(message(checkParentCode('parent_code=AB12CD'))).toBe('Invalid value for input.');
    expect(message(checkParentCode(JSON.parse('{"__proto__":{"parent_code":"AB12CD"}}')))).toBe(textOf(M.codeRequired));
    // An oversize code is not refused here: it is simply not found (after the rate limit counts it).
    expect(valid(checkParentCode({ parent_code: 'A'.repeat(100_000) }))).toHaveLength(100_000);
  });
});
