/** The shared student-info rules: dates of birth, the Open CCC password, the graduation year. */
import { describe, expect, it } from 'vitest';
import { dateInputToDob, graduationYear, joinAnswers, openCccPassword, parseDob } from './student-info.js';

describe('openCccPassword', () => {
  it("is 'Lt' + MMDDYY of birth + '!'", () => {
    expect(openCccPassword('03142010')).toBe('Lt031410!');
    expect(openCccPassword('12012009')).toBe('Lt120109!');
    expect(openCccPassword('2010-03-14')).toBe('Lt031410!');
  });

  it("is 'LtMMDDYY!' when the date of birth is missing or unparseable", () => {
    for (const dob of [null, undefined, '', '   ', 'not a date', '13452010', '02302010']) expect(openCccPassword(dob)).toBe('LtMMDDYY!');
  });
});

describe('graduationYear', () => {
  const now = new Date(2025, 8, 1);
  it('is the current year plus (13 minus grade)', () => {
    expect(graduationYear('10', now)).toBe(2028);
    expect(graduationYear(12, now)).toBe(2026);
    expect(graduationYear('9', now)).toBe(2029);
    expect(graduationYear('11th', now)).toBe(2027);
  });
  it('reads a grade that is not a whole number as 0', () => {
    expect(graduationYear('college', now)).toBe(2038);
    expect(graduationYear(null, now)).toBe(2038);
  });
});

describe('dates of birth and answers', () => {
  it('reads MMDDYYYY and date inputs, and writes the payload form', () => {
    expect(parseDob('03142010')).toEqual({ month: 3, day: 14, year: 2010 });
    expect(parseDob('02292011')).toBeNull();
    expect(dateInputToDob('2010-03-14')).toBe('03142010');
    expect(dateInputToDob('')).toBe('');
  });
  it("joins several answers with ', '", () => {
    expect(joinAnswers(['Math I', 'Spanish I'])).toBe('Math I, Spanish I');
  });
});
