/** The access log is read by staff, for the schools they reach (the service filters by them). */
import { type Can, onlyTypes } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export type AccessLogAction = 'view';

export const can: Can<AccessLogAction, null> = (actor) => onlyTypes(actor, [UserType.Staff]);
