/**
 * The payload of plans generated for a selection of the caseload (both APIs): the students and
 * the solver's time limit per student, checked with a reason per field; and the batch's queue.
 */
import { because } from '../../core/errors.js';
import { check, parseInput, z, zodMessage, type Checked } from '../../core/validation.js';
import { timeLimitSecondsSchema } from './auto-plan-input.js';

export const AUTO_PLAN_BATCH_QUEUE = 'auto-plan.batch';
/** Most students in one batch (a whole caseload of several hundred fits). */
export const MAX_BATCH_STUDENTS = 1000;

export const AUTO_PLAN_BATCH_MESSAGES = {
  students: because('AUTO_PLAN_BATCH_STUDENTS_INVALID', { max: MAX_BATCH_STUDENTS }),
  notFound: 'AUTO_PLAN_BATCH_NOT_FOUND',
  studentNotFound: 'STUDENT_NOT_FOUND',
} as const;
const M = AUTO_PLAN_BATCH_MESSAGES;

/** What became of one student: a what-if plan saved, or why not. */
export type BatchOutcome = 'SAVED' | 'INFEASIBLE' | 'UNPROVEN' | 'NO_PATHWAY' | 'NOT_SAVED';

export interface BatchStart {
  studentIds: number[];
  /** null: the server's setting. */
  timeLimitSeconds: number | null;
}

export const batchStartSchema = z.object({
  student_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      { error: zodMessage(M.students) },
    )
    .min(1, zodMessage(M.students))
    .max(MAX_BATCH_STUDENTS, zodMessage(M.students)),
  time_limit_seconds: timeLimitSecondsSchema,
});

export const checkBatchStart = (raw: unknown): Checked<BatchStart> =>
  check(() => {
    const v = parseInput(batchStartSchema, raw, M.students);
    return { studentIds: [...new Set(v.student_ids)], timeLimitSeconds: v.time_limit_seconds ?? null };
  });
