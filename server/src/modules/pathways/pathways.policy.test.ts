/** Who sees and changes pathways, requirements and what a course fulfils (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { can, PATHWAY_POLICY_MESSAGES as M, type PathwayAction, type PathwayObject, type PathwayReach, visibleSchoolIds } from './pathways.policy.js';

const PARTNER = 3;
const ofA: PathwayReach = { schoolId: SCHOOL_A, schoolIds: [SCHOOL_A, PARTNER], fullAccess: false };
const ofAFull: PathwayReach = { ...ofA, fullAccess: true };
const ofB: PathwayReach = { schoolId: SCHOOL_B, schoolIds: [SCHOOL_B], fullAccess: false };
const none: PathwayReach = { schoolId: null, schoolIds: [], fullAccess: false };
const at = (schoolId: number, reach: PathwayReach): PathwayObject => ({ schoolId, reach });

const table: [keyof typeof ACTORS, PathwayAction, PathwayObject, string][] = [
  ['student', 'view', at(SCHOOL_A, ofA), 'ok'],
  ['student', 'view', at(PARTNER, ofA), 'ok'],
  ['otherStudent', 'view', at(SCHOOL_A, ofB), `403 ${M.notYourSchool}`],
  ['parent', 'view', at(SCHOOL_A, ofA), 'ok'],
  ['baseline', 'view', at(SCHOOL_A, ofA), 'ok'],
  ['staffWithoutSchool', 'view', at(SCHOOL_A, none), `403 ${M.notYourSchool}`],
  ['otherAdmin', 'viewCourse', at(SCHOOL_A, ofB), `403 ${M.courseNotReachable}`],
  ['admin', 'viewCourse', at(PARTNER, ofA), 'ok'],
  // A course of an unrelated school that one of the actor's schools accepted as transferable.
  ['student', 'viewCourse', { schoolId: SCHOOL_B, reach: ofA, acceptedByOwn: true }, 'ok'],
  ['student', 'viewCourse', { schoolId: SCHOOL_B, reach: ofA, acceptedByOwn: false }, `403 ${M.courseNotReachable}`],
  ['admin', 'create', null, 'ok'],
  ['student', 'create', null, '403'],
  ['parentAsStudent', 'create', null, `403 ${READ_ONLY_MESSAGE}`],
  // Staff change their own school's pathways; a partner's only with full access.
  ['admin', 'edit', at(SCHOOL_A, ofA), 'ok'],
  ['admin', 'edit', at(PARTNER, ofA), `403 ${M.notYourPathway}`],
  ['admin', 'edit', at(PARTNER, ofAFull), 'ok'],
  ['otherAdmin', 'edit', at(SCHOOL_A, ofB), `403 ${M.notYourSchool}`],
  ['admin', 'edit', null, 'ok'],
  ['student', 'edit', at(SCHOOL_A, ofA), '403'],
  ['parent', 'edit', null, '403'],
  ['adminAsStudent', 'edit', at(SCHOOL_A, ofA), '403'],
  ['parentAsStudent', 'edit', at(SCHOOL_A, ofA), `403 ${READ_ONLY_MESSAGE}`],
];

describe('pathways policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });

  it('sees the schools reached, nothing without a school', () => {
    expect(visibleSchoolIds(ofA)).toEqual([SCHOOL_A, PARTNER]);
    expect(visibleSchoolIds(none)).toEqual([]);
  });
});
