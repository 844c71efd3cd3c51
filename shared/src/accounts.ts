/**
 * Account values that cross the wire, defined once for the server (entities, services, REST) and
 * the client (screens, routing).
 */

/**
 * user_type of the spec: 1 student, 2 teacher or admin, 3 parent, 4 baseline-plan record. REST and
 * the database carry the numbers; GraphQL exposes the names (enum UserType).
 */
export enum UserType {
  Student = 1,
  Staff = 2,
  Parent = 3,
  BaselinePlan = 4,
}

/** Dual School application statuses as stored, in the order of the application's life. */
export const APPLICATION_STATUSES = ['not_started', 'in_progress', 'complete', 'accepted', 'enrolled', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** CCCApply hand-off statuses as stored (users.ccc_apply_status); a student without one reads "Not Set". */
export const CCC_APPLY_STATUSES = ['consent_signed', 'account_created'] as const;
export type CccApplyStatus = (typeof CCC_APPLY_STATUSES)[number];

/** Parent consent form states as stored (a student without a form has none): the consent form's own list. */
export { CONSENT_STATES as CONSENT_FORM_STATES, type ConsentState as ConsentFormState } from './consent-form.js';

/** The languages of the interface, of the server's emails and texts and of users.locale; the first is the default. */
export const LOCALES = ['en', 'es', 'vi', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

/** How a parent hears of their student's plan review (users.contact_preference): an email, or a text to their phone; the first is the default. */
export const CONTACT_PREFERENCES = ['email', 'sms'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];
