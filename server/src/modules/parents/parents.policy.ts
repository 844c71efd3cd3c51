/** Parents: only a parent account lists and links its students. */
import { both, type Can, onlyTypes, writable } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export type ParentAction = 'listLinkedStudents' | 'linkStudent';

export const can: Can<ParentAction, null> = (actor, action) => {
  const parent = () => onlyTypes(actor, [UserType.Parent]);
  return action === 'linkStudent' ? both(writable(actor), parent) : parent();
};
