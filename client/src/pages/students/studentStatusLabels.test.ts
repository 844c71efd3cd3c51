import { CCC_APPLY_STATUSES, CONSENT_FORM_STATES } from '@planner/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, makeT } from '../../i18n/core';
import { cccApplyStatusLabel, consentStateLabel } from './studentStatusLabels';

const en = makeT('en');
const es = makeT('es');
beforeAll(() => loadCatalogue('es'));

describe('student statuses in words', () => {
  it('names every CCCApply status in English and Spanish, never the stored value', () => {
    expect(CCC_APPLY_STATUSES.map((s) => cccApplyStatusLabel(en, s))).toEqual(['Consent Signed', 'Account Created']);
    expect(CCC_APPLY_STATUSES.map((s) => cccApplyStatusLabel(es, s))).toEqual(['Consentimiento firmado', 'Cuenta creada']);
  });

  it('reads a missing CCCApply status (null, empty or the server\'s "Not Set") as Not Set', () => {
    expect([null, '', '  ', 'Not Set'].map((s) => cccApplyStatusLabel(en, s))).toEqual(['Not Set', 'Not Set', 'Not Set', 'Not Set']);
    expect(cccApplyStatusLabel(es, null)).toBe('Sin definir');
  });

  it('shows an unknown future CCCApply status without underscores', () => {
    expect(cccApplyStatusLabel(en, 'application_submitted')).toBe('application submitted');
  });

  it('labels consent states as planning §2 says, and anything else as Unknown', () => {
    expect(CONSENT_FORM_STATES.map((s) => consentStateLabel(en, s))).toEqual(['Needs Student and Parent Signatures', 'Needs Parent Signature', 'Unknown', 'Completed']);
    expect([null, 'none', 'garbage'].map((s) => consentStateLabel(en, s))).toEqual(['Unknown', 'Unknown', 'Unknown']);
    expect(consentStateLabel(es, 'student_signed')).toBe('Falta la firma del padre/madre');
    expect(consentStateLabel(es, 'both_signed')).toBe('Completado');
  });
});
