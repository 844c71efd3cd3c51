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
  ['student', 'view', null, '403 Only staff can open the caseload.'],
  ['parent', 'view', null, '403 Only staff can open the caseload.'],
  ['baseline', 'view', null, '403 Only staff can open the caseload.'],
  ['adminAsStudent', 'view', null, '403 Only staff can open the caseload.'],
  ['parentAsStudent', 'view', null, '403 Only staff can open the caseload.'],
  ['student', 'follow', ada([SCHOOL_A]), 'ok'],
  ['student', 'follow', other([SCHOOL_A]), '404 Student not found.'],
  ['otherStudent', 'readFollowed', ada([SCHOOL_B]), '404 Student not found.'],
  ['admin', 'follow', ada([SCHOOL_A]), 'ok'],
  ['admin', 'readFollowed', ada([SCHOOL_A]), 'ok'],
  ['admin', 'follow', other([SCHOOL_A]), '404 Student not found.'],
  ['otherAdmin', 'follow', ada([SCHOOL_B]), '404 Student not found.'],
  ['parent', 'readFollowed', ada([]), '403 Only students (for themselves) and staff of their school can choose the pathways a student follows.'],
  ['parentAsStudent', 'readFollowed', ada([SCHOOL_A]), 'ok'],
  ['parentAsStudent', 'follow', ada([SCHOOL_A]), `403 ${READ_ONLY_MESSAGE}`],
  ['adminAsStudent', 'follow', ada([SCHOOL_A]), 'ok'],
  ['baseline', 'follow', null, '403 Only students (for themselves) and staff of their school can choose the pathways a student follows.'],
];

describe('caseload policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
