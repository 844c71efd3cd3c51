/**
 * Baseline plans: staff of a school that uses them manage its plans; students of such a school
 * browse them and copy one into their own plan. Another school's plan is "not found".
 */
import { ALLOW, both, type Actor, type Can, deny, hide, onlyTypes, writesAs, type Verdict } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const BASELINE_POLICY_MESSAGES = {
  disabled: 'BASELINE_PLANS_DISABLED',
  notFound: 'BASELINE_PLAN_NOT_FOUND',
} as const;

/** Staff actions over their schools' plans, then students' actions over their own plan. */
export type BaselineAction = 'list' | 'create' | 'edit' | 'delete' | 'duplicate' | 'browse' | 'viewOwnPlan' | 'assign' | 'clearOwnPlan';

type SchoolFacts = { id: number; baselinePlansEnabled: boolean };

/**
 * null: may the actor do this kind of thing at all; `school`: at this school (the staff member's,
 * or the student's); `plan`: this plan, given the schools whose plans the actor reaches (staff:
 * the schools they reach that use baseline plans; a student: their school).
 */
export type BaselineObject = null | { school: SchoolFacts | null } | { plan: { schoolId: number | null } | null; reach: number[] };

const STAFF_ACTIONS = new Set<BaselineAction>(['list', 'create', 'edit', 'delete', 'duplicate']);
const WRITES = new Set<BaselineAction>(['create', 'edit', 'delete', 'duplicate', 'assign', 'clearOwnPlan']);

function onObject(object: BaselineObject): Verdict {
  if (!object) return ALLOW;
  if ('school' in object) return object.school?.baselinePlansEnabled ? ALLOW : deny(because(BASELINE_POLICY_MESSAGES.disabled));
  const schoolId = object.plan?.schoolId ?? null;
  return schoolId !== null && object.reach.includes(schoolId) ? ALLOW : hide(because(BASELINE_POLICY_MESSAGES.notFound));
}

export const can: Can<BaselineAction, BaselineObject> = (actor: Actor, action, object) => {
  const type = STAFF_ACTIONS.has(action) ? UserType.Staff : UserType.Student;
  const gate = WRITES.has(action) ? writesAs(actor, [type]) : onlyTypes(actor, [type]);
  return both(gate, () => onObject(object));
};
