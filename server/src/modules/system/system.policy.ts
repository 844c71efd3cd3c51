/** Who may see the operations screens: the system status and the outbox are for staff. */
import { type Can, onlyTypes } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export type SystemAction = 'viewStatus' | 'viewOutbox';

export const can: Can<SystemAction, null> = (actor) => onlyTypes(actor, [UserType.Staff]);
