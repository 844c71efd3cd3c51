/**
 * Onboarding and the community-college hand-off: only the student themself, writing. A parent's
 * view-as token is read-only, and an admin viewing as the student is refused too: these are the
 * student's own statements and signature, not the counselor's. The four-year plan generator and
 * the CCCApply hand-off also need their feature on at the student's school.
 */
import { ALLOW, both, type Can, deny, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const ONBOARDING_POLICY_MESSAGES = {
  studentsOnly: 'STUDENT_ONLY',
  planDisabled: 'PLAN_DISABLED',
  cccDisabled: 'CCC_DISABLED',
} as const;

export type OnboardingAction = 'viewOwnStatus' | 'answer' | 'generatePlan' | 'applyToCollege';

/** null: may the actor do this at all; `school`: the student's school and its features. */
export type OnboardingObject = null | { school: { fourYearPlanEnabled: boolean; cccApplyEnabled: boolean } };

export const can: Can<OnboardingAction, OnboardingObject> = (actor, action, object) => {
  if (action === 'viewOwnStatus') return ALLOW;
  const student = both(writesAs(actor, [UserType.Student]), () => (actor.actingUserId !== null ? deny(because(ONBOARDING_POLICY_MESSAGES.studentsOnly)) : ALLOW));
  return both(student, () => {
    if (!object) return ALLOW;
    if (action === 'generatePlan' && !object.school.fourYearPlanEnabled) return deny(because(ONBOARDING_POLICY_MESSAGES.planDisabled));
    if (action === 'applyToCollege' && !object.school.cccApplyEnabled) return deny(because(ONBOARDING_POLICY_MESSAGES.cccDisabled));
    return ALLOW;
  });
};
