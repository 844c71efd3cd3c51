/** Applicants, reviewers and transcripts of dual-school admissions (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { ADMISSION_POLICY_MESSAGES as M, can, type AdmissionAction, type AdmissionObject } from './admissions.policy.js';

const dualSchool: AdmissionObject = { school: { dualSchoolEnabled: true } };
const plainSchool: AdmissionObject = { school: { dualSchoolEnabled: false } };
const ourApplication = { parentId: ACTORS.parent.userId, schoolId: SCHOOL_A };
const reviewsA: AdmissionObject = { dualSchoolIds: [SCHOOL_A], application: ourApplication };
const reviewsB: AdmissionObject = { dualSchoolIds: [SCHOOL_B], application: ourApplication };
const reviewsNone: AdmissionObject = { dualSchoolIds: [] };
const forParent = (dualSchoolIds: number[]): AdmissionObject => ({ dualSchoolIds, application: ourApplication });

const table: [keyof typeof ACTORS, AdmissionAction, AdmissionObject, string][] = [
  ['parent', 'viewOwnApplication', dualSchool, 'ok'],
  ['parent', 'editOwnApplication', dualSchool, 'ok'],
  ['parent', 'viewOwnApplication', plainSchool, `403 ${M.notApplicant}`],
  ['student', 'viewOwnApplication', null, `403 ${M.notApplicant}`],
  ['admin', 'editOwnApplication', null, `403 ${M.notApplicant}`],
  ['parentAsStudent', 'editOwnApplication', null, `403 ${READ_ONLY_MESSAGE}`],
  ['parentAsStudent', 'viewOwnApplication', null, `403 ${M.notApplicant}`],
  ['admin', 'review', null, 'ok'],
  ['admin', 'review', { dualSchoolIds: [SCHOOL_A] }, 'ok'],
  ['admin', 'review', reviewsNone, `403 ${M.notReviewer}`],
  ['admin', 'review', reviewsA, 'ok'],
  ['otherAdmin', 'review', reviewsB, '403'],
  ['admin', 'decide', reviewsA, 'ok'],
  ['otherAdmin', 'decide', reviewsB, '403'],
  ['parent', 'review', null, `403 ${M.notReviewer}`],
  ['student', 'decide', null, `403 ${M.notReviewer}`],
  ['parentAsStudent', 'decide', null, `403 ${READ_ONLY_MESSAGE}`],
  // Transcripts: the uploading parent, reviewers of its school; hidden from everyone else.
  ['parent', 'viewTranscript', forParent([]), 'ok'],
  ['otherParent', 'viewTranscript', forParent([]), `404 ${M.fileNotFound}`],
  ['student', 'viewTranscript', forParent([]), `404 ${M.fileNotFound}`],
  ['parentAsStudent', 'viewTranscript', forParent([]), `404 ${M.fileNotFound}`],
  ['admin', 'viewTranscript', forParent([SCHOOL_A]), 'ok'],
  ['otherAdmin', 'viewTranscript', forParent([SCHOOL_B]), '403'],
  ['otherAdmin', 'viewTranscript', forParent([]), `403 ${M.notReviewer}`],
];

describe('admissions policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
