/**
 * The plan calls' payloads, as zod schemas with the spec's messages. Both adapters parse with the
 * `check…` functions and hand the service a `Checked` value; the service raises a refusal after its
 * permission checks (401/403 before 400), as for every other area.
 */
import { badInput, because } from '../../core/errors.js';
import { MAX_ID, parseId, toId } from '../../core/ids.js';
import { check, hasNul, NUL_MESSAGE, parseInput, type Checked, z } from '../../core/validation.js';
import { MAX_LABEL_LENGTH } from '@planner/shared';

export const PLAN_INPUT_MESSAGES = {
  scheduleInvalid: 'SCHEDULE_INVALID',
  termInvalid: 'TERM_INVALID',
  labelRequired: 'TERM_LABEL_REQUIRED',
  positionInvalid: 'TERM_POSITION_INVALID',
  gradeTooLong: 'GRADE_TOO_LONG',
  gradeInvalid: 'GRADE_INVALID',
  updatesRequired: 'POSITIONS_REQUIRED',
  duplicateUpdates: 'POSITIONS_DUPLICATE',
} as const;

export const MAX_GRADE_LENGTH = 20;
export const MAX_UPDATES = 500;

const idSchema = z.coerce.number().int().positive().max(MAX_ID);
/** A term as sent: its 1-based position, as a number or numeric text (checked against the plan's terms later). */
const termSchema = z.union([z.string(), z.number()]);
const positionSchema = z.coerce.number().int().min(0).max(10_000);

export const scheduleSchema = z.object({ course_id: idSchema, term: termSchema });
export type ScheduleInput = z.infer<typeof scheduleSchema>;

export const gradeSchema = z.object({
  grade: z
    .preprocess((v) => (v === undefined || v === null ? undefined : typeof v === 'number' ? String(v) : v), z.string().optional())
    .transform((g) => g?.trim())
    .refine((g) => g === undefined || !hasNul(g), NUL_MESSAGE)
    .refine((g) => g === undefined || g.length <= MAX_GRADE_LENGTH, PLAN_INPUT_MESSAGES.gradeTooLong)
    .optional(),
  completed: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
});
export type GradeInput = z.infer<typeof gradeSchema> & { scheduledId: number };

export const positionsSchema = z
  .object({
    updates: z
      .array(z.object({ id: idSchema, position: positionSchema }))
      .min(1)
      .max(MAX_UPDATES),
  })
  .refine((v) => new Set(v.updates.map((u) => u.id)).size === v.updates.length, PLAN_INPUT_MESSAGES.duplicateUpdates);
export type PositionsInput = z.infer<typeof positionsSchema>;

export const moveSchema = z.object({ term: termSchema, position: positionSchema.optional() });
export type MoveInput = z.infer<typeof moveSchema> & { scheduledId: number };

export interface TermInput {
  /** 1-based position of the term. */
  position: number;
  label: string;
}

export const checkSchedule = (raw: unknown): Checked<ScheduleInput> => check(() => parseInput(scheduleSchema, raw, because(PLAN_INPUT_MESSAGES.scheduleInvalid)));

export const checkGrade = (scheduledId: unknown, raw: unknown): Checked<GradeInput> =>
  check(() => ({ scheduledId: parseId(scheduledId, 'scheduled course'), ...parseInput(gradeSchema, raw, because(PLAN_INPUT_MESSAGES.gradeInvalid)) }));

export const checkPositions = (raw: unknown): Checked<PositionsInput> => check(() => parseInput(positionsSchema, raw, because(PLAN_INPUT_MESSAGES.updatesRequired)));

export const checkMove = (scheduledId: unknown, raw: unknown): Checked<MoveInput> =>
  check(() => ({ scheduledId: parseId(scheduledId, 'scheduled course'), ...parseInput(moveSchema, raw, because(PLAN_INPUT_MESSAGES.termInvalid)) }));

export const checkLabel = (raw: unknown): Checked<string> => check(() => requireLabel(raw));

export const checkTerm = (position: unknown, label: unknown): Checked<TermInput> => check(() => ({ position: termPosition(position), label: requireLabel(label) }));

export const checkTermPosition = (position: unknown): Checked<number> => check(() => termPosition(position));

/** A term named by its 1-based position: anything but a whole number from 1 up is a 400 (a position past the last term is a 404). */
export function termPosition(raw: unknown): number {
  const position = toId(raw);
  if (position === null) throw badInput(because(PLAN_INPUT_MESSAGES.positionInvalid));
  return position;
}

/** A term label: trimmed, not empty, no NUL, at most MAX_LABEL_LENGTH characters. */
export function requireLabel(raw: unknown): string {
  const label = typeof raw === 'string' ? raw.trim() : '';
  if (!label) throw badInput(because(PLAN_INPUT_MESSAGES.labelRequired));
  if (hasNul(label)) throw badInput(because(NUL_MESSAGE));
  if (label.length > MAX_LABEL_LENGTH) throw badInput(because('TERM_LABEL_TOO_LONG', { max: MAX_LABEL_LENGTH }));
  return label;
}

/** A term value as stored: the 1-based position as text, from a number or numeric text. */
export function termValue(raw: unknown): string {
  if (typeof raw === 'number' && Number.isInteger(raw)) return String(raw);
  if (typeof raw === 'string' && /^\s*\d{1,3}\s*$/.test(raw)) return String(Number(raw));
  throw badInput(because(PLAN_INPUT_MESSAGES.termInvalid));
}

/** A term value (number or numeric text) checked against the plan's terms 1..count. */
export function parseTerm(raw: unknown, count: number): string {
  const value = termValue(raw);
  const n = Number(value);
  if (n < 1 || n > count) throw badInput(because(PLAN_INPUT_MESSAGES.termInvalid));
  return value;
}
