/**
 * Schools: any signed-in person lists them; staff create one; students and staff join one (staff
 * who already have a school of record only one they are a member of, since joining gives staff
 * every student record of the school); anyone makes a school they belong to their school of record.
 * Staff set their school of record's graduation pathway (the caseload's default for a student who
 * marked none), to a pathway of that school only: another school's pathway is "not found".
 * Staff turn plan review (plan_approval_enabled) on or off for their school of record, and set its
 * planning settings (per-term caps, the first grade for partner college courses).
 */
import { ALLOW, both, type Can, deny, hide, writable, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const SCHOOL_POLICY_MESSAGES = {
  notMember: 'NOT_SCHOOL_MEMBER',
  staffJoin: 'STAFF_JOIN_BY_CODE',
  staffOnlyGraduation: 'GRADUATION_PATHWAY_STAFF_ONLY',
  noSchool: 'NO_SCHOOL_OF_RECORD',
  pathwayNotFound: 'PATHWAY_NOT_FOUND',
  staffOnlyPlanApproval: 'PLAN_APPROVAL_STAFF_ONLY',
  staffOnlyAutoPlan: 'AUTO_PLAN_SETTINGS_STAFF_ONLY',
} as const;

export type SchoolAction = 'list' | 'create' | 'join' | 'setSchoolOfRecord' | 'setGraduationPathway' | 'setPlanApproval' | 'setAutoPlanSettings';

/**
 * null: may the actor do this at all; otherwise the school and whether the actor is a member, and
 * for setGraduationPathway whether the chosen pathway (if any) belongs to that school.
 */
export type SchoolObject = null | { schoolId: number | null; member: boolean; pathwayOfSchool?: boolean };

export const can: Can<SchoolAction, SchoolObject> = (actor, action, object) => {
  switch (action) {
    case 'list':
      return ALLOW;
    case 'create':
      return writesAs(actor, [UserType.Staff]);
    case 'join':
      return both(writesAs(actor, [UserType.Student, UserType.Staff]), () =>
        object && actor.type === UserType.Staff && actor.schoolId !== null && actor.schoolId !== object.schoolId && !object.member
          ? deny(because(SCHOOL_POLICY_MESSAGES.staffJoin))
          : ALLOW,
      );
    case 'setSchoolOfRecord':
      return both(writable(actor), () => (object && !object.member ? deny(because(SCHOOL_POLICY_MESSAGES.notMember)) : ALLOW));
    case 'setGraduationPathway':
      return both(writesAs(actor, [UserType.Staff], because(SCHOOL_POLICY_MESSAGES.staffOnlyGraduation)), () => {
        if (!object) return ALLOW;
        if (object.schoolId === null || !object.member) return deny(because(SCHOOL_POLICY_MESSAGES.noSchool));
        return object.pathwayOfSchool === false ? hide(because(SCHOOL_POLICY_MESSAGES.pathwayNotFound)) : ALLOW;
      });
    case 'setPlanApproval':
      return both(writesAs(actor, [UserType.Staff], because(SCHOOL_POLICY_MESSAGES.staffOnlyPlanApproval)), () =>
        object && (object.schoolId === null || !object.member) ? deny(because(SCHOOL_POLICY_MESSAGES.noSchool)) : ALLOW,
      );
    case 'setAutoPlanSettings':
      return both(writesAs(actor, [UserType.Staff], because(SCHOOL_POLICY_MESSAGES.staffOnlyAutoPlan)), () =>
        object && (object.schoolId === null || !object.member) ? deny(because(SCHOOL_POLICY_MESSAGES.noSchool)) : ALLOW,
      );
  }
};
