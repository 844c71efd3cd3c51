import { describe, expect, it } from 'vitest';
import { afterCccApplyPath, afterConsentPath, afterDemographicsPath, afterStudentInfoPath, parentReminderNextPath, type OnboardingFlags } from './onboardingRouting';

const KEYS: (keyof OnboardingFlags)[] = ['cccApplyEnabled', 'parentFormEnabled', 'baselinePlansEnabled', 'cccDemoEnabled', 'fourYearPlanEnabled'];

/** Every one of the 32 combinations of the five flags. */
const ALL: OnboardingFlags[] = Array.from({ length: 32 }, (_, n) => Object.fromEntries(KEYS.map((k, i) => [k, Boolean(n & (1 << i))])) as unknown as OnboardingFlags);

const bit = (b: boolean) => (b ? 1 : 0);

describe('onboarding routing, every flag combination', () => {
  it('after student info: ccc apply > parent form > baseline plans > plan', () => {
    // [ccc, parentForm, baseline] -> path
    const table: Record<string, string> = {
      '000': '/plan',
      '001': '/baseline-plans',
      '010': '/parent-form',
      '011': '/parent-form',
      '100': '/student-demographics',
      '101': '/student-demographics',
      '110': '/student-demographics',
      '111': '/student-demographics',
    };
    for (const f of ALL) {
      expect(afterStudentInfoPath(f), JSON.stringify(f)).toBe(table[`${bit(f.cccApplyEnabled)}${bit(f.parentFormEnabled)}${bit(f.baselinePlansEnabled)}`]);
    }
  });

  it('after demographics: parent form > ccc consent > baseline plans > plan', () => {
    // [parentForm, ccc, baseline] -> path
    const table: Record<string, string> = {
      '000': '/plan',
      '001': '/baseline-plans',
      '010': '/cccapply/consent',
      '011': '/cccapply/consent',
      '100': '/parent-form',
      '101': '/parent-form',
      '110': '/parent-form',
      '111': '/parent-form',
    };
    for (const f of ALL) {
      expect(afterDemographicsPath(f), JSON.stringify(f)).toBe(table[`${bit(f.parentFormEnabled)}${bit(f.cccApplyEnabled)}${bit(f.baselinePlansEnabled)}`]);
    }
  });

  it('after consent: the demo confirmation, else the Open CCC account set-up', () => {
    for (const f of ALL) {
      expect(afterConsentPath(f), JSON.stringify(f)).toBe(f.cccDemoEnabled ? '/cccapply/confirmation' : '/cccapply/open-account-setup');
    }
  });

  it("the reminder's Next: ccc consent > (four-year plan: baseline plans or plan) > parent form confirmation", () => {
    // [ccc, fourYear, baseline] -> path
    const table: Record<string, string> = {
      '000': '/parent-form-confirmation',
      '001': '/parent-form-confirmation',
      '010': '/plan',
      '011': '/baseline-plans',
      '100': '/cccapply/consent',
      '101': '/cccapply/consent',
      '110': '/cccapply/consent',
      '111': '/cccapply/consent',
    };
    for (const f of ALL) {
      expect(parentReminderNextPath(f), JSON.stringify(f)).toBe(table[`${bit(f.cccApplyEnabled)}${bit(f.fourYearPlanEnabled)}${bit(f.baselinePlansEnabled)}`]);
    }
  });

  it('after the community-college steps (success Next, skip link): baseline plans or plan', () => {
    for (const f of ALL) expect(afterCccApplyPath(f), JSON.stringify(f)).toBe(f.baselinePlansEnabled ? '/baseline-plans' : '/plan');
  });

  it('a user without a school goes straight to the plan', () => {
    expect(afterStudentInfoPath(null)).toBe('/plan');
    expect(afterDemographicsPath(undefined)).toBe('/plan');
    expect(afterConsentPath(null)).toBe('/cccapply/open-account-setup');
    expect(parentReminderNextPath(null)).toBe('/parent-form-confirmation');
  });
});
