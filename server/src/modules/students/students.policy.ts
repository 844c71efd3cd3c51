/**
 * Student records for staff: the students list (with its grades and dashboard) and deleting a
 * student. Staff reach the students of the schools they reach; another school's student is
 * "not found", so whether an id exists does not leak.
 */
import { ALLOW, both, type Can, hide, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const STUDENT_NOT_FOUND = 'STUDENT_NOT_FOUND';

export type StudentAction = 'list' | 'viewDashboard' | 'delete';

/** A student record and the school ids the actor reaches; null asks whether the actor may act at all. */
export type StudentObject = null | { student: { schoolId: number | null }; reach: number[] };

export const can: Can<StudentAction, StudentObject> = (actor, action, object) => {
  if (action !== 'delete') return onlyTypes(actor, [UserType.Staff]);
  return both(writesAs(actor, [UserType.Staff]), () => {
    if (!object) return ALLOW;
    const { schoolId } = object.student;
    return schoolId !== null && object.reach.includes(schoolId) ? ALLOW : hide(because(STUDENT_NOT_FOUND));
  });
};
