/**
 * Pathways and requirements: everyone signed in sees those of the schools they reach (the rule of
 * modules/schools/reach.ts: their schools and those schools' partners) and the courses they reach,
 * to attach; staff change those of their school of record, and of the partners too when their
 * school has full access. A parent's view-as token changes nothing.
 */
import { ALLOW, both, type Actor, type Can, deny, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { reachesCourse, type Reach } from '../schools/reach.js';
import { because } from '../../core/errors.js';

export const PATHWAY_POLICY_MESSAGES = {
  notYourPathway: 'PATHWAY_NOT_YOURS',
  notYourSchool: 'PATHWAY_NOT_VISIBLE',
  courseNotReachable: 'COURSE_NOT_REACHABLE',
} as const;

/** The actor's reach, loaded once per request: the school of record, the schools reached, full access. */
export type PathwayReach = Pick<Reach, 'schoolId' | 'schoolIds' | 'fullAccess'>;

/**
 * view: a pathway or requirement of `schoolId`; viewCourse: a course of `schoolId` (to see or
 * change what it fulfils); create: a pathway (type-level); edit: a pathway or requirement of
 * `schoolId`, or (with a null object) whether the actor may change fulfilments at all.
 * For viewCourse, `acceptedByOwn`: one of the actor's schools accepted the course as transferable.
 */
export type PathwayAction = 'view' | 'viewCourse' | 'create' | 'edit';
export type PathwayObject = null | { schoolId: number; reach: PathwayReach; acceptedByOwn?: boolean };

/** The schools whose pathways the actor sees: the schools they reach. */
export const visibleSchoolIds = (reach: PathwayReach): number[] => reach.schoolIds;

function editableSchoolIds(actor: Actor, reach: PathwayReach): number[] {
  if (reach.schoolId === null || actor.type !== UserType.Staff || actor.readOnly) return [];
  return reach.fullAccess ? visibleSchoolIds(reach) : [reach.schoolId];
}

export const can: Can<PathwayAction, PathwayObject> = (actor, action, object) => {
  switch (action) {
    case 'view':
      return !object || visibleSchoolIds(object.reach).includes(object.schoolId) ? ALLOW : deny(because(PATHWAY_POLICY_MESSAGES.notYourSchool));
    case 'viewCourse':
      return !object || reachesCourse(object.reach, { schoolId: object.schoolId, acceptedByOwn: !!object.acceptedByOwn })
        ? ALLOW
        : deny(because(PATHWAY_POLICY_MESSAGES.courseNotReachable));
    case 'create':
      return writesAs(actor, [UserType.Staff]);
    case 'edit':
      return both(writesAs(actor, [UserType.Staff]), () => {
        if (!object || editableSchoolIds(actor, object.reach).includes(object.schoolId)) return ALLOW;
        return deny(because(visibleSchoolIds(object.reach).includes(object.schoolId) ? PATHWAY_POLICY_MESSAGES.notYourPathway : PATHWAY_POLICY_MESSAGES.notYourSchool));
      });
  }
};
