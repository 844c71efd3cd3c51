/** Who may view as which student, and end a view (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { UserType } from './user.entity.js';
import { can, VIEW_AS_POLICY_MESSAGES as M, type ViewAsAction, type ViewAsObject } from './view-as.policy.js';

const NOT_FOUND = `404 ${M.studentNotFound}`;
const student = (type: UserType, schoolId: number | null, facts: { reach?: number[]; linked?: boolean } = {}): ViewAsObject => ({
  student: { type, schoolId },
  reach: facts.reach ?? [],
  linked: facts.linked ?? false,
});
const ourStudent = (facts = {}) => student(UserType.Student, SCHOOL_A, facts);

const held = (userId: number, actingUserId: number | null = null, heldType?: UserType | null, role = UserType.Staff): ViewAsObject => ({
  held: { userId, actingUserId },
  heldType,
  role,
});

const table: [keyof typeof ACTORS, ViewAsAction, ViewAsObject, string][] = [
  ['admin', 'start', null, 'ok'],
  ['admin', 'start', ourStudent({ reach: [SCHOOL_A] }), 'ok'],
  ['admin', 'start', student(UserType.BaselinePlan, SCHOOL_A, { reach: [SCHOOL_A] }), 'ok'],
  ['otherAdmin', 'start', ourStudent({ reach: [SCHOOL_B] }), NOT_FOUND],
  ['admin', 'start', student(UserType.Student, null, { reach: [SCHOOL_A] }), NOT_FOUND],
  ['admin', 'start', student(UserType.Parent, SCHOOL_A, { reach: [SCHOOL_A] }), NOT_FOUND],
  ['admin', 'start', student(UserType.Staff, SCHOOL_A, { reach: [SCHOOL_A] }), NOT_FOUND],
  ['parent', 'start', ourStudent({ linked: true }), 'ok'],
  ['otherParent', 'start', ourStudent({ linked: false }), NOT_FOUND],
  ['parent', 'start', student(UserType.BaselinePlan, SCHOOL_A, { linked: true }), NOT_FOUND],
  ['student', 'start', ourStudent({ reach: [SCHOOL_A], linked: true }), NOT_FOUND],
  ['baseline', 'start', ourStudent({ reach: [SCHOOL_A] }), NOT_FOUND],
  ['adminAsStudent', 'start', null, `403 ${M.nested}`],
  ['parentAsStudent', 'start', ourStudent({ linked: true }), `403 ${M.nested}`],
  // Returning: only with the acting person's own session token, of the returning role.
  ['adminAsStudent', 'return', held(ACTORS.admin.userId), 'ok'],
  ['adminAsStudent', 'return', held(ACTORS.admin.userId, null, UserType.Staff), 'ok'],
  ['adminAsStudent', 'return', held(ACTORS.admin.userId, null, UserType.Staff, UserType.Parent), `403 ${M.sessionEnded}`],
  ['adminAsStudent', 'return', held(ACTORS.otherAdmin.userId), `403 ${M.sessionEnded}`],
  ['adminAsStudent', 'return', held(ACTORS.admin.userId, ACTORS.student.userId), `403 ${M.sessionEnded}`],
  ['adminAsStudent', 'return', { held: null, role: UserType.Staff }, `403 ${M.sessionEnded}`],
  ['parentAsStudent', 'return', held(ACTORS.parent.userId, null, UserType.Parent, UserType.Parent), 'ok'],
  ['parentAsStudent', 'return', held(ACTORS.parent.userId, null, null, UserType.Parent), `403 ${M.sessionEnded}`],
];

describe('view-as policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
