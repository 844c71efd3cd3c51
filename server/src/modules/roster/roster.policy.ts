/**
 * Roster import: staff create and update the student accounts of their school of record, and
 * follow an import of a school they reach (another school's import is as unknown as a wrong id).
 */
import { ALLOW, both, type Can, hide, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const ROSTER_POLICY_MESSAGES = { notFound: 'ROSTER_NOT_FOUND' } as const;

export type RosterAction = 'import' | 'viewImport';

/** null: may the actor do this at all; an import of `schoolId`, with the school ids the actor reaches. */
export type RosterObject = null | { schoolId: number; reach: number[] };

const STAFF = [UserType.Staff];

export const can: Can<RosterAction, RosterObject> = (actor, action, object) => {
  switch (action) {
    case 'import':
      return writesAs(actor, STAFF);
    case 'viewImport':
      return both(onlyTypes(actor, STAFF), () => (!object || object.reach.includes(object.schoolId) ? ALLOW : hide(because(ROSTER_POLICY_MESSAGES.notFound))));
  }
};
