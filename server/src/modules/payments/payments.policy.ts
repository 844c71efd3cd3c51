/**
 * Tuition payments: a family (parent account) sees and pays its own; staff of a dual school see
 * its families and record checks for them. Another school's payment is "not found".
 */
import { ALLOW, both, type Can, deny, hide, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const PAYMENT_POLICY_MESSAGES = {
  familyOnly: 'PAYMENTS_FAMILY_ONLY',
  staffOnly: 'PAYMENTS_STAFF_ONLY',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
} as const;

/**
 * Staff actions on money (record a check, manage school years, waive a late fee, record a
 * withdrawal and issue its refund) are writes by staff of the family's dual school; reading the
 * families, years and ledgers needs staff of it too.
 */
export type StaffWrite = 'recordCheck' | 'manageSchoolYears' | 'waiveLateFee' | 'recordWithdrawal';
export type PaymentAction = 'viewOwnPayments' | 'checkout' | 'viewFamilies' | StaffWrite;
const STAFF_WRITES: readonly string[] = ['recordCheck', 'manageSchoolYears', 'waiveLateFee', 'recordWithdrawal'];

/** null: may the actor do this at all; `dualSchoolIds`: the dual schools the staff member works at (with `schoolId`: a payment's or family's school). */
export type PaymentObject = null | { dualSchoolIds: number[]; schoolId?: number };

export const can: Can<PaymentAction, PaymentObject> = (actor, action, object) => {
  switch (action) {
    case 'viewOwnPayments':
      return onlyTypes(actor, [UserType.Parent], because(PAYMENT_POLICY_MESSAGES.familyOnly));
    case 'checkout':
      return writesAs(actor, [UserType.Parent], because(PAYMENT_POLICY_MESSAGES.familyOnly));
    case 'viewFamilies':
    case 'recordCheck':
    case 'manageSchoolYears':
    case 'waiveLateFee':
    case 'recordWithdrawal':
      return both(STAFF_WRITES.includes(action) ? writesAs(actor, [UserType.Staff]) : onlyTypes(actor, [UserType.Staff]), () => {
        if (!object) return ALLOW;
        if (!object.dualSchoolIds.length) return deny(because(PAYMENT_POLICY_MESSAGES.staffOnly));
        return object.schoolId === undefined || object.dualSchoolIds.includes(object.schoolId) ? ALLOW : hide(because(PAYMENT_POLICY_MESSAGES.paymentNotFound));
      });
  }
};
