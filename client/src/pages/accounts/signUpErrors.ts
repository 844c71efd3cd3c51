/** The sign-up error catalogue of platform §8: server texts mapped to what the person reads. */
import type { ErrorInfo } from '../../graphql/errors';

const KNOWN: Record<string, string> = {
  'Invalid sign-up code.': 'The sign-up code you entered is not valid. Please check the code and try again.',
  'A user with this email already exists.':
    'An account with this email address already exists. Please use a different email or sign in instead.',
  'All fields are required': 'Please fill in all required fields.',
};

export function signUpErrorMessage({ serverText, status }: ErrorInfo): string {
  if (serverText) return KNOWN[serverText] ?? serverText;
  if (status === 400) return 'Please check your information and try again.';
  if (status === 500) return 'Server error. Please try again later.';
  return 'An error occurred. Please try again later.';
}
