/**
 * The rules of text messages. A text costs the school money and arrives under its name, so a
 * number someone typed must not make it text anyone, anywhere, any number of times (SMS pumping:
 * premium-rate or foreign numbers that pay their owner per message received).
 *
 * - Where: a mobile number of the district's countries (SMS_COUNTRIES), by the shared phone rule
 *   (@planner/shared/phone). Checked where a number is typed (the guardian phone, a parent's
 *   contact preference), when a text is queued, and again before it is handed to the gateway (a
 *   number stored before the rule, or SMS_COUNTRIES narrowed since, is not texted).
 * - How many: per school and per destination number, per day (SMS_LIMIT_PER_SCHOOL,
 *   SMS_LIMIT_PER_NUMBER), counted in the database (core/rate-limit.ts's buckets) in the
 *   transaction that queues the text, so every replica agrees and a rolled-back request counts nothing.
 * - What: a text to a guardian's or a parent's number carries the school's name (set by staff) and
 *   a link, never words a student typed (messages/catalogue.en.ts, "Texts").
 *
 * A refused text is not sent: its outbox row is 'failed' with the reason (for staff on the outbox
 * page) and a log line says so, by ids only. The request that queued it goes on: the student's
 * signature still counts, the counselor's decision is still saved.
 */
import type { EntityManager } from 'typeorm';
import { reasonText } from '@planner/shared';
import { textableNumber } from '@planner/shared/phone';
import { withinLimit } from '../../core/rate-limit.js';

export interface SmsRules {
  /** ISO codes of the countries texts may go to. */
  countries: readonly string[];
  /** Texts one school may queue per day. */
  perSchoolPerDay: number;
  /** Texts one number may be sent per day, whichever school sends them. */
  perNumberPerDay: number;
}

/** The limits' window: a day from the first text counted. */
export const SMS_WINDOW_SECONDS = 24 * 60 * 60;
/** How the limits' buckets are named in rate_limit_buckets (retention keeps them a whole window). */
export const SMS_BUCKET_PREFIX = 'sms per ';

/** Where a text may go: the number in E.164, or why not (the outbox's last error). */
export function smsDestination(recipient: string, rules: Pick<SmsRules, 'countries'>): { to: string } | { refusal: string } {
  const checked = textableNumber(recipient, rules.countries);
  return checked.ok ? { to: checked.number } : { refusal: reasonText('SMS_NOT_TEXTABLE', { countries: rules.countries.join(', ') }) };
}

/**
 * Whether a text to `recipient` for `schoolId` may be queued: counts it against the daily limits
 * (the number's first, so a number at its limit does not use up the school's); answers the reason
 * it may not, or null.
 */
export async function smsRefusal(m: EntityManager, rules: SmsRules, recipient: string, schoolId: number | null): Promise<string | null> {
  const destination = smsDestination(recipient, rules);
  if ('refusal' in destination) return destination.refusal;
  const perNumber = { name: `${SMS_BUCKET_PREFIX}number`, limit: rules.perNumberPerDay, windowSeconds: SMS_WINDOW_SECONDS };
  if (!(await withinLimit(m, perNumber, destination.to))) return reasonText('SMS_NUMBER_LIMIT', { limit: String(rules.perNumberPerDay) });
  const perSchool = { name: `${SMS_BUCKET_PREFIX}school`, limit: rules.perSchoolPerDay, windowSeconds: SMS_WINDOW_SECONDS };
  if (!(await withinLimit(m, perSchool, String(schoolId ?? 'none')))) return reasonText('SMS_SCHOOL_LIMIT', { limit: String(rules.perSchoolPerDay) });
  return null;
}
