/**
 * Dual School admission application rules shared word for word by the server (which enforces them)
 * and the client (wizard, summary): the steps with their fields and summary labels, the required
 * fields (admissions §5), where the wizard resumes (§4), and the status moves. Pure functions, no
 * imports: the client bundles this file too.
 */

export type FieldKind = 'text' | 'textarea' | 'email' | 'tel' | 'date' | 'bool' | 'files';

export interface ApplicationField {
  name: string;
  /** The label of the summary tables (and of the wizard's input unless `input` says otherwise). */
  label: string;
  kind: FieldKind;
  /** Required on submit (the browser form's `required` and the server's check). */
  required?: boolean;
  /** Required only while 'Same as Parent/Guardian #1' is unchecked. */
  requiredUnlessSameAsParent1?: boolean;
  /** The wizard's input label when it differs from the summary label. */
  input?: string;
  /** A hint shown under the input. */
  hint?: string;
  /** Saved but without an input in the wizard (the student signature of step 10). */
  noInput?: boolean;
}

export interface ApplicationStepDef {
  /** The step number saved in form_data: 1-8, then 10 (9 is unused in saved data). */
  step: number;
  title: string;
  fields: ApplicationField[];
}

const parent = (n: 1 | 2, required: boolean): ApplicationField[] => [
  { name: `parent${n}FullName`, label: `Parent/Guardian #${n} Full Name`, kind: 'text', required },
  { name: `parent${n}Relationship`, label: `Parent/Guardian #${n} Relationship`, kind: 'text', required },
  { name: `parent${n}Email`, label: `Parent/Guardian #${n} Email`, kind: 'email', required },
  { name: `parent${n}Phone`, label: `Parent/Guardian #${n} Phone`, kind: 'tel', required },
  { name: `parent${n}Address`, label: `Parent/Guardian #${n} Address`, kind: 'text', required },
  { name: `parent${n}Occupation`, label: `Parent/Guardian #${n} Occupation`, kind: 'text' },
  { name: `parent${n}Employer`, label: `Parent/Guardian #${n} Employer`, kind: 'text' },
];

/** The saved steps in the order of the wizard and of the summary's nine sections. */
export const APPLICATION_STEPS: ApplicationStepDef[] = [
  {
    step: 1,
    title: 'Applicant Information',
    fields: [
      { name: 'studentFullName', label: 'Full Legal Name', kind: 'text', required: true },
      { name: 'studentPreferredName', label: 'Preferred Name', kind: 'text' },
      { name: 'studentDOB', label: 'Date of Birth', kind: 'text', required: true, input: 'Date of Birth (MM/DD/YYYY)' },
      { name: 'studentCurrentGrade', label: 'Current Grade', kind: 'text', required: true },
      { name: 'studentApplyingGrade', label: 'Applying for Grade', kind: 'text', required: true, hint: '9, 10, 11, 12' },
      { name: 'studentEmail', label: 'Student Email', kind: 'email', required: true },
      { name: 'studentPhone', label: 'Student Phone', kind: 'tel' },
    ],
  },
  { step: 2, title: 'Family Information', fields: [...parent(1, true), ...parent(2, false)] },
  {
    step: 3,
    title: 'Emergency Contact Information',
    fields: [
      { name: 'emergencySameAsParent1', label: 'Emergency Contact Same as Parent 1', kind: 'bool', input: 'Same as Parent/Guardian #1' },
      { name: 'emergencyName', label: 'Emergency Contact Name', kind: 'text', requiredUnlessSameAsParent1: true },
      { name: 'emergencyRelationship', label: 'Emergency Contact Relationship', kind: 'text', requiredUnlessSameAsParent1: true },
      { name: 'emergencyPrimaryPhone', label: 'Emergency Contact Primary Phone', kind: 'tel', requiredUnlessSameAsParent1: true },
      { name: 'emergencyAlternatePhone', label: 'Emergency Contact Alternate Phone', kind: 'tel' },
    ],
  },
  {
    step: 4,
    title: 'Student Educational Background',
    fields: [
      { name: 'schoolName', label: 'Current/Most Recent School', kind: 'text', required: true },
      { name: 'schoolDates', label: 'Dates Attended', kind: 'text', required: true },
      { name: 'schoolReason', label: 'Reason for Leaving', kind: 'textarea' },
    ],
  },
  {
    step: 5,
    title: 'Academic & Personal Interests',
    fields: [
      { name: 'academicStrengths', label: 'Academic Strengths', kind: 'textarea' },
      { name: 'hobbies', label: 'Hobbies & Interests', kind: 'textarea' },
      { name: 'interestInDual', label: 'Interest in Dual School', kind: 'textarea', input: 'Why are you interested in Dual School?' },
    ],
  },
  {
    step: 6,
    title: 'Additional Information',
    fields: [{ name: 'specialNeeds', label: 'Special Needs or Accommodations', kind: 'textarea' }],
  },
  {
    step: 7,
    title: 'Technology Access',
    fields: [
      { name: 'techComputer', label: 'Has Daily Computer Access', kind: 'bool', input: 'The student has daily access to a computer' },
      { name: 'techInternet', label: 'Has Reliable Internet Access', kind: 'bool', input: 'The student has reliable internet access' },
    ],
  },
  {
    step: 8,
    title: 'Transcript Upload',
    fields: [{ name: 'transcriptFiles', label: 'Transcript Files', kind: 'files', input: 'Unofficial transcripts', hint: 'PDF, JPG, PNG, DOC' }],
  },
  {
    step: 10,
    title: 'Signature & Acknowledgment',
    fields: [
      { name: 'parentSignature', label: 'Parent/Guardian Signature', kind: 'text', required: true, input: 'Parent/Guardian Signature (type your full name)' },
      { name: 'parentSignatureDate', label: 'Parent/Guardian Signature Date', kind: 'date', required: true, input: 'Date' },
      { name: 'studentSignature', label: 'Student Signature', kind: 'text', noInput: true },
      { name: 'studentSignatureDate', label: 'Student Signature Date', kind: 'date', noInput: true },
    ],
  },
];

