/**
 * One users.csv row as the person the import saves, or the reason it cannot be saved. Pure: the
 * reader hands each row as a `get(column)` of trimmed values; schools, existing accounts and
 * repeats within the file are the stager's and the saver's business.
 *
 * Decisions: `password` is never read. An empty email takes the username when that is an email
 * address (districts often sign in with it); a row without either can still update or deactivate
 * the account of its sourcedId, but cannot create one (the saver says so). A deactivating row
 * needs only its sourcedId.
 */
import { looksLikeEmail } from '@planner/shared/password';
import { UserType } from '../../accounts/user.entity.js';
import { idList, isActive, productGrade, userTypeOfRole } from './spec.js';
import { because, type ReasonMessage } from '../../../core/errors.js';

export interface RosterPerson {
  line: number;
  /** Empty only in the product's own students CSV, where it is optional. */
  sourcedId: string;
  givenName: string;
  familyName: string;
  /** Lower case; empty when the file gives none. */
  email: string;
  userType: UserType;
  grade: string | null;
  active: boolean;
  /** Parents: the sourcedIds of their students (agentSourcedIds). */
  agents: string[];
  /** The orgs the person belongs to (orgSourcedIds in 1.1, roles.csv in 1.2), in the file's order. */
  orgs: string[];
}

export type RowResult = { person: RosterPerson } | { error: ReasonMessage };
export type Get = (column: string) => string;

export const ROW_MESSAGES = {
  sourcedIdRequired: because('ROW_SOURCED_ID_REQUIRED'),
  namesRequired: because('ROW_NAMES_REQUIRED'),
  tooLong: because('ROW_TOO_LONG'),
  badEmail: because('ROW_EMAIL_INVALID'),
  onlyStudents: because('ROW_ONLY_STUDENTS'),
  badGrade: because('ROW_GRADE_INVALID'),
  noRole: because('ROW_NO_ROLE'),
  role: (role: string) => because('ROW_ROLE_NOT_IMPORTED', { role }),
} as const;

const tooLong = (p: Pick<RosterPerson, 'sourcedId' | 'givenName' | 'familyName' | 'email'>) =>
  p.givenName.length > 100 || p.familyName.length > 100 || p.sourcedId.length > 255 || p.email.length > 254;

/** The product's own students CSV (sourcedId, givenName, familyName, email, grade; role optional). */
export function legacyRow(get: Get, line: number, hasRole: boolean): RowResult {
  const person: RosterPerson = {
    line,
    sourcedId: get('sourcedid'),
    givenName: get('givenname'),
    familyName: get('familyname'),
    email: get('email').toLowerCase(),
    userType: UserType.Student,
    grade: null,
    active: true,
    agents: [],
    orgs: [],
  };
  const role = hasRole ? get('role') : '';
  if (role && role.toLowerCase() !== 'student') return { error: ROW_MESSAGES.onlyStudents };
  if (!person.givenName || !person.familyName) return { error: ROW_MESSAGES.namesRequired };
  if (tooLong(person)) return { error: ROW_MESSAGES.tooLong };
  if (!looksLikeEmail(person.email)) return { error: ROW_MESSAGES.badEmail };
  const grade = legacyGrade(get('grade'));
  if (grade === undefined) return { error: ROW_MESSAGES.badGrade };
  person.grade = grade;
  return { person };
}

/** "09" -> "9", "KG" -> "K", "" -> null; undefined when it is not a grade (the students CSV's rule). */
export function legacyGrade(raw: string): string | null | undefined {
  const g = raw.trim().toUpperCase();
  if (!g) return null;
  if (g === 'KG' || g === 'K') return 'K';
  if (!/^\d{1,2}$/.test(g)) return undefined;
  const n = Number(g);
  return n >= 1 && n <= 12 ? String(n) : undefined;
}

/**
 * A OneRoster users.csv row. `role` and `orgs` come from the row itself in 1.1, from roles.csv in
 * 1.2 (null: roles.csv names no role for this user).
 */
export function oneRosterRow(get: Get, line: number, role: { role: string; orgs: string[] } | null): RowResult {
  const sourcedId = get('sourcedId');
  if (!sourcedId) return { error: ROW_MESSAGES.sourcedIdRequired };
  const active = isActive(get('status'), get('enabledUser'));
  let email = get('email').toLowerCase();
  const username = get('username').toLowerCase();
  if (!email && looksLikeEmail(username)) email = username;
  const givenName = get('givenName');
  const familyName = get('familyName');
  if (tooLong({ sourcedId, givenName, familyName, email })) return { error: ROW_MESSAGES.tooLong };
  if (email && !looksLikeEmail(email)) return { error: ROW_MESSAGES.badEmail };
  if (!role) {
    // Deactivating needs no role: the account is found by its sourcedId.
    if (!active) return { person: { line, sourcedId, givenName, familyName, email, userType: UserType.Student, grade: null, active, agents: [], orgs: [] } };
    return { error: ROW_MESSAGES.noRole };
  }
  const userType = userTypeOfRole(role.role);
  if (userType === null) return { error: ROW_MESSAGES.role(role.role) };
  if (active && (!givenName || !familyName)) return { error: ROW_MESSAGES.namesRequired };
  // Fields written out, not spread: V8 keeps spread copies made per row past young-generation
  // collections (measured: the heap of a 50,000-row import grew by about 70 MB of garbage).
  return {
    person: {
      line,
      sourcedId,
      givenName,
      familyName,
      email,
      userType,
      grade: userType === UserType.Student ? productGrade(get('grades')) : null,
      active,
      agents: userType === UserType.Parent ? idList(get('agentSourcedIds')) : [],
      orgs: role.orgs,
    },
  };
}
