/**
 * Pathways and requirements: everyone signed in sees those of their school and its partner
 * schools (and the courses there, to attach); staff change those of their own school, and of the
 * partners too when their school has full access. A parent's view-as token changes nothing.
 */
import { ALLOW, both, type Actor, type Can, deny, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export const PATHWAY_POLICY_MESSAGES = {
  notYourPathway: 'You can only change pathways of your own school.',
  notYourSchool: 'This pathway belongs to a school you do not have access to.',
  courseNotReachable: 'This course belongs to a school you do not have access to.',
} as const;

/** The actor's school facts, loaded once per request: the school of record, its partners, full access. */
export interface PathwayReach {
  schoolId: number | null;
  partners: number[];
  fullAccess: boolean;
}

/**
 * view: a pathway or requirement of `schoolId`; viewCourse: a course of `schoolId` (to see or
 * change what it fulfils); create: a pathway (type-level); edit: a pathway or requirement of
 * `schoolId`, or (with a null object) whether the actor may change fulfilments at all.
 */
export type PathwayAction = 'view' | 'viewCourse' | 'create' | 'edit';
export type PathwayObject = null | { schoolId: number; reach: PathwayReach };

/** The schools whose pathways the actor sees: their school and its partners. */
export const visibleSchoolIds = (reach: PathwayReach): number[] => (reach.schoolId === null ? [] : [reach.schoolId, ...reach.partners]);

function editableSchoolIds(actor: Actor, reach: PathwayReach): number[] {
  if (reach.schoolId === null || actor.type !== UserType.Staff || actor.readOnly) return [];
  return reach.fullAccess ? visibleSchoolIds(reach) : [reach.schoolId];
}

export const can: Can<PathwayAction, PathwayObject> = (actor, action, object) => {
  switch (action) {
    case 'view':
    case 'viewCourse': {
      if (!object || visibleSchoolIds(object.reach).includes(object.schoolId)) return ALLOW;
      return deny(action === 'view' ? PATHWAY_POLICY_MESSAGES.notYourSchool : PATHWAY_POLICY_MESSAGES.courseNotReachable);
    }
    case 'create':
      return writesAs(actor, [UserType.Staff]);
    case 'edit':
      return both(writesAs(actor, [UserType.Staff]), () => {
        if (!object || editableSchoolIds(actor, object.reach).includes(object.schoolId)) return ALLOW;
        return deny(visibleSchoolIds(object.reach).includes(object.schoolId) ? PATHWAY_POLICY_MESSAGES.notYourPathway : PATHWAY_POLICY_MESSAGES.notYourSchool);
      });
  }
};
