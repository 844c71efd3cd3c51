/** What a row of the access log records (student_record_access.action). */
export const ACCESS_ACTIONS = [
  'view_as',
  'plan_pdf_export',
  'consent_form_view',
  'consent_form_export',
  'application_view',
  'transcript_download',
  'contract_download',
  'student_deleted',
  'caseload_view',
  'caseload_export',
  'plan_notes_view',
  'what_if_view',
  'plan_review_view',
  'transcript_correction',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
