/** Baseline plans: staff manage their schools' plans, students copy their school's (pure policy). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { BASELINE_POLICY_MESSAGES as M, can, type BaselineAction, type BaselineObject } from './baseline-plans.policy.js';

const enabled: BaselineObject = { school: { id: SCHOOL_A, baselinePlansEnabled: true } };
const disabled: BaselineObject = { school: { id: SCHOOL_A, baselinePlansEnabled: false } };
const ourPlan: BaselineObject = { plan: { schoolId: SCHOOL_A }, reach: [SCHOOL_A] };
const theirPlan: BaselineObject = { plan: { schoolId: SCHOOL_B }, reach: [SCHOOL_A] };
const missing: BaselineObject = { plan: null, reach: [SCHOOL_A] };

const table: [keyof typeof ACTORS, BaselineAction, BaselineObject, string][] = [
  ['admin', 'list', null, 'ok'],
  ['admin', 'create', enabled, 'ok'],
  ['admin', 'create', disabled, `403 ${M.disabled}`],
  ['admin', 'edit', ourPlan, 'ok'],
  ['admin', 'delete', theirPlan, `404 ${M.notFound}`],
  ['admin', 'duplicate', missing, `404 ${M.notFound}`],
  ['otherAdmin', 'edit', { plan: { schoolId: SCHOOL_A }, reach: [SCHOOL_B] }, `404 ${M.notFound}`],
  ['student', 'list', null, '403'],
  ['student', 'create', enabled, '403'],
  ['parent', 'edit', ourPlan, '403'],
  ['baseline', 'list', null, '403'],
  ['student', 'browse', enabled, 'ok'],
  ['student', 'browse', disabled, `403 ${M.disabled}`],
  ['student', 'browse', { school: null }, `403 ${M.disabled}`],
  ['student', 'viewOwnPlan', null, 'ok'],
  ['student', 'assign', ourPlan, 'ok'],
  ['student', 'assign', theirPlan, `404 ${M.notFound}`],
  ['student', 'clearOwnPlan', null, 'ok'],
  ['admin', 'browse', enabled, '403'],
  ['parent', 'assign', ourPlan, '403'],
  ['baseline', 'assign', ourPlan, '403'],
  ['adminAsStudent', 'assign', ourPlan, 'ok'],
  ['parentAsStudent', 'browse', enabled, 'ok'],
  ['parentAsStudent', 'viewOwnPlan', null, 'ok'],
  ['parentAsStudent', 'assign', ourPlan, `403 ${READ_ONLY_MESSAGE}`],
  ['parentAsStudent', 'clearOwnPlan', null, `403 ${READ_ONLY_MESSAGE}`],
];

describe('baseline plans policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
