/** Families' own payments and dual-school staff (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { can, PAYMENT_POLICY_MESSAGES as M, type PaymentAction, type PaymentObject } from './payments.policy.js';

const table: [keyof typeof ACTORS, PaymentAction, PaymentObject, string][] = [
  ['parent', 'viewOwnPayments', null, 'ok'],
  ['otherParent', 'viewOwnPayments', null, 'ok'],
  ['parent', 'checkout', null, 'ok'],
  ['student', 'viewOwnPayments', null, `403 ${M.familyOnly}`],
  ['admin', 'checkout', null, `403 ${M.familyOnly}`],
  ['parentAsStudent', 'viewOwnPayments', null, `403 ${M.familyOnly}`],
  ['parentAsStudent', 'checkout', null, `403 ${READ_ONLY_MESSAGE}`],
  ['admin', 'viewFamilies', null, 'ok'],
  ['admin', 'viewFamilies', { dualSchoolIds: [SCHOOL_A] }, 'ok'],
  ['admin', 'viewFamilies', { dualSchoolIds: [] }, `403 ${M.staffOnly}`],
  ['admin', 'viewFamilies', { dualSchoolIds: [SCHOOL_A], schoolId: SCHOOL_B }, `404 ${M.paymentNotFound}`],
  ['admin', 'recordCheck', { dualSchoolIds: [SCHOOL_A], schoolId: SCHOOL_A }, 'ok'],
  ['otherAdmin', 'recordCheck', { dualSchoolIds: [SCHOOL_B], schoolId: SCHOOL_A }, `404 ${M.paymentNotFound}`],
  ['parent', 'viewFamilies', null, '403'],
  ['student', 'recordCheck', null, '403'],
  ['parentAsStudent', 'recordCheck', null, `403 ${READ_ONLY_MESSAGE}`],
  ['admin', 'manageSchoolYears', { dualSchoolIds: [SCHOOL_A], schoolId: SCHOOL_A }, 'ok'],
  ['otherAdmin', 'manageSchoolYears', { dualSchoolIds: [SCHOOL_B], schoolId: SCHOOL_A }, `404 ${M.paymentNotFound}`],
  ['parent', 'manageSchoolYears', null, '403'],
  ['admin', 'waiveLateFee', { dualSchoolIds: [], schoolId: SCHOOL_A }, `403 ${M.staffOnly}`],
  ['parent', 'waiveLateFee', null, '403'],
  ['admin', 'recordWithdrawal', { dualSchoolIds: [SCHOOL_A], schoolId: SCHOOL_A }, 'ok'],
  ['otherAdmin', 'recordWithdrawal', { dualSchoolIds: [SCHOOL_B], schoolId: SCHOOL_A }, `404 ${M.paymentNotFound}`],
  ['student', 'recordWithdrawal', null, '403'],
];

describe('payments policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
