import { describe, expect, it } from 'vitest';
import { signUpErrorMessage } from './signUpErrors';

describe('sign-up error catalogue', () => {
  it('maps the known server texts', () => {
    expect(signUpErrorMessage({ serverText: 'Invalid sign-up code.' })).toBe(
      'The sign-up code you entered is not valid. Please check the code and try again.',
    );
    expect(signUpErrorMessage({ serverText: 'A user with this email already exists.' })).toBe(
      'An account with this email address already exists. Please use a different email or sign in instead.',
    );
    expect(signUpErrorMessage({ serverText: 'All fields are required' })).toBe('Please fill in all required fields.');
  });
  it('shows any other server text as is', () => {
    expect(signUpErrorMessage({ serverText: 'Your password does not meet the requirements.' })).toBe(
      'Your password does not meet the requirements.',
    );
  });
  it('falls back on the status when there is no text', () => {
    expect(signUpErrorMessage({ status: 400 })).toBe('Please check your information and try again.');
    expect(signUpErrorMessage({ status: 500 })).toBe('Server error. Please try again later.');
    expect(signUpErrorMessage({ status: 502 })).toBe('An error occurred. Please try again later.');
    expect(signUpErrorMessage({})).toBe('An error occurred. Please try again later.');
  });
});
