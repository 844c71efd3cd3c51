/** Parents: only a parent account lists and links its students. */
import { type Can, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export type ParentAction = 'listLinkedStudents' | 'linkStudent';

export const can: Can<ParentAction, null> = (actor, action) => {
  return action === 'linkStudent' ? writesAs(actor, [UserType.Parent]) : onlyTypes(actor, [UserType.Parent]);
};
