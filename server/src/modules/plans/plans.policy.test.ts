/** Who has a plan, who may change it, which courses go in it (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { can, PLAN_POLICY_MESSAGES as M, type PlanAction, type PlanObject } from './plans.policy.js';

const reach = { schoolIds: [1, 3] };
const reachable: PlanObject = { reach, course: { schoolId: 3, acceptedByOwn: false } };
const foreign: PlanObject = { reach, course: { schoolId: 2, acceptedByOwn: false } };
const accepted: PlanObject = { reach, course: { schoolId: 2, acceptedByOwn: true } };
const missing: PlanObject = { reach, course: null };

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
  // A course of a school out of reach that one of the student's schools accepted: readable and schedulable alike.
  ['student', 'viewCourse', accepted, 'ok'],
  ['student', 'scheduleCourse', accepted, 'ok'],
  ['student', 'viewCourse', missing, `404 ${M.courseNotFound}`],
  ['student', 'scheduleCourse', missing, `404 ${M.courseNotFound}`],
];

describe('plans policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
