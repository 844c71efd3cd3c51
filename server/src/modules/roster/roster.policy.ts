/** Roster import: staff create and update the student accounts of their school of record. */
import { type Can, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export type RosterAction = 'import';

export const can: Can<RosterAction, null> = (actor) => writesAs(actor, [UserType.Staff]);
