/**
 * The onboarding routing rules of spec 3 §4 (and platform §4) as pure functions of the school's
 * flags, tested once and used by every onboarding page (and the consent area's reminder screen).
 */

export interface OnboardingFlags {
  cccApplyEnabled: boolean;
  parentFormEnabled: boolean;
  baselinePlansEnabled: boolean;
  cccDemoEnabled: boolean;
  fourYearPlanEnabled: boolean;
}

type Flags = Partial<OnboardingFlags> | null | undefined;

/** Baseline plans when the school has them, else the plan. */
export function planStartPath(school: Flags): string {
  return school?.baselinePlansEnabled ? '/baseline-plans' : '/plan';
}

/** After /student-info: demographics (CCC apply), else the parent form, else baseline plans, else the plan. */
export function afterStudentInfoPath(school: Flags): string {
  if (school?.cccApplyEnabled) return '/student-demographics';
  if (school?.parentFormEnabled) return '/parent-form';
  return planStartPath(school);
}

/** After /student-demographics (the cached user refreshed first): parent form, else CCC consent, else baseline plans, else the plan. */
export function afterDemographicsPath(school: Flags): string {
  if (school?.parentFormEnabled) return '/parent-form';
  if (school?.cccApplyEnabled) return '/cccapply/consent';
  return planStartPath(school);
}

/** After /cccapply/consent: the demo's email confirmation, else the Open CCC account set-up. */
export function afterConsentPath(school: Flags): string {
  return school?.cccDemoEnabled ? '/cccapply/confirmation' : '/cccapply/open-account-setup';
}

/** The reminder screen's Next ('Reminder: Parent Signature Needed', /parent-form-success). */
export function parentReminderNextPath(school: Flags): string {
  if (school?.cccApplyEnabled) return '/cccapply/consent';
  if (school?.fourYearPlanEnabled) return planStartPath(school);
  return '/parent-form-confirmation';
}

/** /cccapply/success's Next and /cccapply/open-account-setup's skip link. */
export function afterCccApplyPath(school: Flags): string {
  return planStartPath(school);
}
