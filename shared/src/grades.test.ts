import { describe, expect, it } from 'vitest';
import { gradeLetter, meetsMinimum } from './grades.js';

describe('grades against a minimum', () => {
  it('reads letters, pass/fail words and numbers', () => {
    expect(['A', ' b+ ', 'c-', 'F', 'NP', 'P', 'CR', '95', '72.5', '59', '101', 'IP', ''].map(gradeLetter)).toEqual([
      'A',
      'B+',
      'C-',
      'F',
      'F',
      'P',
      'P',
      'A',
      'C-',
      'F',
      null,
      null,
      null,
    ]);
  });

  it('counts a grade at or above the minimum, never a failing one, and a pass only up to C', () => {
    expect(meetsMinimum('C', 'C')).toBe(true);
    expect(meetsMinimum('C-', 'C')).toBe(false);
    expect(meetsMinimum('B+', 'B')).toBe(true);
    expect(meetsMinimum('D', null)).toBe(true);
    expect(meetsMinimum('F', null)).toBe(false);
    expect(meetsMinimum('58', null)).toBe(false);
    expect(meetsMinimum('P', 'C')).toBe(true);
    expect(meetsMinimum('P', 'B')).toBe(false);
    expect(meetsMinimum('', null)).toBe(true);
    expect(meetsMinimum('', 'D-')).toBe(false);
  });
});
