import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, makeT, setCurrentLocale } from '../../i18n/core';
import { signUpErrorMessage } from './signUpErrors';

const t = makeT('en');

beforeAll(() => loadCatalogue('es'));
afterEach(() => setCurrentLocale('en'));

describe('sign-up error catalogue', () => {
  it('words the known refusals by their reason, whatever the server wrote', () => {
    expect(signUpErrorMessage(t, { serverText: 'Invalid sign-up code.', reason: 'INVALID_SIGNUP_CODE' })).toBe(
      'The sign-up code you entered is not valid. Please check the code and try again.',
    );
    expect(signUpErrorMessage(t, { serverText: 'Some reworded text.', reason: 'EMAIL_EXISTS' })).toBe(
      'An account with this email address already exists. Please use a different email or sign in instead.',
    );
    expect(signUpErrorMessage(t, { serverText: 'All fields are required', reason: 'ALL_FIELDS_REQUIRED' })).toBe('Please fill in all required fields.');
    // The English alone, without its reason, is not matched.
    expect(signUpErrorMessage(t, { serverText: 'Invalid sign-up code.' })).toBe('Invalid sign-up code.');
  });
  it('shows any other refusal by its reason: the server text in English, the catalogue text in Spanish', () => {
    const info = { serverText: 'Your password does not meet the requirements.', reason: 'PASSWORD_RULES' };
    expect(signUpErrorMessage(t, info)).toBe('Your password does not meet the requirements.');
    setCurrentLocale('es');
    expect(signUpErrorMessage(makeT('es'), info)).toBe('Su contraseña no cumple con los requisitos.');
  });
  it('falls back on the status when there is no text', () => {
    expect(signUpErrorMessage(t, { status: 400 })).toBe('Please check your information and try again.');
    expect(signUpErrorMessage(t, { status: 500 })).toBe('Server error. Please try again later.');
    expect(signUpErrorMessage(t, { status: 502 })).toBe('An error occurred. Please try again later.');
    expect(signUpErrorMessage(t, {})).toBe('An error occurred. Please try again later.');
  });
});
