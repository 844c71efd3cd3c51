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
  it("shows the district's refusals of a student or staff sign-up, translated by their reason", () => {
    const district = {
      serverText: 'Students and staff do not sign up with a password here: they sign in with the district button on the Sign In page.',
      reason: 'SIGN_UP_DISTRICT_SIGN_IN',
      status: 403,
    };
    const domain = {
      serverText: 'Students and staff sign up with their school email address (lincoln.example).',
      reason: 'SIGN_UP_EMAIL_DOMAIN',
      params: { domains: 'lincoln.example' },
      status: 400,
    };
    expect(signUpErrorMessage(t, district)).toBe(district.serverText);
    expect(signUpErrorMessage(t, domain)).toBe(domain.serverText);
    setCurrentLocale('es');
    expect(signUpErrorMessage(makeT('es'), district)).toBe(
      'Los estudiantes y el personal no se registran aquí con una contraseña: inician sesión con el botón del distrito en la página de inicio de sesión.',
    );
    expect(signUpErrorMessage(makeT('es'), domain)).toBe('Los estudiantes y el personal se registran con su correo electrónico escolar (lincoln.example).');
  });
  it('falls back on the status when there is no text', () => {
    expect(signUpErrorMessage(t, { status: 400 })).toBe('Please check your information and try again.');
    expect(signUpErrorMessage(t, { status: 500 })).toBe('Server error. Please try again later.');
    expect(signUpErrorMessage(t, { status: 502 })).toBe('An error occurred. Please try again later.');
    expect(signUpErrorMessage(t, {})).toBe('An error occurred. Please try again later.');
  });
});
