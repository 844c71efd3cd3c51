/**
 * The GraphQL enums of the closed sets of strings the API carries: statuses, states, kinds, sort
 * keys and fixed filter values. Each is declared from the list its service (or @planner/shared)
 * already keeps, so the enum cannot drift from the rule, and its values on the wire are exactly the
 * stored strings (`draft`, `changed_since_approval`): a client sends and reads the same text as
 * before, and GraphQL validation refuses any other value with a 400 before a resolver runs. REST
 * keeps plain strings.
 *
 * A set with a value that is not a GraphQL name (a hyphen, a space, a leading digit, the empty
 * string) stays a String: the roster import's format (`oneroster-1.1`), pathway colours (`''`),
 * onboarding's grade (`9`), gender (`non-binary`) and citizenship (`US Citizen`). Two inputs stay
 * Strings because the service takes more than the stored values: the students list's CCCApply filter
 * (case-insensitive, `Not Set`) and createSchool's school type (`hs` or `clg` in any case).
 *
 * The school type and user type enums keep their own declarations (schools/school.entity.ts,
 * accounts/user.entity.ts): their GraphQL names are not the stored values.
 */
import { registerEnumType } from 'type-graphql';
import { APPLICATION_STATUSES, CCC_APPLY_STATUSES, CONSENT_FORM_STATES, CONTACT_PREFERENCES, LOCALES } from '@planner/shared';
import { FOSTER_CARE_AGE_OPTIONS, YES_NO } from '@planner/shared/student-info';
import { DATABASE_KINDS } from '../db/database.js';
import { ACCESS_ACTIONS } from '../modules/access-log/access-actions.js';
import { APPLICATION_DECISIONS } from '../modules/admissions/admission-input.js';
import { CASELOAD_SORTS } from '../modules/caseload/caseload-input.js';
import { EXPORT_STATES } from '../modules/consent-forms/consent-exports.service.js';
import { SPOT_KINDS } from '../modules/contracts/contract-text.js';
import { CONTRACT_STATUSES } from '../modules/contracts/contracts.service.js';
import { NOTE_ROLES } from '../modules/notes/plan-note-store.js';
import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from '../modules/outbox/outbox.entity.js';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from '../modules/payments/payment.entity.js';
import { PLAN_CHANGE_KINDS, PLAN_REVIEW_STATUSES, REVIEW_ACTIONS } from '../modules/plan-review/review-state.js';
import { ROSTER_IMPORT_STATES } from '../modules/roster/roster.service.js';
import { TRANSCRIPT_STATUSES } from '../modules/transcripts/transcript-rows.js';
import { ENTRY_SOURCES } from '../modules/plans/plan-store.js';
import { CONSENT_FILTERS, PLAN_FILTERS, STUDENT_SORTS } from '../modules/students/students.service.js';
import { WHAT_IF_STARTS } from '../modules/what-if-plans/what-if-input.js';

/** The object type-graphql takes as a field's or argument's type: each value named by itself. */
export type StringEnum<V extends string> = { readonly [K in V]: K };

/**
 * Registers the GraphQL enum `name` whose values are exactly `values`, in their order. Every value
 * is described (the schema's documentation test asks for it); the type checker holds the
 * descriptions to the list, one each.
 */
export function stringEnum<const V extends string>(name: string, values: readonly V[], description: string, valueDescriptions: Record<V, string>): StringEnum<V> {
  const asEnum = Object.fromEntries(values.map((v) => [v, v])) as StringEnum<V>;
  registerEnumType(asEnum, {
    name,
    description,
    valuesConfig: Object.fromEntries(values.map((v) => [v, { description: valueDescriptions[v] }])) as Record<V, { description: string }>,
  });
  return asEnum;
}

// ---- accounts and onboarding ------------------------------------------------------------------

export const LocaleEnum = stringEnum('Locale', LOCALES, 'A language of the interface and of the messages the server sends.', {
  en: 'English.',
  es: 'Spanish.',
  vi: 'Vietnamese.',
  zh: 'Simplified Chinese.',
});

export const ContactPreferenceEnum = stringEnum('ContactPreference', CONTACT_PREFERENCES, "How a parent hears of their student's plan review.", {
  email: 'An email.',
  sms: 'A text message to their mobile number.',
});

export const CccApplyStatusEnum = stringEnum('CccApplyStatus', CCC_APPLY_STATUSES, "A student's community-college (CCCApply) hand-off status; none reads Not Set.", {
  consent_signed: 'The student signed the CCCApply consent.',
  account_created: 'The student created their OpenCCC account.',
});

export const YesNoEnum = stringEnum('YesNo', YES_NO, 'An answer of the onboarding demographics: yes or no.', {
  yes: 'Yes.',
  no: 'No.',
});

