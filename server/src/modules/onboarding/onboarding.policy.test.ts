/** Onboarding and the CCCApply hand-off are the student's own (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { can, ONBOARDING_POLICY_MESSAGES as M, type OnboardingAction, type OnboardingObject } from './onboarding.policy.js';

const allOn: OnboardingObject = { school: { fourYearPlanEnabled: true, cccApplyEnabled: true } };
const allOff: OnboardingObject = { school: { fourYearPlanEnabled: false, cccApplyEnabled: false } };

const table: [keyof typeof ACTORS, OnboardingAction, OnboardingObject, string][] = [
  ['student', 'answer', null, 'ok'],
  ['student', 'generatePlan', allOn, 'ok'],
  ['student', 'generatePlan', allOff, `403 ${M.planDisabled}`],
  ['student', 'applyToCollege', allOn, 'ok'],
  ['student', 'applyToCollege', allOff, `403 ${M.cccDisabled}`],
  ['adminAsStudent', 'answer', null, `403 ${M.studentsOnly}`],
  ['adminAsStudent', 'applyToCollege', allOn, `403 ${M.studentsOnly}`],
  ['parentAsStudent', 'answer', null, `403 ${READ_ONLY_MESSAGE}`],
  ['parent', 'answer', null, '403'],
  ['admin', 'generatePlan', allOn, '403'],
  ['baseline', 'answer', null, '403'],
  ['parentAsStudent', 'viewOwnStatus', null, 'ok'],
  ['admin', 'viewOwnStatus', null, 'ok'],
];

describe('onboarding policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
