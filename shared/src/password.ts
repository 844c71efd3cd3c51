/**
 * Account rules shared word for word by the server (which enforces them) and the client (which
 * shows them live); a broken rule is named by its reason code (REASONS). Pure functions, no imports: the client bundles this file too.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for pass-phrases; bounded so hashing cost stays bounded. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIALS = '!@#$%^&*';
/** The reason (@planner/shared REASONS) of a password that breaks the rules below. */
export const PASSWORD_RULES_MESSAGE = 'PASSWORD_RULES';
/**
 * The server also refuses the most common passwords (server/src/modules/accounts/common-passwords.txt,
 * about 20,000 entries: too big for the client bundle, so the live tooltip cannot check it and the sign-up and
 * reset forms show this message from the server instead).
 */
export const COMMON_PASSWORD_MESSAGE = 'PASSWORD_COMMON';

/** Whether `password` is on the list of common passwords (compared case-insensitively, trimmed). */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  return common.has(password.trim().toLowerCase());
}

export interface PasswordCheck {
  key: 'length' | 'upper' | 'lower' | 'digit' | 'special' | 'name';
  label: string;
  ok: boolean;
}

/** Each rule with whether the password meets it, in the order the sign-up tooltip lists them. */
export function passwordChecks(password: string, firstName = '', lastName = ''): PasswordCheck[] {
  const lower = password.toLowerCase();
  const first = firstName.trim().toLowerCase();
  const last = lastName.trim().toLowerCase();
  // The name rule passes when either name is empty (spec 1 §5).
  const nameOk = !first || !last || (!lower.includes(first) && !lower.includes(last));
  return [
    { key: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, ok: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH },
    { key: 'upper', label: 'An uppercase letter', ok: /[A-Z]/.test(password) },
    { key: 'lower', label: 'A lowercase letter', ok: /[a-z]/.test(password) },
    { key: 'digit', label: 'A number', ok: /[0-9]/.test(password) },
    { key: 'special', label: `A special character (${PASSWORD_SPECIALS.split('').join(' ')})`, ok: /[!@#$%^&*]/.test(password) },
    { key: 'name', label: 'Does not contain your first or last name', ok: nameOk },
  ];
}

export function passwordMeetsRules(password: string, firstName = '', lastName = ''): boolean {
  return passwordChecks(password, firstName, lastName).every((c) => c.ok);
}

export const SIGNUP_CODE_MIN_LENGTH = 3;
export const SIGNUP_CODE_REQUIRED = 'SIGNUP_CODE_REQUIRED';
export const SIGNUP_CODE_TOO_SHORT = 'SIGNUP_CODE_TOO_SHORT';

/** The reason (REASONS code) a sign-up code may not be sent, or null when it may. */
export function signupCodeProblem(code: string): typeof SIGNUP_CODE_REQUIRED | typeof SIGNUP_CODE_TOO_SHORT | null {
  if (!code) return SIGNUP_CODE_REQUIRED;
  if (code.trim().length < SIGNUP_CODE_MIN_LENGTH) return SIGNUP_CODE_TOO_SHORT;
  return null;
}

/**
 * A plain shape check of printable ASCII only; deliverability is proven by the reset email, not
 * here. ASCII only: an address with a look-alike letter (Cyrillic о, a Kelvin sign) is refused
 * rather than stored beside the account it imitates.
 */
export function looksLikeEmail(email: string): boolean {
  return /^[\x21-\x3f\x41-\x7e]+@[\x21-\x3f\x41-\x7e]+\.[\x21-\x3f\x41-\x7e]+$/.test(email.trim()) && email.length <= 254;
}

/**
 * An address as accounts store it: NFKC-normalised (a full-width ｒｉｌｅｙ＠… typed through an
 * input method is riley@…), trimmed and lower-cased; null when that is not a plain ASCII address.
 * So two accounts never differ only by compatibility characters. (Single sign-on is stricter: a
 * provider's address must already be ASCII as sent, identity/sso.policy.ts.)
 */
export function accountEmail(typed: string): string | null {
  const email = typed.normalize('NFKC').trim().toLowerCase();
  return looksLikeEmail(email) ? email : null;
}
