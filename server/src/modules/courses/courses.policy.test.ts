/** Reading and changing the course catalogue, accepting transfers (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { can, COURSE_POLICY_MESSAGES as M, type CourseAction, type CourseObject, type CourseReach } from './courses.policy.js';

const PARTNER = 3;
const ofA: CourseReach = { ownIds: [SCHOOL_A], schoolIds: [SCHOOL_A, PARTNER], fullAccess: false };
const ofAFull: CourseReach = { ...ofA, fullAccess: true };
const ofB: CourseReach = { ownIds: [SCHOOL_B], schoolIds: [SCHOOL_B], fullAccess: false };
const at = (schoolId: number, reach: CourseReach, acceptedByOwn = false): CourseObject => ({ reach, schoolId, acceptedByOwn });

const table: [keyof typeof ACTORS, CourseAction, CourseObject, string][] = [
  ['student', 'read', at(SCHOOL_A, ofA), 'ok'],
  ['student', 'read', at(PARTNER, ofA), 'ok'],
  ['otherStudent', 'read', at(SCHOOL_A, ofB), `404 ${M.notFound}`],
  ['otherStudent', 'read', at(SCHOOL_A, ofB, true), 'ok'],
  ['otherAdmin', 'read', at(SCHOOL_A, ofB), `404 ${M.notFound}`],
  ['parentAsStudent', 'read', at(SCHOOL_A, ofA), 'ok'],
  ['student', 'readRequirement', at(PARTNER, ofA), 'ok'],
  ['otherParent', 'readRequirement', at(SCHOOL_A, ofB), `404 ${M.requirementNotFound}`],
  ['admin', 'manage', null, 'ok'],
  ['student', 'manage', null, '403'],
  ['parent', 'manage', null, '403'],
  ['baseline', 'manage', null, '403'],
  ['parentAsStudent', 'manage', null, `403 ${READ_ONLY_MESSAGE}`],
  ['admin', 'edit', at(SCHOOL_A, ofA), 'ok'],
  ['admin', 'edit', at(PARTNER, ofA), `403 ${M.notYourCourse}`],
  ['admin', 'edit', at(PARTNER, ofAFull), 'ok'],
  ['otherAdmin', 'edit', at(SCHOOL_A, ofB), `403 ${M.notYourCourse}`],
  ['student', 'edit', at(SCHOOL_A, ofA), '403'],
  ['admin', 'addPartnerCourse', { reach: ofA }, `403 ${M.partnerNeedsFullAccess}`],
  ['admin', 'addPartnerCourse', { reach: ofAFull }, 'ok'],
  ['admin', 'acceptFor', at(SCHOOL_A, ofA), 'ok'],
  ['admin', 'acceptFor', at(PARTNER, ofAFull), `403 ${M.acceptForOwnSchool}`],
  ['student', 'acceptFor', at(SCHOOL_A, ofA), '403'],
];

describe('courses policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
