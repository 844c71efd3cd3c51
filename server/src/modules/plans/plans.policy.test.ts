/** Who has a plan, who may change it, which courses go in it (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { can, PLAN_POLICY_MESSAGES as M, type PlanAction, type PlanObject } from './plans.policy.js';

const reachable: PlanObject = { reachable: true };
const foreign: PlanObject = { reachable: false };

const table: [keyof typeof ACTORS, PlanAction, PlanObject, string][] = [
  ['student', 'view', null, 'ok'],
  ['student', 'edit', null, 'ok'],
  ['baseline', 'view', null, 'ok'],
  ['baseline', 'edit', null, 'ok'],
  ['adminAsStudent', 'edit', null, 'ok'],
  ['parentAsStudent', 'view', null, 'ok'],
  ['parentAsStudent', 'edit', null, `403 ${READ_ONLY_MESSAGE}`],
  ['admin', 'view', null, `403 ${M.notAPlan}`],
  ['parent', 'edit', null, `403 ${M.notAPlan}`],
  ['otherParent', 'view', null, `403 ${M.notAPlan}`],
  ['student', 'viewCourse', reachable, 'ok'],
  ['otherStudent', 'viewCourse', foreign, `404 ${M.courseNotFound}`],
  ['admin', 'viewCourse', reachable, 'ok'],
  ['student', 'scheduleCourse', reachable, 'ok'],
  ['student', 'scheduleCourse', foreign, `404 ${M.courseNotFound}`],
  ['parentAsStudent', 'scheduleCourse', reachable, `403 ${READ_ONLY_MESSAGE}`],
  ['admin', 'scheduleCourse', reachable, `403 ${M.notAPlan}`],
];

describe('plans policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
