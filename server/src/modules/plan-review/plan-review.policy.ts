/**
 * Plan review: who reads a plan's review state and who acts on it.
 * - read: the student themself; anyone viewing as the student (staff, or a parent's read-only token);
 *   staff of the student's school (school of record or membership); a parent linked to the student.
 *   Anyone else hears "Student not found." (404), so another school's students do not leak.
 * - submit: the student, on their own token (not staff viewing as them, not a parent).
 * - approve, return: staff of the student's school, on their own token or viewing as the student.
 * - readChanges (the diff against the approved version, access logged): the same staff.
 * A read-only token is refused every write; a school with plan review off is refused every action
 * but reading (the read then answers a draft with `enabled` false).
 */
import { ALLOW, both, type Can, deny, hide, writable, type Actor, type Verdict } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const PLAN_REVIEW_POLICY_MESSAGES = {
  studentNotFound: 'STUDENT_NOT_FOUND',
  studentOnly: 'REVIEW_STUDENT_ONLY',
  counselorOnly: 'REVIEW_STAFF_ONLY',
  notEnabled: 'REVIEW_NOT_ENABLED',
} as const;

export type PlanReviewAction = 'read' | 'submit' | 'approve' | 'return' | 'readChanges';

export interface PlanReviewObject {
  student: { id: number; schoolId: number | null };
  /** The school's plan_approval_enabled. */
  enabled: boolean;
  /** On a view-as token, the account type of the person acting; else null. */
  actingType: UserType | null;
  /** Own school ids of the staff member behind the request (their token, or their view-as); [] for anyone else. */
  staffSchoolIds: number[];
  /** Whether the caller is a parent linked to the student. */
  linkedParent: boolean;
}

const M = PLAN_REVIEW_POLICY_MESSAGES;

/** A staff member of the student's school, on their own token or viewing as the student. */
function isCounselor(actor: Actor, o: PlanReviewObject): boolean {
  const staff = actor.actingUserId === null ? actor.type === UserType.Staff : o.actingType === UserType.Staff && actor.userId === o.student.id;
  return staff && o.student.schoolId !== null && o.staffSchoolIds.includes(o.student.schoolId);
}

function readable(actor: Actor, o: PlanReviewObject): Verdict {
  if (actor.userId === o.student.id) return ALLOW;
  if (isCounselor(actor, o)) return ALLOW;
  if (actor.type === UserType.Parent && o.linkedParent) return ALLOW;
  return hide(because(M.studentNotFound));
}

const enabled = (o: PlanReviewObject): Verdict => (o.enabled ? ALLOW : deny(because(M.notEnabled)));

export const can: Can<PlanReviewAction, PlanReviewObject> = (actor, action, o) => {
  switch (action) {
    case 'read':
      return readable(actor, o);
    case 'readChanges':
      return both(readable(actor, o), () => (isCounselor(actor, o) ? ALLOW : deny(because(M.counselorOnly))));
    case 'submit':
      return both(readable(actor, o), () =>
        both(writable(actor), () =>
          both(actor.userId === o.student.id && actor.actingUserId === null && actor.type === UserType.Student ? ALLOW : deny(because(M.studentOnly)), () => enabled(o)),
        ),
      );
    case 'approve':
    case 'return':
      return both(readable(actor, o), () => both(writable(actor), () => both(isCounselor(actor, o) ? ALLOW : deny(because(M.counselorOnly)), () => enabled(o))));
  }
};
