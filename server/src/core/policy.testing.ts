/**
 * Actors and a verdict reader for the policy unit tests: every policy table reads
 * `[actor, action, object, expected]` with expected 'ok', '403' or '404' (optionally with the reason code).
 */
import { UserType } from '@planner/shared';
import type { Actor, Can } from './policy.js';

/** School A (id 1) is "ours"; school B (id 2) is another school. */
export const SCHOOL_A = 1;
export const SCHOOL_B = 2;

const base = (o: Partial<Actor>): Actor => ({
  userId: 0,
  type: UserType.Student,
  schoolId: SCHOOL_A,
  actingUserId: null,
  readOnly: false,
  tokenKind: 'session',
  ...o,
});

export const ACTORS = {
  student: base({ userId: 10, type: UserType.Student }),
  otherStudent: base({ userId: 11, type: UserType.Student, schoolId: SCHOOL_B }),
  /** School A's admin. */
  admin: base({ userId: 20, type: UserType.Staff }),
  otherAdmin: base({ userId: 21, type: UserType.Staff, schoolId: SCHOOL_B }),
  /** Staff reaching no school at all. */
  staffWithoutSchool: base({ userId: 22, type: UserType.Staff, schoolId: null }),
  adminWithApiToken: base({ userId: 20, type: UserType.Staff, tokenKind: 'api' }),
  /** School A's admin viewing as student 10. */
  adminAsStudent: base({ userId: 10, type: UserType.Student, actingUserId: 20 }),
  parent: base({ userId: 30, type: UserType.Parent }),
  otherParent: base({ userId: 31, type: UserType.Parent, schoolId: SCHOOL_B }),
  /** Parent 30 viewing as student 10: read-only. */
  parentAsStudent: base({ userId: 10, type: UserType.Student, actingUserId: 30, readOnly: true }),
  baseline: base({ userId: 40, type: UserType.BaselinePlan }),
} satisfies Record<string, Actor>;

/** 'ok', or the refusal as '403'/'404' followed by its reason code when it has one. */
export function verdict<A extends string, O>(can: Can<A, O>, actor: Actor, action: A, object: O): string {
  const v = can(actor, action, object);
  if (v === true) return 'ok';
  return `${v.hidden ? '404' : '403'}${v.message ? ` ${v.message.reason}` : ''}`;
}
