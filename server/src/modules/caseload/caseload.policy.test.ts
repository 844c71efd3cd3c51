/** Who may open the caseload and read or change the pathways a student follows (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { can, type CaseloadAction, type CaseloadObject } from './caseload.policy.js';

/** Student 10 of school A, as seen by an actor whose own schools are `own`. */
const ada = (own: number[]): CaseloadObject => ({ student: { id: 10, schoolId: SCHOOL_A }, ownSchoolIds: own });
const other = (own: number[]): CaseloadObject => ({ student: { id: 11, schoolId: SCHOOL_B }, ownSchoolIds: own });

const table: [keyof typeof ACTORS, CaseloadAction, CaseloadObject, string][] = [
  ['admin', 'view', null, 'ok'],
  ['adminWithApiToken', 'view', null, 'ok'],
  ['otherAdmin', 'view', null, 'ok'],
  ['student', 'view', null, '403 CASELOAD_STAFF_ONLY'],
  ['parent', 'view', null, '403 CASELOAD_STAFF_ONLY'],
  ['baseline', 'view', null, '403 CASELOAD_STAFF_ONLY'],
  ['adminAsStudent', 'view', null, '403 CASELOAD_STAFF_ONLY'],
  ['parentAsStudent', 'view', null, '403 CASELOAD_STAFF_ONLY'],
  ['student', 'follow', ada([SCHOOL_A]), 'ok'],
  ['student', 'follow', other([SCHOOL_A]), '404 STUDENT_NOT_FOUND'],
  ['otherStudent', 'readFollowed', ada([SCHOOL_B]), '404 STUDENT_NOT_FOUND'],
  ['admin', 'follow', ada([SCHOOL_A]), 'ok'],
  ['admin', 'readFollowed', ada([SCHOOL_A]), 'ok'],
  ['admin', 'follow', other([SCHOOL_A]), '404 STUDENT_NOT_FOUND'],
  ['otherAdmin', 'follow', ada([SCHOOL_B]), '404 STUDENT_NOT_FOUND'],
  ['parent', 'readFollowed', ada([]), '403 FOLLOW_NOT_ALLOWED'],
  ['parentAsStudent', 'readFollowed', ada([SCHOOL_A]), 'ok'],
  ['parentAsStudent', 'follow', ada([SCHOOL_A]), `403 ${READ_ONLY_MESSAGE}`],
  ['adminAsStudent', 'follow', ada([SCHOOL_A]), 'ok'],
  ['baseline', 'follow', null, '403 FOLLOW_NOT_ALLOWED'],
];

describe('caseload policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
