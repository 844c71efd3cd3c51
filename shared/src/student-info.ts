/**
 * Student information, demographics, consent and onboarding rules shared word for word by the
 * server (which validates) and the client (which shows the options). Pure functions, no imports:
 * the client bundles this file too.
 */

/** Current Grade options of /student-info (spec 3 §9). */
export const GRADE_OPTIONS = ['8', '9', '10', '11', '12', 'college', 'other'] as const;

export const CITIZENSHIP_OPTIONS = ['US Citizen', 'Non US Citizen'] as const;
export const YES_NO = ['yes', 'no'] as const;
export const FOSTER_CARE_AGE_OPTIONS = ['current', 'after13', 'before13', 'unknown'] as const;
export const GENDER_OPTIONS = ['female', 'male', 'non-binary', 'decline'] as const;
export const RACE_ETHNICITY_OPTIONS = [
  'Hispanic or Latino',
  'Asian',
  'American Indian or Alaska Native',
  'Black or African American',
  'Native Hawaiian or Other Pacific Islander',
  'Middle Eastern or North African',
  'White',
] as const;

/** The consent booleans of the community-college application hand-off, in the form's order. */
export const CONSENT_KEYS = [
  'consentDataRelease',
  'consentCCCApply',
  'consentVerification',
  'consentPrivacyPolicy',
  'consentSubmitApplication',
  'consentFinancialAid',
  'consentTermsOfUse',
  'consentPathwayPlanner',
] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];

export const SIGNATURE_REQUIRED_MESSAGE = 'ELECTRONIC_SIGNATURE_REQUIRED';

/** The onboarding questions (/onboarding-questions), three steps. */
export const ONBOARDING_GRADE_OPTIONS = ['9th Grade', '10th Grade', '11th Grade', '12th Grade'] as const;
export const ONBOARDING_INTERESTS = [
  'graduating from high school',
  'taking advanced classes',
  'credit towards an AA degree',
  "credit towards a bachelor's degree",
  'maximum college credit',
] as const;
export const ONBOARDING_PRIOR_CLASSES = ['Math I', 'Math II', 'Spanish I', 'Spanish II', 'Spanish Speakers I', 'None of the above'] as const;

/** Multiple answers of one question are stored as one string joined by a comma and a space. */
export const joinAnswers = (answers: readonly string[]): string => answers.join(', ');

export interface DateParts {
  month: number;
  day: number;
  year: number;
}

function validParts(month: number, day: number, year: number): DateParts | null {
  if (!Number.isInteger(month) || !Number.isInteger(day) || !Number.isInteger(year)) return null;
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { month, day, year } : null;
}

/** A date of birth read as 8 digits MMDDYYYY, or as a date the platform can parse (e.g. 2010-03-14). */
export function parseDob(dob: string | null | undefined): DateParts | null {
  const s = (dob ?? '').trim();
  if (!s) return null;
  if (/^\d{8}$/.test(s)) return validParts(Number(s.slice(0, 2)), Number(s.slice(2, 4)), Number(s.slice(4, 8)));
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return validParts(Number(iso[2]), Number(iso[3]), Number(iso[1]));
  const t = Date.parse(s);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  return validParts(d.getMonth() + 1, d.getDate(), d.getFullYear());
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An HTML date input's value (YYYY-MM-DD) as the payload's MMDDYYYY; '' when not a date. */
export function dateInputToDob(value: string): string {
  const p = parseDob(value);
  return p ? `${pad2(p.month)}${pad2(p.day)}${String(p.year).padStart(4, '0')}` : '';
}

/** Generated Open CCC password: 'Lt' + MMDDYY of birth + '!', or 'LtMMDDYY!' when the date is missing or unparseable. */
export function openCccPassword(dob: string | null | undefined): string {
  const p = parseDob(dob);
  if (!p) return 'LtMMDDYY!';
  return `Lt${pad2(p.month)}${pad2(p.day)}${pad2(p.year % 100)}!`;
}

/** Graduation year: the current year plus (13 minus grade), the grade read as a whole number (0 when it is not one). */
export function graduationYear(grade: string | number | null | undefined, now: Date = new Date()): number {
  const n = Number.parseInt(String(grade ?? ''), 10);
  return now.getFullYear() + (13 - (Number.isNaN(n) ? 0 : n));
}
