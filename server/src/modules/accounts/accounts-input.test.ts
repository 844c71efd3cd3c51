/** The account payloads under hostile input: every refusal is a 400 with a message, never a crash. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import type { Checked } from '../../core/validation.js';
import { checkApiTokenCreate } from '../api-tokens/api-token-input.js';
import { checkChangePassword, checkLogin, checkNewPassword, checkRegister, checkResetRequest, checkViewAs } from './accounts-input.js';
import { checkLabels, checkLocale } from './profile-input.js';

function refusal<T>(checked: Checked<T>): string {
  if (checked.ok) throw new Error(`accepted ${JSON.stringify(checked.value)}`);
  expect(checked.error).toBeInstanceOf(AppError);
  expect((checked.error as AppError).code).toBe('BAD_USER_INPUT');
  return checked.error.message;
}
const value = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw checked.error;
  return checked.value;
};

const NOT_OBJECTS = [[], 'email=a@b.c', 42, true];

describe('sign-up and sign-in payloads', () => {
  it('trims names and emails but keeps a password exactly as typed', () => {
    expect(value(checkRegister({ signup_code: ' ABC ', email: ' a@b.org ', password: '  pass word  ', first_name: ' Thị Minh ', last_name: 'Nguyễn' }))).toEqual({
      signup_code: 'ABC',
      email: 'a@b.org',
      password: '  pass word  ',
      first_name: 'Thị Minh',
      last_name: 'Nguyễn',
    });
    expect(value(checkLogin({ email: 'a@b.org', password: ' x ' })).password).toBe(' x ');
  });

  it('reads missing fields as empty, so the service gives the spec message for the empty field', () => {
    expect(value(checkRegister({}))).toEqual({ signup_code: '', email: '', password: '', first_name: '', last_name: '' });
    expect(value(checkLogin(undefined))).toEqual({ email: '', password: '' });
    expect(value(checkResetRequest(null))).toBe('');
    expect(value(checkNewPassword({}))).toBe('');
  });

  it('refuses a body that is not an object of fields', () => {
    for (const body of NOT_OBJECTS) {
      expect(refusal(checkRegister(body))).toBe('All fields are required');
      expect(refusal(checkChangePassword(body))).toBe('Please enter your new password.');
      expect(refusal(checkLogin(body))).toMatch(/Invalid value/);
    }
  });

  it('refuses fields of the wrong kind and text holding NUL', () => {
    expect(refusal(checkRegister({ signup_code: 'A', email: { $ne: '' }, password: 'x', first_name: 'a', last_name: 'b' }))).toBe('All fields are required');
    expect(refusal(checkLogin({ email: ['a@b.org'], password: 'x' }))).toMatch(/Invalid value for email/);
    expect(refusal(checkLogin({ email: 'a@b.org', password: 'pass\u0000word' }))).toBe('Text may not contain the NUL character.');
    expect(refusal(checkNewPassword({ password: 12345678 }))).toMatch(/Invalid value for password/);
    expect(refusal(checkResetRequest({ email: 'a\u0000@b.org' }))).toBe('Text may not contain the NUL character.');
  });
});

describe('view as a student', () => {
  it('reads the student id as a positive whole number', () => {
    expect(value(checkViewAs({ studentId: 12 }))).toBe(12);
    expect(value(checkViewAs({ studentId: '12' }))).toBe(12);
  });
  it.each([[{}], [{ studentId: -1 }], [{ studentId: 0 }], [{ studentId: 1.5 }], [{ studentId: 'abc' }], [{ studentId: [] }], ['12'], [null]])(
    'refuses %j with a message',
    (body) => expect(refusal(checkViewAs(body))).toBe('Please choose a student.'),
  );
});

describe('profile payloads', () => {
  it('accepts only the product languages', () => {
    expect(value(checkLocale('es'))).toBe('es');
    for (const bad of ['EN', 'fr', '', 'en\u0000', ['en'], { locale: 'en' }, null]) {
      expect(refusal(checkLocale(bad))).toMatch(/^locale must be one of: en, es, vi, zh\.$/);
    }
  });
  it('refuses an enormous list of labels without reading every label', () => {
    const huge = new Array(1_000_000).fill('Term');
    expect(refusal(checkLabels(huge))).toBe('A plan may have at most 24 terms.');
    expect(refusal(checkLabels('9th Grade'))).toBe('academic_year_labels must be a list of term labels.');
  });
});

describe('API token payload', () => {
  it('defaults the lifetime and trims the name', () => {
    expect(value(checkApiTokenCreate({ name: ' Nightly sync ' }))).toEqual({ name: 'Nightly sync', expires_in_days: 90 });
    expect(value(checkApiTokenCreate({ name: 'x', expires_in_days: '30' })).expires_in_days).toBe(30);
  });
  it.each([
    [{ name: '' }, 'Please name the token (for example "Nightly SIS sync").'],
    [{ name: 'x'.repeat(101) }, 'The name is too long (100 characters at most).'],
    [{ name: 'x', expires_in_days: 366 }, 'The lifetime must be 1 to 365 days.'],
    [{ name: 'x', expires_in_days: 0 }, 'The lifetime must be 1 to 365 days.'],
    [{ name: 'x', expires_in_days: 1.5 }, 'The lifetime must be a whole number of days.'],
    [{ name: 'a\u0000b' }, 'Text may not contain the NUL character.'],
  ])('refuses %j', (body, message) => expect(refusal(checkApiTokenCreate(body))).toBe(message));
  it('refuses a lifetime that is not a number', () => {
    expect(refusal(checkApiTokenCreate({ name: 'x', expires_in_days: 'forever' }))).toMatch(/expires_in_days|lifetime/);
  });
});
