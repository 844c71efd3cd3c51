/**
 * Who may generate a plan for a student: the student themself (also a counselor viewing as them;
 * a parent's read-only view-as token may not), and staff whose schools reach the
 * student's school. Parents (directly) and other students may not: generating reads the whole
 * catalogue against the student's plan, a counselor's tool. Another school's student, or an id
 * that is no student, answers "not found", so whether an id exists does not leak.
 *
 * Saving a generated plan as a what-if plan ('save'): the student in their own session (no view-as
 * token writes a what-if plan), and staff whose schools reach the student's school, directly (a
 * counselor generating for a student of the caseload; what-if plans are otherwise the student's
 * alone, see what-if-plans.policy.ts). Never the official plan. A selection of the caseload at
 * once ('batch') and its progress: staff only, in their own session.
 *
 * Replacing the official plan with the generated one ('replace'): only the student's own plan, as
 * the plan page edits it: the student, or a counselor viewing as them (never a parent's read-only
 * view-as token). A counselor generating for a student of the caseload saves a what-if plan instead.
 */
import { ALLOW, type Can, deny, hide } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const AUTO_PLAN_POLICY_MESSAGES = {
  notAllowed: 'AUTO_PLAN_NOT_ALLOWED',
  studentNotFound: 'STUDENT_NOT_FOUND',
  studentsOnly: 'AUTO_PLAN_STUDENTS_ONLY',
  staffOnly: 'AUTO_PLAN_BATCH_STAFF_ONLY',
  ownerOnly: 'WHAT_IF_OWNER_ONLY',
  replaceOwnPlan: 'AUTO_PLAN_REPLACE_OWN_PLAN',
} as const;

export type AutoPlanAction = 'generate' | 'save' | 'batch' | 'replace';

/** null: may the actor generate at all; otherwise the student (null: no such user) and the school ids the actor reaches. */
export type AutoPlanObject = null | { student: { id: number; type: UserType; schoolId: number | null } | null; reach: number[] };

export const can: Can<AutoPlanAction, AutoPlanObject> = (actor, action, object) => {
  if (action === 'batch') {
    if (actor.readOnly || actor.type !== UserType.Staff || actor.actingUserId !== null) return deny(because(AUTO_PLAN_POLICY_MESSAGES.staffOnly));
  } else if (action === 'save' && actor.actingUserId !== null) return deny(because(AUTO_PLAN_POLICY_MESSAGES.ownerOnly));
  else if (action === 'replace' && !actor.readOnly && object?.student && object.student.id !== actor.userId)
    return deny(because(AUTO_PLAN_POLICY_MESSAGES.replaceOwnPlan));
  if (actor.readOnly || (actor.type !== UserType.Student && actor.type !== UserType.Staff)) return deny(because(AUTO_PLAN_POLICY_MESSAGES.notAllowed));
  if (!object) return ALLOW;
  const { student } = object;
  const missing = hide(because(AUTO_PLAN_POLICY_MESSAGES.studentNotFound));
  if (!student) return missing;
  if (student.id === actor.userId) return student.type === UserType.Student ? ALLOW : deny(because(AUTO_PLAN_POLICY_MESSAGES.studentsOnly));
  if (actor.type !== UserType.Staff || actor.actingUserId !== null) return missing;
  if (student.type !== UserType.Student) return missing;
  return student.schoolId !== null && object.reach.includes(student.schoolId) ? ALLOW : missing;
};
