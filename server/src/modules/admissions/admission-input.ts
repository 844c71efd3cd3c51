/**
 * The application payloads (admissions §5, §7) and the staff decision, as zod schemas with the
 * spec's messages. Both adapters parse with `checkApplicationSave` / `checkDecision` and hand the
 * service a `Checked` value; the service raises a refusal after its permission checks (401/403
 * before 400), and for a decision after the application id is read.
 *
 * The order of the checks is today's: the payload's shape (form_data, then application_status),
 * then each record's step and fields in the order sent; for a decision, the decision, the reason's
 * length, then a reason for a decline. The first problem is the one reported.
 */
import { parseId } from '../../core/ids.js';
import { badInput, because } from '../../core/errors.js';
import { check, hasNul, NUL_MESSAGE, parseInput, text, type Checked, z, zodMessage } from '../../core/validation.js';
import { APPLICATION_STEPS, fieldDef, stepDef, type StepRecord } from '@planner/shared/application';

export const ADMISSION_INPUT_MESSAGES = {
  badStatus: 'APPLICATION_STATUS_INVALID',
  reasonRequired: 'DECLINE_REASON_REQUIRED',
} as const;

const M = ADMISSION_INPUT_MESSAGES;

const MAX_TEXT = 5000;
const MAX_FILE_NAMES = 50;

export const saveInput = z.object({
  form_data: z
    .array(z.object({ step: z.number().int(), title: z.string().optional(), data: z.record(z.string(), z.unknown()).optional() }), {
      message: 'APPLICATION_FORM_DATA_INVALID',
    })
    .max(APPLICATION_STEPS.length, 'APPLICATION_TOO_MANY_STEPS'),
  application_status: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'in_progress' : v), z.enum(['in_progress', 'complete'], { message: M.badStatus })),
});

/** What staff may decide on a submitted application. */
export const APPLICATION_DECISIONS = ['accepted', 'declined'] as const;

export const decisionInput = z.object({
  decision: z.enum(APPLICATION_DECISIONS, { message: 'DECISION_INVALID' }),
  reason: text().pipe(z.string().max(2000, zodMessage(because('FIELD_TEXT_TOO_LONG', { label: 'The reason', max: 2000 })))),
  /** Accepting: the school year the family is offered (else the school's earliest not ended). */
  school_year_id: z.unknown().optional(),
});

/** Checks and normalises the records a parent sends; unknown steps or fields, or wrong types, are a 400. */
export function normaliseRecords(records: { step: number; data?: Record<string, unknown> }[]): StepRecord[] {
  const out = new Map<number, StepRecord>();
  for (const r of records) {
    const def = stepDef(r.step);
    if (!def) throw badInput(because('UNKNOWN_APPLICATION_STEP', { step: r.step }));
    const data: Record<string, unknown> = { ...(out.get(r.step)?.data ?? {}) };
    for (const [key, value] of Object.entries(r.data ?? {})) {
      const f = fieldDef(key);
      if (!f || !def.fields.includes(f)) throw badInput(because('UNKNOWN_APPLICATION_FIELD', { key, step: r.step }));
      if (f.kind === 'bool') {
        if (typeof value !== 'boolean') throw badInput(because('FIELD_NOT_BOOLEAN', { label: f.label }));
        data[key] = value;
      } else if (f.kind === 'files') {
        if (!Array.isArray(value) || value.length > MAX_FILE_NAMES || value.some((v) => typeof v !== 'string' || v.length > 255 || hasNul(v))) {
          throw badInput(because('FIELD_NOT_FILE_LIST', { label: f.label }));
        }
        data[key] = value;
      } else {
        const v = value === null || value === undefined ? '' : value;
        if (typeof v !== 'string') throw badInput(because('FIELD_NOT_TEXT', { label: f.label }));
        if (v.length > MAX_TEXT) throw badInput(because('FIELD_TEXT_TOO_LONG', { label: f.label, max: MAX_TEXT }));
        if (hasNul(v)) throw badInput(because(NUL_MESSAGE));
        data[key] = v;
      }
    }
    out.set(r.step, { step: def.step, title: def.title, data });
  }
  return [...out.values()];
}

/** A save: the checked records and the status the parent moves to. */
export interface ApplicationSave {
  records: StepRecord[];
  applicationStatus: 'in_progress' | 'complete';
}

/** A staff decision; a decline carries a reason. */
export interface Decision {
  decision: (typeof APPLICATION_DECISIONS)[number];
  reason: string;
  schoolYearId: number | null;
}

/** Parses a PATCH /api/application/ (or saveApplication) payload. */
export const checkApplicationSave = (raw: unknown): Checked<ApplicationSave> =>
  check(() => {
    const input = parseInput(saveInput, raw);
    return { records: normaliseRecords(input.form_data), applicationStatus: input.application_status };
  });

/** Parses a decision payload. */
export const checkDecision = (raw: unknown): Checked<Decision> =>
  check(() => {
    const input = parseInput(decisionInput, raw);
    if (input.decision === 'declined' && !input.reason) throw badInput(because(M.reasonRequired));
    const schoolYearId = input.school_year_id === undefined || input.school_year_id === null ? null : parseId(input.school_year_id, 'school year');
    return { decision: input.decision, reason: input.reason, schoolYearId };
  });
