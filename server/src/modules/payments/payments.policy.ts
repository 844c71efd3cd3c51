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

export type PaymentAction = 'viewOwnPayments' | 'checkout' | 'viewFamilies' | 'recordCheck';

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
      return both(action === 'recordCheck' ? writesAs(actor, [UserType.Staff]) : onlyTypes(actor, [UserType.Staff]), () => {
        if (!object) return ALLOW;
        if (!object.dualSchoolIds.length) return deny(because(PAYMENT_POLICY_MESSAGES.staffOnly));
        return object.schoolId === undefined || object.dualSchoolIds.includes(object.schoolId) ? ALLOW : hide(because(PAYMENT_POLICY_MESSAGES.paymentNotFound));
      });
  }
};
