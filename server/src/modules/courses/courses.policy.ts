/**
 * The course catalogue: everyone signed in reads the courses of the schools they reach and their
 * partners (and a course their school accepted as transferable); another school's course is "not
 * found". Staff change the courses of their schools, and a partner's when their school has full
 * access; they accept transfers for their own schools only.
 */
import { ALLOW, both, type Can, deny, hide, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export const COURSE_POLICY_MESSAGES = {
  notFound: 'Course not found.',
  requirementNotFound: 'Requirement not found.',
  notYourCourse: 'You can only change the courses of your own school.',
  partnerNeedsFullAccess: 'Only staff of a school with full access may add partner courses.',
  acceptForOwnSchool: 'You can only accept courses for your own school.',
} as const;

/** The actor's catalogue facts, loaded once per request. */
export interface CourseReach {
  /** School of record and memberships. */
  accessibleIds: number[];
  /** Every school whose catalogue the actor reads (theirs and their partners). */
  visibleIds: number[];
  /** The school of record has hs_full_access_enabled. */
  fullAccess: boolean;
}

/**
 * read: a course of `schoolId` (`acceptedHere`: accepted as transferable by the actor's school);
 * readRequirement: a requirement of a pathway of `schoolId`; manage: change the catalogue at all;
 * edit: a course of `schoolId`; addPartnerCourse: a course of a partner school; acceptFor: accept
 * a transfer on behalf of school `schoolId`.
 */
export type CourseAction = 'read' | 'readRequirement' | 'manage' | 'edit' | 'addPartnerCourse' | 'acceptFor';
export type CourseObject = null | { reach: CourseReach; schoolId?: number; acceptedHere?: boolean };

export const can: Can<CourseAction, CourseObject> = (actor, action, object) => {
  const visible = !!object && object.schoolId !== undefined && object.reach.visibleIds.includes(object.schoolId);
  const accessible = !!object && object.schoolId !== undefined && object.reach.accessibleIds.includes(object.schoolId);
  if (action === 'read') return !object || visible || object.acceptedHere ? ALLOW : hide(COURSE_POLICY_MESSAGES.notFound);
  if (action === 'readRequirement') return !object || visible ? ALLOW : hide(COURSE_POLICY_MESSAGES.requirementNotFound);
  return both(writesAs(actor, [UserType.Staff]), () => {
    if (!object) return ALLOW;
    switch (action) {
      case 'manage':
        return ALLOW;
      case 'edit':
        return accessible || (object.reach.fullAccess && visible) ? ALLOW : deny(COURSE_POLICY_MESSAGES.notYourCourse);
      case 'addPartnerCourse':
        return object.reach.fullAccess ? ALLOW : deny(COURSE_POLICY_MESSAGES.partnerNeedsFullAccess);
      case 'acceptFor':
        return accessible ? ALLOW : deny(COURSE_POLICY_MESSAGES.acceptForOwnSchool);
    }
  });
};
