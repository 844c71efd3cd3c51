/**
 * What-if plans: a student's named alternative plans. The student owns them; staff of the
 * student's school and parents linked to the student read them; nobody but the student changes
 * them, so any view-as token (staff or parent) reads only. Another school's student, or someone
 * else's plan, answers "not found": whether an id exists does not leak.
 */
import { ALLOW, type Can, deny, hide, READ_ONLY_MESSAGE } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';
import type { Reason } from '@planner/shared';

export const WHAT_IF_POLICY_MESSAGES = {
  notFound: 'WHAT_IF_NOT_FOUND',
  studentNotFound: 'STUDENT_NOT_FOUND',
  studentsOnly: 'WHAT_IF_STUDENTS_ONLY',
  ownerOnly: 'WHAT_IF_OWNER_ONLY',
} as const;

export type WhatIfAction = 'read' | 'write';

/**
 * null: may the actor act at all (a write needs a student's own session); otherwise the student
 * whose plans are named, with the facts of the actor's kind: `reach` (staff: school ids they
 * reach), `linked` (a parent linked to the student). `student` null: no such student or plan.
 */
export type WhatIfObject = null | { student: { id: number; type: UserType; schoolId: number | null } | null; reach: number[]; linked: boolean; missing?: Reason };

export const can: Can<WhatIfAction, WhatIfObject> = (actor, action, object) => {
  if (action === 'write') {
    if (actor.readOnly) return deny(because(READ_ONLY_MESSAGE));
    if (actor.actingUserId !== null) return deny(because(WHAT_IF_POLICY_MESSAGES.ownerOnly));
    if (actor.type !== UserType.Student) return deny(because(WHAT_IF_POLICY_MESSAGES.studentsOnly));
    if (!object) return ALLOW;
    return object.student?.id === actor.userId ? ALLOW : hide(because(object.missing ?? WHAT_IF_POLICY_MESSAGES.notFound));
  }
  if (!object) return ALLOW;
  const { student } = object;
  const missing = hide(because(object.missing ?? WHAT_IF_POLICY_MESSAGES.notFound));
  if (!student || student.type !== UserType.Student) return missing;
  if (student.id === actor.userId) return ALLOW;
  if (actor.actingUserId !== null) return missing;
  if (actor.type === UserType.Staff) return student.schoolId !== null && object.reach.includes(student.schoolId) ? ALLOW : missing;
  if (actor.type === UserType.Parent) return object.linked ? ALLOW : missing;
  return missing;
};