export const FosterCareAgeEnum = stringEnum('FosterCareAge', FOSTER_CARE_AGE_OPTIONS, 'When the student was in foster care (asked when they were).', {
  current: 'In foster care now.',
  after13: 'In foster care at or after age 13.',
  before13: 'In foster care only before age 13.',
  unknown: 'Not known.',
});

// ---- students list --------------------------------------------------------------------------------

export const StudentSortEnum = stringEnum('StudentSort', STUDENT_SORTS, 'A sort column of the students list.', {
  first_name: 'First name (the default).',
  last_name: 'Last name.',
  email: 'Email address.',
  grade: 'Grade, numerically.',
  ccc_apply_status: 'CCCApply status.',
});

export const ConsentFormStateEnum = stringEnum('ConsentFormState', CONSENT_FORM_STATES, "The state of a student's parent consent form.", {
  admin_signed: 'Prepared and signed by the school.',
  student_signed: 'Signed by the student too.',
  parent_signed: 'Signed by the parent too (before the student).',
  both_signed: 'Signed by the student and the parent.',
});

export const ConsentFilterEnum = stringEnum('ConsentFilter', CONSENT_FILTERS, "The students list's consent filter: a consent form state, or none.", {
  none: 'No consent form yet.',
  admin_signed: 'Prepared and signed by the school.',
  student_signed: 'Signed by the student too.',
  parent_signed: 'Signed by the parent too (before the student).',
  both_signed: 'Signed by the student and the parent.',
});

export const StudentPlanFilterEnum = stringEnum('StudentPlanFilter', PLAN_FILTERS, "The students list's plan filter.", {
  none: 'Students with no plan.',
  warnings: 'Students whose plan has a prerequisite warning.',
});

// ---- plan review and caseload -------------------------------------------------------------------

export const PlanReviewStatusEnum = stringEnum('PlanReviewStatus', PLAN_REVIEW_STATUSES, "A plan's review status.", {
  draft: 'Never submitted (every plan, where the school has plan review off).',
  submitted: 'Submitted for review.',
  returned: "Returned with the counselor's comment.",
  approved: 'Approved, and unchanged since.',
  changed_since_approval: 'Approved, then a course was added, removed, moved or regraded.',
});

export const ReviewActionEnum = stringEnum('ReviewAction', REVIEW_ACTIONS, "An event of a plan's review history.", {
  submitted: 'The student submitted the plan.',
  returned: 'A counselor returned it with a comment.',
  approved: 'A counselor approved it.',
});

export const PlanChangeKindEnum = stringEnum('PlanChangeKind', PLAN_CHANGE_KINDS, 'How a course changed since the approved version.', {
  added: 'Added to the plan.',
  removed: 'Removed from the plan.',
  moved: 'Moved to another term.',
  grade_changed: 'Given another grade.',
});

export const CaseloadSortEnum = stringEnum('CaseloadSort', CASELOAD_SORTS, 'A sort column of the caseload; ties break on last name, first name, id.', {
  last_name: 'Last name (the default).',
  first_name: 'First name.',
  grade: 'Grade.',
  pathway: 'Pathway name.',
  requirements_met: 'Requirements met.',
  missing: 'Requirements missing.',
  warnings: 'Prerequisite warnings.',
  completed_units: 'Completed units.',
  review_status: 'Plan review status.',
  last_plan_change: 'Last change of the plan.',
  unread_notes: 'Notes the caller has not read.',
});

export const NoteRoleEnum = stringEnum('NoteRole', NOTE_ROLES, "The role a note's author wrote in.", {
  staff: 'A teacher or administrator.',
  student: 'The student.',
  parent: 'A parent or guardian.',
});

export const WhatIfStartEnum = stringEnum('WhatIfStart', WHAT_IF_STARTS, 'What a new what-if plan starts from.', {
  empty: 'No courses.',
  official: "A copy of the student's official plan.",
  baseline: "A copy of the school's baseline plan.",
});

// ---- admissions, contracts, payments ------------------------------------------------------------

export const ApplicationStatusEnum = stringEnum('ApplicationStatus', APPLICATION_STATUSES, "A Dual School application status, in the order of the application's life.", {
  not_started: 'Nothing saved yet.',
  in_progress: 'Saved, not submitted.',
  complete: 'Submitted, waiting for a decision.',
  accepted: 'Accepted by staff.',
  enrolled: 'Enrolled (the contract is signed).',
  declined: 'Declined by staff, with a reason.',
  withdrawn: 'Withdrawn: staff recorded the withdrawal, the enrollment ended.',
});

export const ApplicationDecisionEnum = stringEnum('ApplicationDecision', APPLICATION_DECISIONS, 'A staff decision on a submitted application.', {
  accepted: 'Accept it.',
  declined: 'Decline it (a reason is required).',
});

export const ContractStatusEnum = stringEnum('ContractStatus', CONTRACT_STATUSES, 'The state of an enrollment contract.', {
  unsigned: 'No PDF drawn yet.',
  generated: 'The PDF is drawn, not signed.',
  completed: 'Signed; it no longer changes.',
});

