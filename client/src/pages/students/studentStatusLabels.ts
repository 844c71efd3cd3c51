/**
 * Student statuses in words, in the reader's language: the parent consent form state (planning §2:
 * admin_signed, student_signed, both_signed have a label; anything else is Unknown) and the CCCApply
 * status (missing is Not Set). The stored values stay as the spec has them; only these labels show.
 */
import { CCC_APPLY_STATUSES, CONSENT_FORM_STATES, type CccApplyStatus, type ConsentFormState } from '@planner/shared';
import type { MessageKey, TFunction } from '../../i18n';

const CONSENT: Partial<Record<ConsentFormState, MessageKey>> = {
  admin_signed: 'students.consentAdminSigned',
  student_signed: 'students.consentStudentSigned',
  both_signed: 'students.consentBothSigned',
};

const CCC: Record<CccApplyStatus, MessageKey> = {
  consent_signed: 'students.cccConsentSigned',
  account_created: 'students.cccAccountCreated',
};

/** What the server's dashboard and list call a student without a CCCApply status. */
export const CCC_NOT_SET = 'Not Set';

export function consentStateLabel(t: TFunction, state: string | null | undefined): string {
  const key = (CONSENT_FORM_STATES as readonly string[]).includes(state ?? '') ? CONSENT[state as ConsentFormState] : undefined;
  return t(key ?? 'students.consentUnknown');
}

/** A status the client does not know yet is shown in words too: underscores become spaces. */
export function cccApplyStatusLabel(t: TFunction, status: string | null | undefined): string {
  const s = status?.trim() ?? '';
  if (!s || s === CCC_NOT_SET) return t('students.notSet');
  if ((CCC_APPLY_STATUSES as readonly string[]).includes(s)) return t(CCC[s as CccApplyStatus]);
  return s.replace(/_/g, ' ');
}
