/**
 * The OneRoster CSV tables this import reads, as the 1EdTech specification names their columns
 * (OneRoster v1.1 CSV Tables, users.csv / orgs.csv / manifest.csv; OneRoster v1.2 CSV Tables,
 * users.csv / roles.csv / orgs.csv / manifest.csv), and how their vocabularies map onto the
 * product's: roles to user types, grades to the product's grades. Pure: no I/O.
 *
 * Sources: the 1EdTech OneRoster 1.1 and 1.2 CSV binding documents (the column lists below are
 * theirs, in their order); the 1.2 change that moved `role` and `orgSourcedIds` from users.csv to
 * roles.csv (`userSourcedId, roleType, role, orgSourcedId`); the grade vocabulary of the CEDS
 * entry-grade-level code set the specification refers to (IT, PR, PK, TK, KG, 01-13, PS, UG, Other).
 */
import { UserType } from '../../accounts/user.entity.js';

export const USERS_11 = [
  'sourcedId',
  'status',
  'dateLastModified',
  'enabledUser',
  'orgSourcedIds',
  'role',
  'username',
  'userIds',
  'givenName',
  'familyName',
  'middleName',
  'identifier',
  'email',
  'sms',
  'phone',
  'agentSourcedIds',
  'grades',
  'password',
] as const;

export const USERS_12 = [
  'sourcedId',
  'status',
  'dateLastModified',
  'enabledUser',
  'username',
  'userIds',
  'givenName',
  'familyName',
  'middleName',
  'identifier',
  'email',
  'sms',
  'phone',
  'agentSourcedIds',
  'grades',
  'password',
  'userMasterIdentifier',
  'resourceSourcedIds',
  'preferredGivenName',
  'preferredMiddleName',
  'preferredFamilyName',
  'primaryOrgSourcedId',
  'pronouns',
] as const;

export const ROLES_12 = [
  'sourcedId',
  'status',
  'dateLastModified',
  'userSourcedId',
  'roleType',
  'role',
  'beginDate',
  'endDate',
  'orgSourcedId',
  'userProfileSourcedId',
] as const;

export const ORGS = ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'] as const;

export const MANIFEST = ['propertyName', 'value'] as const;

/** The columns this import needs in each table (the others are read when present, or ignored). */
export const REQUIRED = {
  'users-1.1': ['sourcedId', 'role', 'givenName', 'familyName', 'email'],
  'users-1.2': ['sourcedId', 'givenName', 'familyName', 'email'],
  roles: ['userSourcedId', 'role', 'orgSourcedId'],
  orgs: ['sourcedId', 'name'],
  manifest: ['propertyName', 'value'],
} as const;

export type OneRosterVersion = '1.1' | '1.2';
export type UsersFormat = 'csv' | 'users-1.1' | 'users-1.2';

/** Columns only 1.2's users.csv has; 1.1's `role` and `orgSourcedIds` moved to roles.csv in 1.2. */
const ONLY_12 = ['userMasterIdentifier', 'resourceSourcedIds', 'preferredGivenName', 'preferredMiddleName', 'preferredFamilyName', 'primaryOrgSourcedId', 'pronouns'];
const ONE_ROSTER_MARKS = ['enabledUser', 'orgSourcedIds', 'grades', 'agentSourcedIds', 'userIds', ...ONLY_12];

/**
 * Which users table a header is: the product's own students CSV (`grade`, no OneRoster column),
 * OneRoster 1.1 (`role` in users.csv) or 1.2 (no `role`, or a 1.2-only column). Names are matched
 * exactly, as the specification spells them.
 */
export function detectUsersFormat(header: readonly string[]): UsersFormat {
  const has = (c: string) => header.includes(c);
  if (!ONE_ROSTER_MARKS.some(has)) return 'csv';
  if (ONLY_12.some(has) || !has('role')) return 'users-1.2';
  return 'users-1.1';
}

/** The required columns a header lacks, in the specification's order. */
export function missingColumns(header: readonly string[], required: readonly string[]): string[] {
  return required.filter((c) => !header.includes(c));
}

const STUDENT = ['student'];
const STAFF = [
  'teacher',
  'administrator',
  'aide',
  // 1.2 splits administrator into these, and adds counselor and principal: school staff all the same.
  'counselor',
  'principal',
  'siteAdministrator',
  'districtAdministrator',
  'systemAdministrator',
];
const PARENT = ['parent', 'guardian', 'relative'];

/** A OneRoster role as a user type; null for a role the product has no account for (e.g. proctor). */
export function userTypeOfRole(role: string): UserType | null {
  if (STUDENT.includes(role)) return UserType.Student;
  if (STAFF.includes(role)) return UserType.Staff;
  if (PARENT.includes(role)) return UserType.Parent;
  return null;
}

/**
 * A student's grade as the product keeps it: "01".."12" (or "1".."12") as the number, KG as K,
 * 13 and PS (postsecondary) as college, anything else (IT, PR, PK, TK, UG, Other, unknown) as
 * other; empty as unset. Several grades: the first one is the student's.
 */
export function productGrade(grades: string): string | null {
  const first = grades
    .split(',')
    .map((g) => g.trim())
    .find(Boolean);
  if (!first) return null;
  const g = first.toUpperCase();
  if (/^\d{1,2}$/.test(g)) {
    const n = Number(g);
    if (n >= 1 && n <= 12) return String(n);
    if (n === 13) return 'college';
    return 'other';
  }
  if (g === 'KG' || g === 'K') return 'K';
  if (g === 'PS') return 'college';
  return 'other';
}

/** A list field (orgSourcedIds, agentSourcedIds): comma-separated ids, blanks dropped. */
export function idList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `status=tobedeleted` or `enabledUser=false` deactivates; anything else (blank in bulk files) is active. */
export function isActive(status: string, enabledUser: string): boolean {
  return status.trim().toLowerCase() !== 'tobedeleted' && enabledUser.trim().toLowerCase() !== 'false';
}

/** The manifest's `oneroster.version` ("1.1" or "1.2"), else null. */
export function manifestVersion(properties: ReadonlyMap<string, string>): OneRosterVersion | null {
  const v = (properties.get('oneroster.version') ?? '').trim();
  if (v === '1.1' || v === '1.2') return v;
  return null;
}
