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
export const APPLICATION_STATUSES = ['not_started', 'in_progress', 'complete', 'accepted', 'enrolled', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The languages of the interface; the first is the default. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