/** The wizard shows nine steps; the progress bar counts ten because the signature is saved as step 10. */
export const WIZARD_STEP_COUNT = APPLICATION_STEPS.length;
export const PROGRESS_STEPS = 10;

export const ALL_FIELDS: ApplicationField[] = APPLICATION_STEPS.flatMap((s) => s.fields);
export const stepDef = (step: number) => APPLICATION_STEPS.find((s) => s.step === step);
export const fieldDef = (name: string) => ALL_FIELDS.find((f) => f.name === name);

export type FieldValue = string | boolean | string[];
export type ApplicationValues = Record<string, FieldValue>;

export interface StepRecord {
  step: number;
  title: string;
  data: Record<string, unknown>;
}

/** The empty form: '' for text, false for booleans, [] for file lists. */
export function emptyValues(): ApplicationValues {
  const v: ApplicationValues = {};
  for (const f of ALL_FIELDS) v[f.name] = f.kind === 'bool' ? false : f.kind === 'files' ? [] : '';
  return v;
}

/** Saved step records merged into the form (unknown fields are ignored). */
export function mergeRecords(values: ApplicationValues, records: StepRecord[]): ApplicationValues {
  const out = { ...values };
  for (const r of records) {
    for (const [k, v] of Object.entries(r.data ?? {})) {
      const f = fieldDef(k);
      if (!f) continue;
      if (f.kind === 'bool' && typeof v === 'boolean') out[k] = v;
      else if (f.kind === 'files' && Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string');
      else if (f.kind !== 'bool' && f.kind !== 'files' && typeof v === 'string') out[k] = v;
    }
  }
  return out;
}

/** The whole form as the records PATCH /api/application/ sends: one per saved step. */
export function toRecords(values: ApplicationValues): StepRecord[] {
  return APPLICATION_STEPS.map((s) => ({
    step: s.step,
    title: s.title,
    data: Object.fromEntries(s.fields.map((f) => [f.name, values[f.name] ?? (f.kind === 'bool' ? false : f.kind === 'files' ? [] : '')])),
  }));
}

/** A value counts as data when it is non-blank text, true, or a non-empty list. */
export function hasValue(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.length > 0;
  return false;
}

/**
 * Where the wizard opens (admissions §4): a submitted application starts at 0; otherwise the last
 * step that has data, or 0 if none has. Returns the wizard's 0-based index (step 10 is index 8).
 */
export function resumeStep(applicationStatus: string | null | undefined, records: StepRecord[]): number {
  if (applicationStatus === 'complete') return 0;
  let last = 0;
  for (const r of records) {
    const index = APPLICATION_STEPS.findIndex((s) => s.step === r.step);
    if (index < 0) continue;
    if (Object.values(r.data ?? {}).some(hasValue) && index > last) last = index;
  }
  return last;
}

/** Whether a field must be filled given the current values (the emergency-contact rule). */
export function isRequired(f: ApplicationField, values: ApplicationValues): boolean {
  if (f.required) return true;
  if (f.requiredUnlessSameAsParent1) return values.emergencySameAsParent1 !== true;
  return false;
}

/** Summary labels of the required fields left blank, in form order. */
export function missingRequired(values: ApplicationValues): string[] {
  return ALL_FIELDS.filter((f) => isRequired(f, values) && !hasValue(values[f.name])).map((f) => f.label);
}

/** A value as the summary shows it: lists joined with commas, true as Yes, false as No. */
export function displayValue(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.join(', ');
  if (v === null || v === undefined) return '';
  return String(v);
}

// ---- status ----------------------------------------------------------------------------------

export const APPLICATION_STATUS_FLOW = ['not_started', 'in_progress', 'complete', 'accepted', 'enrolled', 'declined', 'withdrawn'] as const;
export type ApplicationStatusValue = (typeof APPLICATION_STATUS_FLOW)[number];

/**
 * The moves an application may make: not_started -> in_progress -> complete -> accepted -> enrolled,
 * or complete -> declined; staff record a withdrawal: enrolled -> withdrawn. Saving again while in progress stays in progress; a parent who submits
 * in one go (no draft saved first) passes through in_progress, so not_started -> complete is allowed.
 */
const MOVES: Record<ApplicationStatusValue, readonly ApplicationStatusValue[]> = {
  not_started: ['in_progress', 'complete'],
  in_progress: ['in_progress', 'complete'],
  complete: ['accepted', 'declined'],
  accepted: ['enrolled'],
  enrolled: ['withdrawn'],
  declined: [],
  withdrawn: [],
};

export function canMove(from: string | null | undefined, to: string): boolean {
  const current = (from ?? 'not_started') as ApplicationStatusValue;
  return (MOVES[current] ?? []).includes(to as ApplicationStatusValue);
}

/** The parent may still edit the form (save or upload). */
export function isEditable(status: string | null | undefined): boolean {
  return status === null || status === undefined || status === 'not_started' || status === 'in_progress';
}

// ---- transcripts -----------------------------------------------------------------------------

export const TRANSCRIPT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx'] as const;
export const TRANSCRIPT_ACCEPT = TRANSCRIPT_EXTENSIONS.join(',');
