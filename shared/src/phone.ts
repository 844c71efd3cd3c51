/**
 * The one phone-number rule: the guardian phone of student information and a parent's own number
 * for texts, checked when a number is typed and again when a text is sent.
 *
 * Two steps: `phoneNumber`, the shape of what was typed (pure: digits and punctuation, 10 to 15
 * digits), then `textableNumber`, whether a text may go there, by libphonenumber-js (maintained,
 * the numbering plans of every country): a mobile number of one of the district's countries
 * (SMS_COUNTRIES). It refuses premium-rate, toll-free, shared-cost and short codes, international
 * networks such as +882, and numbers of another country, so a typed number cannot make the school
 * pay for texts to a number that bills per message (SMS pumping).
 *
 * Bundle size: the check reads libphonenumber-js's "mobile" metadata, the smallest that tells a
 * mobile number from a premium-rate one (about 35 KB gzipped; "min" cannot tell them apart, "max"
 * is 50 KB). Only the server imports this module today: the screens send what was typed and show
 * the server's reason. A screen that wants to check first must be a lazily loaded page, never the
 * landing page's bundle (kept under 100 KB gzipped).
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';

/** The fewest and most digits a phone number may have (E.164 allows 15; 10 is a US number without its country code). */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** Longer than any number written with spaces, dashes and brackets: beyond it the text is not read. */
export const PHONE_MAX_LENGTH = 30;

/** The countries texts may go to when SMS_COUNTRIES is not set. */
export const DEFAULT_SMS_COUNTRIES: readonly string[] = ['US'];

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

/** An ISO country code libphonenumber-js knows ('US', 'CA', 'PR'), for SMS_COUNTRIES. */
export function isPhoneCountry(code: string): boolean {
  return isSupportedCountry(code);
}

/**
 * Why a text may not go to a number (codes of REASONS): PHONE_NOT_MOBILE, not a number or not a
 * mobile one (premium-rate, toll-free, a fixed line where the country tells them apart, an
 * unassigned area code); PHONE_COUNTRY, a number of a country outside the district's.
 */
export type TextRefusal = 'PHONE_NOT_MOBILE' | 'PHONE_COUNTRY';

export type Textable = { ok: true; number: string } | { ok: false; reason: TextRefusal };

/**
 * Whether a text may go to `typed`: answers the number in E.164 ('+12015550123'), or the reason it
 * may not. A number without + is read as one of the first of `countries` (the district's own).
 */
export function textableNumber(typed: string, countries: readonly string[]): Textable {
  const allowed = countries.filter((c) => isSupportedCountry(c));
  const shaped = phoneNumber(typed);
  if (!shaped) return { ok: false, reason: 'PHONE_NOT_MOBILE' };
  if (!allowed.length) return { ok: false, reason: 'PHONE_COUNTRY' };
  const parsed = parsePhoneNumberFromString(shaped, { defaultCountry: allowed[0] as CountryCode });
  if (!parsed) return { ok: false, reason: 'PHONE_NOT_MOBILE' };
  // The country calling code first: '+44 20…' is "another country", whatever kind of line it is.
  if (!allowed.some((c) => getCountryCallingCode(c as CountryCode) === parsed.countryCallingCode)) return { ok: false, reason: 'PHONE_COUNTRY' };
  // With the mobile metadata, valid means a mobile number (or one a country does not tell from a fixed line, as in the US).
  if (!parsed.isValid()) return { ok: false, reason: 'PHONE_NOT_MOBILE' };
  // +1 is shared by the US, Canada, Puerto Rico and others: the area code says which.
  if (!parsed.country || !allowed.includes(parsed.country)) return { ok: false, reason: 'PHONE_COUNTRY' };
  return { ok: true, number: parsed.number };
}
