/**
 * Schools: any signed-in person lists them; staff create one; students and staff join one (staff
 * who already have a school of record only one they are a member of, since joining gives staff
 * every student record of the school); anyone makes a school they belong to their school of record.
 */
import { ALLOW, both, type Can, deny, writable, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';

export const SCHOOL_POLICY_MESSAGES = {
  notMember: 'You are not a member of this school.',
  staffJoin: 'Staff get access to another school through a sign-up code from that school.',
} as const;

export type SchoolAction = 'list' | 'create' | 'join' | 'setSchoolOfRecord';

/** null: may the actor do this at all; otherwise the school and whether the actor is a member. */
export type SchoolObject = null | { schoolId: number; member: boolean };

export const can: Can<SchoolAction, SchoolObject> = (actor, action, object) => {
  switch (action) {
    case 'list':
      return ALLOW;
    case 'create':
      return writesAs(actor, [UserType.Staff]);
    case 'join':
      return both(writesAs(actor, [UserType.Student, UserType.Staff]), () =>
        object && actor.type === UserType.Staff && actor.schoolId !== null && actor.schoolId !== object.schoolId && !object.member
          ? deny(SCHOOL_POLICY_MESSAGES.staffJoin)
          : ALLOW);
    case 'setSchoolOfRecord':
      return both(writable(actor), () => (object && !object.member ? deny(SCHOOL_POLICY_MESSAGES.notMember) : ALLOW));
  }
};
