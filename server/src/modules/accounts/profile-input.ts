/**
 * The profile payloads: the interface language, the ordered term labels and a parent's contact
 * preference. Parsed by the adapters (and by the plan's term edits, which store the same list); the
 * service receives a `Checked` value.
 */
import { CONTACT_PREFERENCES, MAX_LABEL_LENGTH, type ContactPreference } from '@planner/shared';
import { DEFAULT_SMS_COUNTRIES, phoneNumber, textableNumber } from '@planner/shared/phone';
import { badInput, because } from '../../core/errors.js';
import { check, hasLoneSurrogate, hasNul, NUL_MESSAGE, parseInput, type Checked, z, zodMessage } from '../../core/validation.js';
import { LOCALES, type Locale } from './user.entity.js';

export const MAX_TERMS = 24;
export { MAX_LABEL_LENGTH };

export const checkLocale = (raw: unknown): Checked<Locale> =>
  check(() => {
    if (typeof raw !== 'string' || !(LOCALES as readonly string[]).includes(raw)) {
      throw badInput(because('LOCALE_INVALID', { locales: LOCALES.join(', ') }));
    }
    return raw as Locale;
  });

/** Accepts the spec's list, or a map of position to label; every label non-empty and distinct. */
export function parseLabels(raw: unknown): string[] {
  let list: unknown = raw;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    list = Object.entries(raw as Record<string, unknown>)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  if (!Array.isArray(list)) throw badInput(because('TERM_LABELS_NOT_LIST'));
  // Checked before the labels are read: a list of a million entries is refused, not walked.
  if (list.length > MAX_TERMS) throw badInput(because('TOO_MANY_TERMS', { max: MAX_TERMS }));
  const labels = list.map((l) => (typeof l === 'string' ? l.trim() : ''));
  if (labels.some((l) => !l)) throw badInput(because('TERM_LABEL_MISSING'));
  if (labels.some(hasNul)) throw badInput(because(NUL_MESSAGE));
  // Stored as JSON: PostgreSQL refuses the escape of half a character pair.
  if (labels.some(hasLoneSurrogate)) throw badInput(because('TEXT_NOT_UNICODE'));
  if (labels.some((l) => l.length > MAX_LABEL_LENGTH)) throw badInput(because('TERM_LABEL_TOO_LONG', { max: MAX_LABEL_LENGTH }));
  if (new Set(labels.map((l) => l.toLowerCase())).size !== labels.length) throw badInput(because('TERM_LABELS_NOT_UNIQUE'));
  return labels;
}

export const checkLabels = (raw: unknown): Checked<string[]> => check(() => parseLabels(raw));

/**
 * A parent's contact preference (REST's snake_case names; GraphQL's arguments are mapped to them).
 * The phone is the shared phone rule's (the guardian phone's): a mobile number of the district's
 * countries (SMS_COUNTRIES, `countries`), saved in E.164 (+12015550123); left out, the saved phone
 * stays; null or empty, it is removed. Whether 'sms' has a phone to go to depends on the saved one,
 * so the service checks that (SMS_PHONE_REQUIRED).
 */
const contactSchema = (countries: readonly string[]) =>
  z.object({
    contact_preference: z
      .enum(CONTACT_PREFERENCES, { error: 'CONTACT_PREFERENCE_INVALID' })
      .meta({ description: "'email' (the default) or 'sms': a text message to `phone`." }),
    phone: z
      .string({ error: 'PHONE_INVALID' })
      .nullable()
      .optional()
      .transform((typed, ctx) => {
        if (typed === undefined) return undefined;
        if (typed === null || !typed.trim()) return null;
        if (!phoneNumber(typed)) {
          ctx.addIssue({ code: 'custom', message: 'PHONE_INVALID' });
          return z.NEVER;
        }
        const textable = textableNumber(typed, countries);
        if (textable.ok) return textable.number;
        const message = textable.reason === 'PHONE_COUNTRY' ? zodMessage(because('PHONE_COUNTRY', { countries: countries.join(', ') })) : 'PHONE_NOT_MOBILE';
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      })
      .meta({
        description:
          "Mobile number for texts, of the district's countries (SMS_COUNTRIES): 10 to 15 digits, spaces, dashes, dots, brackets and a leading + allowed; saved in E.164. Left out, the saved one stays; null or empty removes it.",
      }),
  });

export interface ContactInput {
  contactPreference: ContactPreference;
  /** undefined: keep the saved phone; null: remove it. */
  phone: string | null | undefined;
}

export const checkContact = (raw: unknown, countries: readonly string[]): Checked<ContactInput> =>
  check(() => {
    const { contact_preference, phone } = parseInput(contactSchema(countries), raw, because('CONTACT_PREFERENCE_INVALID'));
    return { contactPreference: contact_preference, phone };
  });

/** The schema, for the API description (the same one that validates). */
export const PROFILE_SCHEMAS = { contactSchema: contactSchema(DEFAULT_SMS_COUNTRIES) } as const;
