/** Listing, creating, joining schools, choosing the school of record and the graduation pathway (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { can, SCHOOL_POLICY_MESSAGES, type SchoolAction, type SchoolObject } from './schools.policy.js';

const own: SchoolObject = { schoolId: SCHOOL_A, member: true };
const other: SchoolObject = { schoolId: SCHOOL_B, member: false };
const otherAsMember: SchoolObject = { schoolId: SCHOOL_B, member: true };

const table: [keyof typeof ACTORS, SchoolAction, SchoolObject, string][] = [
  ['student', 'list', null, 'ok'],
  ['baseline', 'list', null, 'ok'],
  ['parentAsStudent', 'list', null, 'ok'],
  ['admin', 'create', null, 'ok'],
  ['student', 'create', null, '403'],
  ['parent', 'create', null, '403'],
  // Students pick any school; staff only their own, one they are a member of, or their first.
  ['student', 'join', other, 'ok'],
  ['admin', 'join', own, 'ok'],
  ['admin', 'join', other, `403 ${SCHOOL_POLICY_MESSAGES.staffJoin}`],
  ['admin', 'join', otherAsMember, 'ok'],
  ['staffWithoutSchool', 'join', other, 'ok'],
  ['parent', 'join', own, '403'],
  ['baseline', 'join', own, '403'],
  ['parentAsStudent', 'join', own, `403 ${READ_ONLY_MESSAGE}`],
  ['admin', 'setSchoolOfRecord', otherAsMember, 'ok'],
  ['student', 'setSchoolOfRecord', other, `403 ${SCHOOL_POLICY_MESSAGES.notMember}`],
  ['parentAsStudent', 'setSchoolOfRecord', own, `403 ${READ_ONLY_MESSAGE}`],
  // The graduation pathway: staff of the school, a pathway of that school.
  ['admin', 'setGraduationPathway', { ...own, pathwayOfSchool: true }, 'ok'],
  ['admin', 'setGraduationPathway', { ...own, pathwayOfSchool: false }, `404 ${SCHOOL_POLICY_MESSAGES.pathwayNotFound}`],
  ['staffWithoutSchool', 'setGraduationPathway', { schoolId: null, member: false }, `403 ${SCHOOL_POLICY_MESSAGES.noSchool}`],
  ['student', 'setGraduationPathway', null, `403 ${SCHOOL_POLICY_MESSAGES.staffOnlyGraduation}`],
  ['parent', 'setGraduationPathway', null, `403 ${SCHOOL_POLICY_MESSAGES.staffOnlyGraduation}`],
  ['parentAsStudent', 'setGraduationPathway', null, `403 ${READ_ONLY_MESSAGE}`],
];

describe('schools policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
