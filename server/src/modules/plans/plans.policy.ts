/**
 * Academic plans: a student and a baseline-plan record have one. The plan a request reads or
 * changes is always the caller's own (on a view-as token, the student's), so the rules are about
 * who has a plan, read-only tokens, and which courses may go in it.
 */
import { ALLOW, both, type Can, deny, hide, onlyTypes, writable } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { reachesCourse, type CourseReachFacts, type Reach } from '../schools/reach.js';
import { because } from '../../core/errors.js';

export const PLAN_POLICY_MESSAGES = {
  notAPlan: 'NOT_A_PLAN',
  courseNotFound: 'COURSE_NOT_FOUND',
  recordLocked: 'TRANSCRIPT_LOCKED',
} as const;

export const PLAN_OWNER_TYPES = [UserType.Student, UserType.BaselinePlan];

/**
 * view, edit: the caller's own plan; viewCourse, scheduleCourse: a course the plan's owner reaches
 * (the rule of modules/schools/reach.ts, the same one that lets them read it); `course` null: no
 * such course.
 */
export type PlanAction = 'view' | 'edit' | 'viewCourse' | 'scheduleCourse' | 'changeEntry';
/**
 * changeEntry: changing an entry's grade or completion, moving or removing it. An entry from the
 * school's record is refused to everyone on the plan (the student, a parent, staff viewing as the
 * student): staff correct the record itself, with a reason (modules/transcripts/).
 */
export type PlanObject = null | { reach: Pick<Reach, 'schoolIds'>; course: CourseReachFacts | null } | { fromRecord: boolean };

export const can: Can<PlanAction, PlanObject> = (actor, action, object) => {
  const course = () =>
    !object || ('course' in object && object.course && reachesCourse(object.reach, object.course)) ? ALLOW : hide(because(PLAN_POLICY_MESSAGES.courseNotFound));
  const owner = () => onlyTypes(actor, PLAN_OWNER_TYPES, because(PLAN_POLICY_MESSAGES.notAPlan));
  switch (action) {
    case 'view':
      return owner();
    case 'edit':
      return both(writable(actor), owner);
    case 'viewCourse':
      return course();
    case 'scheduleCourse':
      return both(both(writable(actor), owner), course);
    case 'changeEntry':
      return both(both(writable(actor), owner), () => (object && 'fromRecord' in object && object.fromRecord ? deny(because(PLAN_POLICY_MESSAGES.recordLocked)) : ALLOW));
  }
};
