/**
 * The onboarding payloads (spec 3 §2-§4): student information, demographics, education goals and
 * the community-college application consent, as zod schemas with the spec's messages. Both
 * adapters parse with the `check…` functions and hand the service a `Checked` value; the service
 * raises a refusal after its permission checks (401/403 before 400).
 *
 * The order of the checks is the order of the form; the first problem is the one reported.
 */
import { because, type ReasonMessage } from '../../core/errors.js';
import { check, hasLoneSurrogate, hasNul, NUL_MESSAGE, parseInput, type Checked, z, zodMessage } from '../../core/validation.js';
import {
  CITIZENSHIP_OPTIONS,
  CONSENT_KEYS,
  FOSTER_CARE_AGE_OPTIONS,
  GENDER_OPTIONS,
  GRADE_OPTIONS,
  parseDob,
  RACE_ETHNICITY_OPTIONS,
  SIGNATURE_REQUIRED_MESSAGE,
  YES_NO,
  type ConsentKey,
} from '@planner/shared/student-info';
import type { Reason } from '@planner/shared';
import { PHONE_MAX_LENGTH, phoneNumber, textableNumber } from '@planner/shared/phone';

export const ONBOARDING_INPUT_MESSAGES = {
  grade: 'GRADE_REQUIRED',
  dob: 'DOB_INVALID',
  dobFuture: 'DOB_FUTURE',
  guardianFirstName: 'GUARDIAN_FIRST_NAME',
  guardianLastName: 'GUARDIAN_LAST_NAME',
  guardianPhone: 'GUARDIAN_PHONE',
  phoneNotMobile: 'PHONE_NOT_MOBILE',
  phoneCountry: (countries: readonly string[]) => because('PHONE_COUNTRY', { countries: countries.join(', ') }),
  tooLong: (field: string, max: number) => because('ANSWER_TOO_LONG', { field, max }),
  citizenship: 'CITIZENSHIP_REQUIRED',
  fosterCare: 'FOSTER_CARE_REQUIRED',
  fosterCareAge: 'FOSTER_CARE_AGE_REQUIRED',
  homelessness: 'HOMELESSNESS_REQUIRED',
  gender: 'GENDER_REQUIRED',
  raceEthnicity: because('RACE_ETHNICITY_INVALID', { options: RACE_ETHNICITY_OPTIONS.join('; ') }),
  edGoals: 'ED_GOALS_INVALID',
  consentBoolean: (key: string) => because('FIELD_NOT_BOOLEAN', { label: key }),
  signatureTooLong: 'ELECTRONIC_SIGNATURE_TOO_LONG',
} as const;

const M = ONBOARDING_INPUT_MESSAGES;

export interface StudentInfo {
  grade: string;
  dob: string;
  guardianFirstName: string;
  guardianLastName: string;
  guardianPhone: string;
}

export interface Demographics {
  citizenshipStatus: string;
  fosterCare: string;
  fosterCareAge: string | null;
  homelessness: string;
  gender: string;
  raceEthnicity: string[];
}

export type ConsentInput = Record<ConsentKey, boolean> & { electronicSignature: string };

type Issue = (why: Reason | ReasonMessage) => never;
const STOP = new Error('first problem reported');
/** The first problem is the one reported, so an issue ends the checks (back to the transform). */
const stopping =
  (ctx: z.RefinementCtx): Issue =>
  (why) => {
    ctx.addIssue({ code: 'custom', message: typeof why === 'string' ? why : zodMessage(why) });
    throw STOP;
  };
/** Runs the checks of one payload; an issue leaves the value unused (zod reports the failure). */
function firstProblem<T>(ctx: z.RefinementCtx, checks: (issue: Issue) => T): T {
  try {
    return checks(stopping(ctx));
  } catch (e) {
    if (e !== STOP) throw e;
    return z.NEVER;
  }
}

/** A body that is not an object (an array, text, nothing) is read as an empty one. */
const body = <T extends z.ZodRawShape>(shape: T) => z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}), z.object(shape));
const anything = () => z.unknown().optional();

/** A trimmed string, or '' for anything that is not a string or number. */
function str(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' ? v.trim() : '';
}

function requiredText(v: unknown, message: Reason, field: string, max: number, issue: Issue): string {
  const s = str(v);
  if (!s) issue(message);
  if (hasNul(s)) issue(NUL_MESSAGE);
  if (s.length > max) issue(M.tooLong(field, max));
  return s;
}

/** One of the options, matched without regard to case; answered as the option is spelt. */
function choice<T extends string>(v: unknown, options: readonly T[], message: Reason | ReasonMessage, issue: Issue): T {
  const s = str(v);
  return options.find((o) => o.toLowerCase() === s.toLowerCase()) ?? issue(message);
}

/**
 * `countries` are the district's (SMS_COUNTRIES): the guardian phone is where the consent link is
 * texted, so it must be a mobile number of one of them. `today` decides what "in the future" means
 * (a parameter so a test can fix it).
 */
