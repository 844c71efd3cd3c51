/**
 * The one phone-number rule: the guardian phone of student information and a parent's own number
 * for texts. Pure, no imports: the client bundles this file too.
 */

/** The fewest and most digits a phone number may have (E.164 allows 15; 10 is a US number without its country code). */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** Longer than any number written with spaces, dashes and brackets: beyond it the text is not read. */
export const PHONE_MAX_LENGTH = 30;

/**
 * The number as digits with its leading + (if typed with one), or null when it is not a phone
 * number: only digits, spaces, dots, dashes and brackets, a + only in front, 10 to 15 digits.
 * '(555) 123-4567' gives '5551234567'; '+44 20 7946 0958' gives '+442079460958'.
 */
export function phoneNumber(typed: string): string | null {
  const s = typed.trim();
  if (!s || s.length > PHONE_MAX_LENGTH || !/^\+?[0-9().\-\s]+$/.test(s)) return null;
  const digits = s.replace(/\D/g, '');
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return null;
  return (s.startsWith('+') ? '+' : '') + digits;
}
