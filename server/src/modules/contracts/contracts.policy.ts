/**
 * Enrollment contracts: the parent of an accepted application at a dual school signs their own
 * (an enrolled family signs the next year's: re-enrollment);
 * the signed PDF goes to that parent (not while someone views as them) and to the school's staff.
 */
import { ALLOW, both, type Can, deny, hide, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const CONTRACT_POLICY_MESSAGES = {
  parentsOnly: 'CONTRACT_PARENTS_ONLY',
  notAccepted: 'CONTRACT_NOT_ACCEPTED',
} as const;

export type ContractAction = 'viewOwn' | 'sign' | 'downloadPdf';

/**
 * null: may the actor do this at all; sign: the parent's `school`, then their `applicationStatus`;
 * downloadPdf: the contract's parent and school, `staffSees` when the actor is staff of that dual school.
 */
export type ContractObject = null | { school: { dualSchoolEnabled: boolean } | null } | { applicationStatus: string | null } | { parentId: number; staffSees: boolean };

export const can: Can<ContractAction, ContractObject> = (actor, action, object) => {
  switch (action) {
    case 'viewOwn':
      return onlyTypes(actor, [UserType.Parent]);
    case 'sign':
      return both(writesAs(actor, [UserType.Parent], because(CONTRACT_POLICY_MESSAGES.parentsOnly)), () => {
        if (object && 'school' in object) return object.school?.dualSchoolEnabled ? ALLOW : deny(because(CONTRACT_POLICY_MESSAGES.parentsOnly));
        // Enrolled: re-enrollment for the next year (the service checks that year exists).
        if (object && 'applicationStatus' in object)
          return object.applicationStatus === 'accepted' || object.applicationStatus === 'enrolled' ? ALLOW : deny(because(CONTRACT_POLICY_MESSAGES.notAccepted));
        return ALLOW;
      });
    case 'downloadPdf': {
      if (!object || !('parentId' in object)) return hide();
      const own = object.parentId === actor.userId && actor.actingUserId === null;
      return own || object.staffSees ? ALLOW : hide();
    }
  }
};
