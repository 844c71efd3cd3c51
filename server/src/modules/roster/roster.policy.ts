/** Roster import: staff create and update the student accounts of their school of record. */
import { both, type Can, onlyTypes, writable } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export type RosterAction = 'import';

export const can: Can<RosterAction, null> = (actor) => both(writable(actor), () => onlyTypes(actor, [UserType.Staff]));
