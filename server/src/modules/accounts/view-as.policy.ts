/**
 * Viewing as a student: staff of the student's school (a student or a baseline plan), or a parent
 * linked to the student. An unknown id and someone else's student answer alike ("not found"), so
 * nothing is learned by guessing ids. Views do not nest; a view ends only with the acting person's
 * own session token.
 */
import { ALLOW, type Can, deny, hide } from '../../core/policy.js';
import { UserType } from './user.entity.js';
import { because } from '../../core/errors.js';

export const VIEW_AS_POLICY_MESSAGES = {
  studentNotFound: 'STUDENT_NOT_FOUND',
  sessionEnded: 'VIEW_AS_SESSION_ENDED',
  nested: 'VIEW_AS_NESTED',
} as const;

export type ViewAsAction = 'start' | 'return';

/**
 * start: null (may the actor start a view at all), then the student with the facts of the
 * actor's kind: `reach` (staff: school ids they reach), `linked` (parent: linked to the student).
 * return: the held-aside token's owner and whether it is itself a view, then the owner's type,
 * which must be the `role` returning (staff to the admin view, parents to theirs).
 */
export type ViewAsObject =
  | null
  | { student: { type: UserType; schoolId: number | null }; reach: number[]; linked: boolean }
  | { held: { userId: number; actingUserId: number | null } | null; heldType?: UserType | null; role: UserType };

export const can: Can<ViewAsAction, ViewAsObject> = (actor, action, object) => {
  if (action === 'start') {
    if (actor.actingUserId !== null) return deny(because(VIEW_AS_POLICY_MESSAGES.nested));
    if (!object || !('student' in object)) return ALLOW;
    const { student } = object;
    const notFound = hide(because(VIEW_AS_POLICY_MESSAGES.studentNotFound));
    if (actor.type === UserType.Staff) {
      const viewable = student.type === UserType.Student || student.type === UserType.BaselinePlan;
      return viewable && student.schoolId !== null && object.reach.includes(student.schoolId) ? ALLOW : notFound;
    }
    if (actor.type === UserType.Parent) return student.type === UserType.Student && object.linked ? ALLOW : notFound;
    return notFound;
  }
  if (!object || !('held' in object)) return ALLOW;
  const { held, heldType, role } = object;
  if (!held || held.userId !== actor.actingUserId || held.actingUserId !== null) return deny(because(VIEW_AS_POLICY_MESSAGES.sessionEnded));
  return heldType === undefined || heldType === role ? ALLOW : deny(because(VIEW_AS_POLICY_MESSAGES.sessionEnded));
};
