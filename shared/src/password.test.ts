import { describe, expect, it } from 'vitest';
import {
  accountEmail,
  looksLikeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULES_MESSAGE,
  passwordChecks,
  passwordMeetsRules,
  SIGNUP_CODE_REQUIRED,
  SIGNUP_CODE_TOO_SHORT,
  signupCodeProblem,
} from './password.js';
import { REASONS } from './reasons.js';

/** The rule keys that fail for a password. */
const failing = (password: string, first = 'Sam', last = 'Lee') =>
  passwordChecks(password, first, last)
    .filter((c) => !c.ok)
    .map((c) => c.key);

describe('password rules', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordMeetsRules('Planner#2026', 'Sam', 'Lee')).toBe(true);
    expect(failing('Planner#2026')).toEqual([]);
  });

  it('lists the rules in the order of the sign-up tooltip', () => {
    expect(passwordChecks('x').map((c) => c.key)).toEqual(['length', 'upper', 'lower', 'digit', 'special', 'name']);
    expect(passwordChecks('x').map((c) => c.label)).toEqual([
      'At least 8 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
      'A special character (! @ # $ % ^ & *)',
      'Does not contain your first or last name',
    ]);
  });

  it('needs at least 8 characters', () => {
    expect(failing('Pla#20a')).toEqual(['length']);
    expect(failing('Plan#20a')).toEqual([]);
  });

  it(`allows at most ${PASSWORD_MAX_LENGTH} characters`, () => {
    const base = 'Aa1!';
    expect(failing(base.repeat(PASSWORD_MAX_LENGTH / 4))).toEqual([]);
    expect(failing(base.repeat(PASSWORD_MAX_LENGTH / 4) + 'x')).toEqual(['length']);
  });

  it('needs an uppercase letter', () => {
    expect(failing('planner#2026')).toEqual(['upper']);
  });

  it('needs a lowercase letter', () => {
    expect(failing('PLANNER#2026')).toEqual(['lower']);
  });

  it('needs a digit', () => {
    expect(failing('Planner#abcd')).toEqual(['digit']);
  });

  it('needs a special character from ! @ # $ % ^ & *', () => {
    expect(failing('Planner12026')).toEqual(['special']);
    // Other punctuation does not count.
    expect(failing('Planner-2026')).toEqual(['special']);
    expect(failing('Planner_2026')).toEqual(['special']);
    for (const c of '!@#$%^&*') expect(failing(`Planner${c}2026`)).toEqual([]);
  });

  it('must not contain the first or last name, case-insensitively', () => {
    expect(failing('Samwise#2026', 'Sam', 'Lee')).toEqual(['name']);
    expect(failing('Xyz#LEE2026a', 'Sam', 'Lee')).toEqual(['name']);
    expect(failing('Planner#2026', 'Planner', 'Lee')).toEqual(['name']);
    expect(passwordMeetsRules('Planner#2026', 'planner', 'Lee')).toBe(false);
  });

  it('ignores spaces around the names', () => {
    expect(failing('Samwise#2026', '  Sam ', 'Lee')).toEqual(['name']);
  });

  it('passes the name rule when either name is empty', () => {
    expect(failing('Samwise#2026', 'Sam', '')).toEqual([]);
    expect(failing('Samwise#2026', '', 'Samwise')).toEqual([]);
    expect(failing('Samwise#2026', '   ', 'Samwise')).toEqual([]);
    expect(passwordMeetsRules('Samwise#2026')).toBe(true);
  });

  it('has the spec failure message', () => {
    expect(PASSWORD_RULES_MESSAGE).toBe('PASSWORD_RULES');
    expect(REASONS[PASSWORD_RULES_MESSAGE]).toBe('Your password does not meet the requirements.');
  });
});

describe('sign-up code rule', () => {
  it('requires a code', () => {
    expect(signupCodeProblem('')).toBe('SIGNUP_CODE_REQUIRED');
    expect(REASONS[SIGNUP_CODE_REQUIRED]).toBe('Please enter a sign-up code.');
  });

  it('needs at least 3 characters after trimming', () => {
    expect(signupCodeProblem('ab')).toBe('SIGNUP_CODE_TOO_SHORT');
    expect(signupCodeProblem('  ab  ')).toBe('SIGNUP_CODE_TOO_SHORT');
    expect(signupCodeProblem('   ')).toBe(SIGNUP_CODE_TOO_SHORT);
    expect(REASONS[SIGNUP_CODE_TOO_SHORT]).toBe('Sign-up code must be at least 3 characters long.');
  });

  it('accepts a code of 3 characters or more', () => {
    expect(signupCodeProblem('abc')).toBeNull();
    expect(signupCodeProblem(' LINCOLN-STUDENT ')).toBeNull();
  });
});

describe('email shape', () => {
  it('accepts an address and refuses what is not one', () => {
    expect(looksLikeEmail('student@lincoln.example')).toBe(true);
    expect(looksLikeEmail('student@lincoln')).toBe(false);
    expect(looksLikeEmail('student lincoln.example')).toBe(false);
    expect(looksLikeEmail('a b@c.de')).toBe(false);
    expect(looksLikeEmail(`${'a'.repeat(250)}@c.de`)).toBe(false);
  });

  it('refuses any character outside printable ASCII', () => {
    for (const email of [
      'ben.o\u212Aafor@lincoln.example',
      'ben.\u043Ekafor@lincoln.example',
      'ren\u00E9e@lincoln.example',
      'a\u200B@lincoln.example',
      'a@lincoln.exampl\u0435',
      'a\tb@lincoln.example',
    ]) {
      expect(looksLikeEmail(email), email).toBe(false);
    }
  });

  it('stores an address NFKC-normalised and lower-cased, or not at all when that is not ASCII', () => {
    expect(accountEmail('  Riley@Lincoln.Example ')).toBe('riley@lincoln.example');
    expect(accountEmail('ben.o\u212Aafor@lincoln.example')).toBe('ben.okafor@lincoln.example');
    expect(accountEmail('\uFF52\uFF49\uFF4C\uFF45\uFF59\uFF20lincoln.example')).toBe('riley@lincoln.example');
    expect(accountEmail('\uFB01ona@lincoln.example')).toBe('fiona@lincoln.example');
    expect(accountEmail('ben.\u043Ekafor@lincoln.example')).toBeNull();
    expect(accountEmail('rene\u0301e@lincoln.example')).toBeNull();
    expect(accountEmail('riley@lincoln')).toBeNull();
  });
});
