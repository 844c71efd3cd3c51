/**
 * The course catalogue: everyone signed in reads the courses they reach (the rule of
 * modules/schools/reach.ts: their schools, those schools' partners, and a course one of their
 * schools accepted as transferable); another school's course is "not found". Staff change the
 * courses of their own schools, and a partner's when their school has full access; they accept
 * transfers for their own schools only.
 */
import { ALLOW, both, type Can, deny, hide, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { reachesCourse, reachesSchool, type Reach } from '../schools/reach.js';
import { because } from '../../core/errors.js';

export const COURSE_POLICY_MESSAGES = {
  notFound: 'COURSE_NOT_FOUND',
  requirementNotFound: 'REQUIREMENT_NOT_FOUND',
  notYourCourse: 'COURSE_NOT_YOURS',
  partnerNeedsFullAccess: 'PARTNER_NEEDS_FULL_ACCESS',
  acceptForOwnSchool: 'ACCEPT_FOR_OWN_SCHOOL',
} as const;

/** The actor's reach (modules/schools/reach.ts), loaded once per request. */
export type CourseReach = Pick<Reach, 'ownIds' | 'schoolIds' | 'fullAccess'>;

/**
 * read: a course of `schoolId` (`acceptedByOwn`: accepted as transferable by one of the actor's schools);
 * readRequirement: a requirement of a pathway of `schoolId`; manage: change the catalogue at all;
 * edit: a course of `schoolId`; addPartnerCourse: a course of a partner school; acceptFor: accept
 * a transfer on behalf of school `schoolId`.
 */
export type CourseAction = 'read' | 'readRequirement' | 'manage' | 'edit' | 'addPartnerCourse' | 'acceptFor';
export type CourseObject = null | { reach: CourseReach; schoolId?: number; acceptedByOwn?: boolean };

export const can: Can<CourseAction, CourseObject> = (actor, action, object) => {
  const visible = !!object && object.schoolId !== undefined && reachesSchool(object.reach, object.schoolId);
  const accessible = !!object && object.schoolId !== undefined && object.reach.ownIds.includes(object.schoolId);
  if (action === 'read') {
    const reached = !object || (object.schoolId !== undefined && reachesCourse(object.reach, { schoolId: object.schoolId, acceptedByOwn: !!object.acceptedByOwn }));
    return reached ? ALLOW : hide(because(COURSE_POLICY_MESSAGES.notFound));
  }
  if (action === 'readRequirement') return !object || visible ? ALLOW : hide(because(COURSE_POLICY_MESSAGES.requirementNotFound));
  return both(writesAs(actor, [UserType.Staff]), () => {
    if (!object) return ALLOW;
    switch (action) {
      case 'manage':
        return ALLOW;
      case 'edit':
        return accessible || (object.reach.fullAccess && visible) ? ALLOW : deny(because(COURSE_POLICY_MESSAGES.notYourCourse));
      case 'addPartnerCourse':
        return object.reach.fullAccess ? ALLOW : deny(because(COURSE_POLICY_MESSAGES.partnerNeedsFullAccess));
      case 'acceptFor':
        return accessible ? ALLOW : deny(because(COURSE_POLICY_MESSAGES.acceptForOwnSchool));
    }
  });
};
