/**
 * The caseload and followed pathways.
 * - The caseload (GraphQL caseload, GET /api/caseload/ and its CSV export): staff only, over the
 *   students of their own schools (school of record and memberships, as the students list); a
 *   view-as token acts as the student and is refused like any student.
 * - Followed pathways: a student marks or unmarks the pathways they follow (pathways they reach);
 *   staff may set them for a student of one of their schools (another school's student: "not
 *   found", as on the students list); parents and view-as tokens read only.
 */
import { ALLOW, both, type Can, hide, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const CASELOAD_POLICY_MESSAGES = {
  staffOnly: 'CASELOAD_STAFF_ONLY',
  studentNotFound: 'STUDENT_NOT_FOUND',
  followOwn: 'FOLLOW_NOT_ALLOWED',
} as const;

export type CaseloadAction = 'view' | 'readFollowed' | 'follow';

/** null: whether the actor may act at all; else the student concerned and the actor's own school ids. */
export type CaseloadObject = null | { student: { id: number; schoolId: number | null }; ownSchoolIds: number[] };

const ofTheirSchool = (o: Exclude<CaseloadObject, null>) =>
  o.student.schoolId !== null && o.ownSchoolIds.includes(o.student.schoolId) ? ALLOW : hide(because(CASELOAD_POLICY_MESSAGES.studentNotFound));

export const can: Can<CaseloadAction, CaseloadObject> = (actor, action, object) => {
  switch (action) {
    case 'view':
      return onlyTypes(actor, [UserType.Staff], because(CASELOAD_POLICY_MESSAGES.staffOnly));
    case 'readFollowed':
    case 'follow': {
      const gate =
        action === 'follow'
          ? writesAs(actor, [UserType.Student, UserType.Staff], because(CASELOAD_POLICY_MESSAGES.followOwn))
          : onlyTypes(actor, [UserType.Student, UserType.Staff], because(CASELOAD_POLICY_MESSAGES.followOwn));
      return both(gate, () => {
        if (!object) return ALLOW;
        if (actor.type === UserType.Student) return object.student.id === actor.userId ? ALLOW : hide(because(CASELOAD_POLICY_MESSAGES.studentNotFound));
        return ofTheirSchool(object);
      });
    }
  }
};
