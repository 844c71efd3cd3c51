/**
 * Course requests: staff set their school of record's request window, list its requests and export
 * them for the SIS; a student (or a parent) does none of it. Only the school of record: another
 * school's window and requests are not the caller's to read (the service reads the caller's own).
 * A student's plan change in a school year whose requests are kept is refused with
 * COURSE_REQUESTS_CLOSED (plans call `changeKeptYear`); staff viewing as the student may still
 * change the plan, and the kept requests change only through this module's staff calls. A student
 * of another school (or no student) is not found to staff. A student (and whoever views as them)
 * reads their own school's window and whether their requests are kept (readOwn); to anyone else
 * there is nothing to show.
 */
import { ALLOW, both, type Can, deny, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const COURSE_REQUEST_POLICY_MESSAGES = {
  staffOnly: 'COURSE_REQUESTS_STAFF_ONLY',
  noSchool: 'NO_SCHOOL_OF_RECORD',
  closed: 'COURSE_REQUESTS_CLOSED',
} as const;

const M = COURSE_REQUEST_POLICY_MESSAGES;

export type CourseRequestAction = 'setWindow' | 'read' | 'changeRequests' | 'changeKeptYear' | 'readOwn';

/** setWindow, read: the caller's school of record (null: none). changeKeptYear: whether the year is kept. */
export type CourseRequestObject = null | { schoolId: number | null } | { kept: boolean; schoolYear: string };

export const can: Can<CourseRequestAction, CourseRequestObject> = (actor, action, object) => {
  const ownSchool = () => (object && 'schoolId' in object && object.schoolId === null ? deny(because(M.noSchool)) : ALLOW);
  switch (action) {
    case 'setWindow':
      return both(writesAs(actor, [UserType.Staff], because(M.staffOnly)), ownSchool);
    case 'changeRequests':
      return both(writesAs(actor, [UserType.Staff], because(M.staffOnly)), ownSchool);
    case 'read':
      return both(onlyTypes(actor, [UserType.Staff], because(M.staffOnly)), ownSchool);
    case 'readOwn':
      return onlyTypes(actor, [UserType.Student]);
    case 'changeKeptYear':
      return object && 'kept' in object && object.kept && actor.actingUserId === null ? deny(because(M.closed, { school_year: object.schoolYear })) : ALLOW;
  }
};