export const studentInfoSchema = (countries: readonly string[], today = new Date()) =>
  body({ grade: anything(), dob: anything(), guardianFirstName: anything(), guardianLastName: anything(), guardianPhone: anything() }).transform((b, ctx): StudentInfo =>
    firstProblem(ctx, (issue: Issue) => {
      const grade = choice(b.grade, GRADE_OPTIONS, M.grade, issue);
      const dob = str(b.dob);
      if (!/^\d{8}$/.test(dob)) issue(M.dob);
      const parts = parseDob(dob);
      if (!parts || parts.year < 1900) issue(M.dob);
      const born = Date.UTC(parts.year, parts.month - 1, parts.day);
      if (born > Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) issue(M.dobFuture);
      const guardianFirstName = requiredText(b.guardianFirstName, M.guardianFirstName, 'parent or guardian first name', 100, issue);
      const guardianLastName = requiredText(b.guardianLastName, M.guardianLastName, 'parent or guardian last name', 100, issue);
      const guardianPhone = requiredText(b.guardianPhone, M.guardianPhone, 'parent or guardian phone number', PHONE_MAX_LENGTH, issue);
      // Kept as typed (the consent trail shows the number the student gave); the rule is the shared one.
      if (!phoneNumber(guardianPhone)) issue(M.guardianPhone);
      const textable = textableNumber(guardianPhone, countries);
      if (!textable.ok) issue(textable.reason === 'PHONE_COUNTRY' ? M.phoneCountry(countries) : M.phoneNotMobile);
      return { grade, dob, guardianFirstName, guardianLastName, guardianPhone };
    }),
  );

export const demographicsSchema = body({
  citizenshipStatus: anything(),
  fosterCare: anything(),
  fosterCareAge: anything(),
  homelessness: anything(),
  gender: anything(),
  raceEthnicity: anything(),
}).transform((b, ctx): Demographics =>
  firstProblem(ctx, (issue: Issue) => {
    const citizenshipStatus = choice(b.citizenshipStatus, CITIZENSHIP_OPTIONS, M.citizenship, issue);
    const fosterCare = choice(b.fosterCare, YES_NO, M.fosterCare, issue);
    // Asked (and required) only when foster care is yes; otherwise nothing is kept.
    const fosterCareAge = fosterCare === 'yes' ? choice(b.fosterCareAge, FOSTER_CARE_AGE_OPTIONS, M.fosterCareAge, issue) : null;
    const homelessness = choice(b.homelessness, YES_NO, M.homelessness, issue);
    const gender = choice(b.gender, GENDER_OPTIONS, M.gender, issue);
    const race = b.raceEthnicity ?? [];
    if (!Array.isArray(race)) issue(M.raceEthnicity);
    const chosen = new Set(race.map((r) => choice(r, RACE_ETHNICITY_OPTIONS, M.raceEthnicity, issue)));
    // Kept in the form's order, each once.
    const raceEthnicity = RACE_ETHNICITY_OPTIONS.filter((o) => chosen.has(o));
    return { citizenshipStatus, fosterCare, fosterCareAge, homelessness, gender, raceEthnicity };
  }),
);

/** The onboarding answers: one answer (text) or a list of 1 to 10, each trimmed, at most 500 characters. */
export const edGoalsSchema = z.unknown().transform((raw, ctx): string[] =>
  firstProblem(ctx, (issue: Issue) => {
    const list = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(list) || list.length < 1 || list.length > 10) issue(M.edGoals);
    const goals = list.map((g) => (typeof g === 'string' ? g.trim() : null));
    if (goals.some((g) => g === null || g.length > 500)) issue(M.edGoals);
    if (goals.some((g) => hasNul(g!))) issue(NUL_MESSAGE);
    if (goals.some((g) => hasLoneSurrogate(g!))) issue('TEXT_NOT_UNICODE');
    return goals as string[];
  }),
);

/** The consent boxes are kept as sent (true, false, their text, or left out as false); the signature is required. */
export const consentSchema = body({
  ...Object.fromEntries(CONSENT_KEYS.map((k) => [k, anything()])),
  electronicSignature: anything(),
}).transform((b, ctx): ConsentInput =>
  firstProblem(ctx, (issue: Issue) => {
    const out = {} as ConsentInput;
    for (const key of CONSENT_KEYS) {
      const v = (b as Record<string, unknown>)[key];
      if (v === undefined || v === null) out[key] = false;
      else if (typeof v === 'boolean') out[key] = v;
      else if (v === 'true' || v === 'false') out[key] = v === 'true';
      else issue(M.consentBoolean(key));
    }
    const signature = str(b.electronicSignature);
    if (!signature) issue(SIGNATURE_REQUIRED_MESSAGE);
    if (hasNul(signature)) issue(NUL_MESSAGE);
    if (signature.length > 200) issue(M.signatureTooLong);
    out.electronicSignature = signature;
    return out;
  }),
);

export const checkStudentInfo = (raw: unknown, countries: readonly string[], today?: Date): Checked<StudentInfo> =>
  check(() => parseInput(studentInfoSchema(countries, today), raw));
export const checkDemographics = (raw: unknown): Checked<Demographics> => check(() => parseInput(demographicsSchema, raw));
export const checkEdGoals = (raw: unknown): Checked<string[]> => check(() => parseInput(edGoalsSchema, raw));
export const checkConsent = (raw: unknown): Checked<ConsentInput> => check(() => parseInput(consentSchema, raw));
