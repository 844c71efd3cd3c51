/**
 * A consent form as the consent services read it: the messages its callers hear, its row in
 * consent_forms, and the parent's link code that finds it. Shared by the form service
 * (consent-forms.service.ts) and the signing (consent-signing.service.ts); it imports neither.
 *
 * The parent's link code is 32 random bytes (base64url), stored only as its SHA-256.
 */
import crypto from 'node:crypto';
import type { ConsentFieldConfig, ConsentState } from '@planner/shared/consent-form';
import { CONSENT_POLICY_MESSAGES } from './consent-forms.policy.js';

export const CONSENT_MESSAGES = {
  notEnabled: 'CONSENT_FORMS_DISABLED',
  alreadySigned: 'CONSENT_ALREADY_SIGNED',
  studentFirst: 'CONSENT_STUDENT_FIRST',
  ...CONSENT_POLICY_MESSAGES,
  noForm: 'CONSENT_NO_FORM',
  noneToExport: 'CONSENT_NONE_TO_EXPORT',
} as const;

/** The columns of a form the services work with (FORM_COLUMNS reads them). */
export interface FormRow {
  id: string;
  student_id: number;
  school_id: number;
  state: ConsentState;
  field_config: ConsentFieldConfig | null;
  page_count: number | null;
}

export const FORM_COLUMNS = 'id, student_id, school_id, state, field_config, page_count';

/** The shape of a parent's link code; anything else is a 404 before the database is asked. */
export const PARENT_CODE = /^[A-Za-z0-9_-]{43}$/;

export const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');
export const newParentCode = () => crypto.randomBytes(32).toString('base64url');
