/** Who may list and delete student records (no database: the policy is a pure function). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { can, type StudentAction, type StudentObject } from './students.policy.js';

const ours: StudentObject = { student: { schoolId: SCHOOL_A }, reach: [SCHOOL_A] };
const theirs: StudentObject = { student: { schoolId: SCHOOL_B }, reach: [SCHOOL_A] };
const unplaced: StudentObject = { student: { schoolId: null }, reach: [SCHOOL_A] };

const table: [keyof typeof ACTORS, StudentAction, StudentObject, string][] = [
  ['admin', 'list', null, 'ok'],
  ['adminWithApiToken', 'list', null, 'ok'],
  ['otherAdmin', 'viewDashboard', null, 'ok'],
  ['student', 'list', null, '403'],
  ['parent', 'viewDashboard', null, '403'],
  ['baseline', 'list', null, '403'],
  ['adminAsStudent', 'list', null, '403'],
  ['admin', 'delete', null, 'ok'],
  ['admin', 'delete', ours, 'ok'],
  ['admin', 'delete', theirs, '404 STUDENT_NOT_FOUND'],
  ['admin', 'delete', unplaced, '404 STUDENT_NOT_FOUND'],
  ['otherAdmin', 'delete', { student: { schoolId: SCHOOL_A }, reach: [SCHOOL_B] }, '404 STUDENT_NOT_FOUND'],
  ['student', 'delete', ours, '403'],
  ['parent', 'delete', ours, '403'],
  ['parentAsStudent', 'delete', ours, `403 ${READ_ONLY_MESSAGE}`],
];

describe('students policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
