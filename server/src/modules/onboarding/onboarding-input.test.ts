/** The onboarding payload parsers (onboarding-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { textOf } from '../../test/reasons.js';
import { NUL_MESSAGE, valid, type Checked } from '../../core/validation.js';
import { SIGNATURE_REQUIRED_MESSAGE } from '@planner/shared/student-info';
import { checkConsent, checkDemographics, checkEdGoals, checkStudentInfo, ONBOARDING_INPUT_MESSAGES as M } from './onboarding-input.js';

const message = <T>(c: Checked<T>) => (c.ok ? 'accepted' : c.error.message);
const TODAY = new Date(2026, 5, 15);
const US = ['US'];
const INFO = { grade: '10', dob: '01022010', guardianFirstName: ' Ana ', guardianLastName: 'Ruiz', guardianPhone: '(201) 555-0123' };
const DEMO = { citizenshipStatus: 'us citizen', fosterCare: 'No', homelessness: 'no', gender: 'decline', raceEthnicity: ['Asian', 'Hispanic or Latino', 'asian'] };

describe('checkStudentInfo', () => {
  it('trims the text and keeps the option as spelt', () => {
    expect(valid(checkStudentInfo({ ...INFO, grade: 'College' }, US, TODAY))).toEqual({
      grade: 'college',
      dob: '01022010',
      guardianFirstName: 'Ana',
      guardianLastName: 'Ruiz',
      guardianPhone: '(201) 555-0123',
    });
  });

  it('reports the first problem in form order', () => {
    expect(message(checkStudentInfo({}, US, TODAY))).toBe(textOf(M.grade));
    expect(message(checkStudentInfo({ ...INFO, dob: '1/2/2010', guardianFirstName: '' }, US, TODAY))).toBe(textOf(M.dob));
    expect(message(checkStudentInfo({ ...INFO, dob: '02302010' }, US, TODAY))).toBe(textOf(M.dob));
    expect(message(checkStudentInfo({ ...INFO, dob: '01021899' }, US, TODAY))).toBe(textOf(M.dob));
    expect(message(checkStudentInfo({ ...INFO, dob: '06162026' }, US, TODAY))).toBe(textOf(M.dobFuture));
    expect(valid(checkStudentInfo({ ...INFO, dob: '06152026' }, US, TODAY)).dob).toBe('06152026');
    expect(message(checkStudentInfo({ ...INFO, guardianFirstName: ' ', guardianLastName: '' }, US, TODAY))).toBe(textOf(M.guardianFirstName));
    expect(message(checkStudentInfo({ ...INFO, guardianLastName: '' }, US, TODAY))).toBe(textOf(M.guardianLastName));
    expect(message(checkStudentInfo({ ...INFO, guardianPhone: '555-1234' }, US, TODAY))).toBe(textOf(M.guardianPhone));
    expect(message(checkStudentInfo({ ...INFO, guardianPhone: '555 123 4567 ext' }, US, TODAY))).toBe(textOf(M.guardianPhone));
  });

  it('refuses a guardian phone that cannot get the consent text: another country, premium-rate, unassigned, too long', () => {
    const phone = (guardianPhone: string, countries = US) => message(checkStudentInfo({ ...INFO, guardianPhone }, countries, TODAY));
    for (const foreign of ['+44 7400 123456', '+44 20 7946 0958', '+882 1234 5678', '+1 416 555 0123']) {
      expect(phone(foreign), foreign).toBe('Text messages can go only to phone numbers in US.');
    }
    for (const notMobile of ['+1 900 555 0123', '1-900-555-0123', '+1 800 555 0123', '(555) 123-4567', '+1 201 555 01234567']) {
      expect(phone(notMobile), notMobile).toBe(textOf(M.phoneNotMobile));
    }
    for (const notANumber of ['12345', '1'.repeat(16), '201-555-CALL', '<a href=x>2015550123</a>']) expect(phone(notANumber), notANumber).toBe(textOf(M.guardianPhone));
    // The district's countries decide: a Canadian mobile is fine where Canada is listed, and the guardian phone is kept as typed.
    expect(phone('+1 416 555 0123', ['US', 'CA'])).toBe('accepted');
    expect(valid(checkStudentInfo({ ...INFO, guardianPhone: '+1 (416) 555-0123' }, ['US', 'CA'], TODAY)).guardianPhone).toBe('+1 (416) 555-0123');
  });

  it('refuses hostile input with a message', () => {
    expect(message(checkStudentInfo({ ...INFO, guardianFirstName: 'A\u0000' }, US, TODAY))).toBe(textOf(NUL_MESSAGE));
    expect(message(checkStudentInfo({ ...INFO, guardianLastName: 'x'.repeat(101) }, US, TODAY))).toBe(textOf(M.tooLong('parent or guardian last name', 100)));
    expect(message(checkStudentInfo({ ...INFO, guardianPhone: '1'.repeat(31) }, US, TODAY))).toBe(textOf(M.tooLong('parent or guardian phone number', 30)));
    expect(message(checkStudentInfo({ ...INFO, grade: ['10'] }, US, TODAY))).toBe(textOf(M.grade));
    expect(message(checkStudentInfo({ ...INFO, dob: { y: 2010 } }, US, TODAY))).toBe(textOf(M.dob));
    expect(message(checkStudentInfo([INFO], US, TODAY))).toBe(textOf(M.grade));
    expect(message(checkStudentInfo('grade=10', US, TODAY))).toBe(textOf(M.grade));
    expect(message(checkStudentInfo(null, US, TODAY))).toBe(textOf(M.grade));
  });

  it('ignores a __proto__ key and unknown fields', () => {
    const raw = JSON.parse(`{"__proto__":{"grade":"9"},"role":"admin",${JSON.stringify(INFO).slice(1)}`);
    const out = valid(checkStudentInfo(raw, US, TODAY));
    expect(out.grade).toBe('10');
    expect(Object.keys(out).sort()).toEqual(['dob', 'grade', 'guardianFirstName', 'guardianLastName', 'guardianPhone']);
    expect(({} as Record<string, unknown>).grade).toBeUndefined();
  });
});

describe('checkDemographics', () => {
  it('keeps the options as spelt, race in the form order and each once; no foster-care age unless in foster care', () => {
    expect(valid(checkDemographics({ ...DEMO, fosterCareAge: 'current' }))).toEqual({
      citizenshipStatus: 'US Citizen',
      fosterCare: 'no',
      fosterCareAge: null,
      homelessness: 'no',
      gender: 'decline',
      raceEthnicity: ['Hispanic or Latino', 'Asian'],
    });
    expect(valid(checkDemographics({ ...DEMO, fosterCare: 'yes', fosterCareAge: 'After13', raceEthnicity: undefined }))).toMatchObject({
      fosterCare: 'yes',
      fosterCareAge: 'after13',
      raceEthnicity: [],
    });
  });

  it('reports the first problem in form order', () => {
    expect(message(checkDemographics({}))).toBe(textOf(M.citizenship));
    expect(message(checkDemographics({ ...DEMO, fosterCare: 'maybe', gender: 'x' }))).toBe(textOf(M.fosterCare));
    expect(message(checkDemographics({ ...DEMO, fosterCare: 'yes' }))).toBe(textOf(M.fosterCareAge));
    expect(message(checkDemographics({ ...DEMO, homelessness: '' }))).toBe(textOf(M.homelessness));
    expect(message(checkDemographics({ ...DEMO, gender: 'other' }))).toBe(textOf(M.gender));
    expect(message(checkDemographics({ ...DEMO, raceEthnicity: ['Martian'] }))).toBe(textOf(M.raceEthnicity));
  });

  it('refuses hostile input with a message', () => {
    expect(message(checkDemographics({ ...DEMO, raceEthnicity: 'Asian' }))).toBe(textOf(M.raceEthnicity));
    expect(message(checkDemographics({ ...DEMO, raceEthnicity: { 0: 'Asian' } }))).toBe(textOf(M.raceEthnicity));
    expect(message(checkDemographics({ ...DEMO, raceEthnicity: [['Asian']] }))).toBe(textOf(M.raceEthnicity));
    expect(message(checkDemographics({ ...DEMO, gender: 'decline\u0000' }))).toBe(textOf(M.gender));
    expect(message(checkDemographics({ ...DEMO, citizenshipStatus: 'x'.repeat(100_000) }))).toBe(textOf(M.citizenship));
    expect(message(checkDemographics([DEMO]))).toBe(textOf(M.citizenship));
    const raw = JSON.parse(`{"__proto__":{"gender":"male"},${JSON.stringify(DEMO).slice(1)}`);
    expect(valid(checkDemographics(raw)).gender).toBe('decline');
  });
});

describe('checkEdGoals', () => {
  it('takes one answer or a list of 1 to 10, trimmed', () => {
    expect(valid(checkEdGoals(' transfer '))).toEqual(['transfer']);
    expect(valid(checkEdGoals(['a', ' b ']))).toEqual(['a', 'b']);
    expect(valid(checkEdGoals(Array(10).fill('a')))).toHaveLength(10);
  });

  it('refuses hostile input with a message', () => {
    expect(message(checkEdGoals(undefined))).toBe(textOf(M.edGoals));
    expect(message(checkEdGoals([]))).toBe(textOf(M.edGoals));
    expect(message(checkEdGoals(Array(11).fill('a')))).toBe(textOf(M.edGoals));
    expect(message(checkEdGoals(['x'.repeat(501)]))).toBe(textOf(M.edGoals));
    expect(message(checkEdGoals([42]))).toBe(textOf(M.edGoals));
    expect(message(checkEdGoals({ 0: 'a', length: 1 }))).toBe(textOf(M.edGoals));
    expect(message(checkEdGoals(JSON.parse('{"__proto__":["a"]}')))).toBe(textOf(M.edGoals));
    expect(message(checkEdGoals(['ok', 'a\u0000b']))).toBe(textOf(NUL_MESSAGE));
  });
});

describe('checkConsent', () => {
  it('keeps the boxes as sent (text true/false too), missing ones false, and the trimmed signature', () => {
    const out = valid(checkConsent({ consentDataRelease: true, consentCCCApply: 'false', consentVerification: 'true', electronicSignature: ' Ana Ruiz ' }));
    expect(out).toMatchObject({ consentDataRelease: true, consentCCCApply: false, consentVerification: true, consentTermsOfUse: false, electronicSignature: 'Ana Ruiz' });
  });

  it('refuses hostile input with a message', () => {
    expect(message(checkConsent({ consentDataRelease: 'yes', electronicSignature: '' }))).toBe(textOf(M.consentBoolean('consentDataRelease')));
    expect(message(checkConsent({ consentTermsOfUse: 1, electronicSignature: 'A' }))).toBe(textOf(M.consentBoolean('consentTermsOfUse')));
    expect(message(checkConsent({ consentCCCApply: [true], electronicSignature: 'A' }))).toBe(textOf(M.consentBoolean('consentCCCApply')));
    expect(message(checkConsent({}))).toBe(textOf(SIGNATURE_REQUIRED_MESSAGE));
    expect(message(checkConsent({ electronicSignature: { name: 'A' } }))).toBe(textOf(SIGNATURE_REQUIRED_MESSAGE));
    expect(message(checkConsent({ electronicSignature: 'A\u0000' }))).toBe(textOf(NUL_MESSAGE));
    expect(message(checkConsent({ electronicSignature: 'x'.repeat(201) }))).toBe(textOf(M.signatureTooLong));
    expect(message(checkConsent(['A']))).toBe(textOf(SIGNATURE_REQUIRED_MESSAGE));
    const raw = JSON.parse('{"__proto__":{"consentDataRelease":true},"electronicSignature":"A"}');
    expect(valid(checkConsent(raw)).consentDataRelease).toBe(false);
  });
});
