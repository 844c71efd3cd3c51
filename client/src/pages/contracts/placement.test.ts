import { describe, expect, it } from 'vitest';
import { staffNav } from '../../session/routing';
import { canAdopt, canContinue, missingSpots, todayLocal, valueForSpot } from './placement';
import { en } from '../../i18n/en';

const SPOTS = [
  'ferpa_initials',
  'coppa_initials',
  'tech_initials',
  'academic_initials',
  'enrollment_initials',
  'liability_initials',
  'dispute_initials',
  'agreement_initials',
  'parent_signature',
  'parent_name',
  'parent_date',
];
const adopted = { fullName: 'Casey Morgan', initials: 'CM' };

describe('contract placement', () => {
  it('fills each spot with what it takes', () => {
    const now = new Date(2026, 10, 23, 9, 30);
    expect(valueForSpot('initials', adopted, now)).toBe('CM');
    expect(valueForSpot('signature', adopted, now)).toBe('Casey Morgan');
    expect(valueForSpot('name', adopted, now)).toBe('Casey Morgan');
    expect(valueForSpot('date', adopted, now)).toBe('11/23/2026');
    expect(todayLocal(new Date(2026, 0, 5, 23, 59))).toBe('01/05/2026');
  });

  it('names the missing spots in contract order, blank values included', () => {
    const placed = Object.fromEntries(SPOTS.map((s) => [s, 'x']));
    expect(missingSpots(SPOTS, placed)).toEqual([]);
    delete placed.coppa_initials;
    placed.parent_date = ' ';
    expect(missingSpots(SPOTS, placed)).toEqual(['coppa_initials', 'parent_date']);
    expect(missingSpots(SPOTS, {})).toHaveLength(11);
  });

  it('adopting needs both the full name and the initials', () => {
    expect(canAdopt({ fullName: 'Casey Morgan', initials: '' })).toBe(false);
    expect(canAdopt({ fullName: '  ', initials: 'CM' })).toBe(false);
    expect(canAdopt(adopted)).toBe(true);
  });

  it('continuing needs 11 placed spots and no PDF in progress', () => {
    expect(canContinue(10, false)).toBe(false);
    expect(canContinue(11, true)).toBe(false);
    expect(canContinue(11, false)).toBe(true);
  });
});

it('dual-school staff have a Family Payments link; other staff do not', () => {
  const school = { schoolType: 'HS', fourYearPlanEnabled: true, baselinePlansEnabled: false };
  expect(staffNav({ ...school, dualSchoolEnabled: true }).map((i) => en[i.label])).toContain('Family Payments');
  expect(staffNav({ ...school, dualSchoolEnabled: false }).map((i) => en[i.label])).not.toContain('Family Payments');
});