export const SpotKindEnum = stringEnum('SpotKind', SPOT_KINDS, 'What a spot of the contract takes.', {
  initials: 'The adopted initials.',
  signature: 'The full name, as a signature.',
  name: 'The full name, printed.',
  date: "Today's local date.",
});

export const PaymentTypeEnum = stringEnum('PaymentType', PAYMENT_TYPES, 'How a family pays: at once or by month.', {
  annual: 'One payment for the year.',
  monthly: 'Monthly instalments.',
  late_fee: 'A late fee on an unpaid amount, one per month late.',
});

export const PaymentStatusEnum = stringEnum('PaymentStatus', PAYMENT_STATUSES, 'The state of a scheduled payment.', {
  due: 'Not paid yet.',
  paid: 'Paid.',
  cancelled: 'Cancelled.',
  waived: 'A late fee staff waived, with a reason.',
});

export const PaymentRecordStatusEnum = stringEnum('PaymentRecordStatus', PAYMENT_RECORD_STATUSES, 'What a row of the payment history records.', {
  paid: 'Money received.',
  failed: 'A charge that failed.',
  refunded: 'Money paid back to the family (a refund).',
});

export const PaymentMethodEnum = stringEnum('PaymentMethod', PAYMENT_METHODS, 'How a payment was made.', {
  card: 'By card, through the checkout.',
  check: 'By check, recorded by staff.',
});

// ---- background work, messages, access log, system ----------------------------------------------

export const RosterImportStateEnum = stringEnum('RosterImportState', ROSTER_IMPORT_STATES, "A roster import's way through the background job.", {
  queued: 'Waiting for the job to start.',
  running: 'Rows being saved.',
  done: 'Finished: the counts and rejected rows are final.',
  failed: 'Stopped; error says why.',
});

export const TranscriptImportStateEnum = stringEnum('TranscriptImportState', ROSTER_IMPORT_STATES, "A transcript import's way through the background job.", {
  queued: 'Waiting for the job to start.',
  running: 'Rows being saved.',
  done: 'Finished: the counts and rejected rows are final.',
  failed: 'Stopped; error says why.',
});

export const EntrySourceEnum = stringEnum('PlanEntrySource', ENTRY_SOURCES, "Where a plan entry's grade and completion come from.", {
  record: "The school's record (an imported transcript): locked for the student and parents; staff correct the record.",
  self_reported: 'Entered by the student: a grade or completion the record does not know.',
  planned: 'Planned: no grade, not completed.',
});

export const TranscriptStatusEnum = stringEnum('TranscriptStatus', TRANSCRIPT_STATUSES, "A course's status on the school's record.", {
  completed: 'Taken to the end (passed or failed: the grade says).',
  in_progress: 'Being taken now.',
  withdrawn: 'Left before the end: not on the plan.',
});

export const ExportStateEnum = stringEnum('ExportState', EXPORT_STATES, "A parent forms export's way through the background job.", {
  queued: 'Waiting for the job to start.',
  running: 'The ZIP being written.',
  done: 'The ZIP is ready to download.',
  failed: 'Stopped; error says why.',
});

export const OutboxChannelEnum = stringEnum('OutboxChannel', OUTBOX_CHANNELS, 'How a message is delivered.', {
  email: 'An email.',
  sms: 'A text message.',
});

export const OutboxStatusEnum = stringEnum('OutboxStatus', OUTBOX_STATUSES, 'Where a message stands.', {
  pending: 'Waiting or retrying.',
  sent: 'Sent.',
  failed: 'Given up after the last attempt.',
});

export const AccessActionEnum = stringEnum('AccessAction', ACCESS_ACTIONS, 'What a row of the access log records.', {
  view_as: 'Viewed the app as the student.',
  plan_pdf_export: "Exported the student's plan as PDF.",
  consent_form_view: "Opened the student's consent form.",
  consent_form_export: "Exported the student's consent form.",
  application_view: "Opened the family's Dual School application.",
  transcript_download: 'Downloaded a transcript of the application.',
  contract_download: 'Downloaded the enrollment contract.',
  student_deleted: 'Deleted the student.',
  caseload_view: 'Showed the student on a page of the caseload.',
  caseload_export: 'Included the student in a caseload CSV export.',
  plan_notes_view: "Read the plan's notes.",
  what_if_view: "Read the student's what-if plans.",
  plan_review_view: "Read the plan's review (state, history, changes).",
  transcript_correction: "Corrected a record of the student's course history from the school's record (the reason and the change are kept).",
});

export const DatabaseKindEnum = stringEnum('DatabaseKind', DATABASE_KINDS, 'Which PostgreSQL the server uses.', {
  embedded: 'The one the server starts itself.',
  server: 'The one DATABASE_URL names.',
});
