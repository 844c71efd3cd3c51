import { describe, expect, it } from 'vitest';
import { isId, MAX_ID, toId } from './ids.js';

describe('ids', () => {
  it('reads plain digits from 1 to the integer column bound', () => {
    expect(toId('1')).toBe(1);
    expect(toId(String(MAX_ID))).toBe(2147483647);
    expect(toId(42)).toBe(42);
  });

  it('refuses what is not an id: signs, exponents, decimals, spaces, zero, past the bound, other types', () => {
    for (const bad of ['', '0', '-1', '+7', '1e3', '1.5', ' 1', '1 ', '2147483648', '99999999999', '0x10', '１', 'abc', '%00']) {
      expect(toId(bad), JSON.stringify(bad)).toBeNull();
    }
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.NaN, Infinity, null, undefined, {}, [1], true]) {
      expect(toId(bad), String(bad)).toBeNull();
      expect(isId(bad)).toBe(false);
    }
  });
});
