/**
 * The generate-plan payload (both APIs): the student (left out: the caller), the pathways to plan
 * for, whether planned courses may move, and the time limit. Checked here with a reason per field.
 */
import { because } from '../../core/errors.js';
import { check, parseInput, type Checked, z, zodMessage } from '../../core/validation.js';

/** Most pathways in one generation. */
export const MAX_PATHWAYS = 10;
/** Largest time limit a caller may ask for, in seconds. */
export const MAX_TIME_LIMIT_SECONDS = 60;

export const AUTO_PLAN_INPUT_MESSAGES = {
  pathways: because('AUTO_PLAN_PATHWAYS_INVALID', { max: MAX_PATHWAYS }),
  timeLimit: because('AUTO_PLAN_TIME_LIMIT_INVALID', { max: MAX_TIME_LIMIT_SECONDS }),
  student: because('INVALID_INPUT', { field: 'student_id' }),
} as const;

const M = AUTO_PLAN_INPUT_MESSAGES;

export interface GeneratePlanInput {
  studentId: number | null;
  pathwayIds: number[];
  movePlanned: boolean;
  /** null: the server's setting. */
  timeLimitSeconds: number | null;
}

/** A generation's time limit in seconds (1 to the most); null or absent: the server's setting. */
export const timeLimitSecondsSchema = z
  .number({ error: zodMessage(M.timeLimit) })
  .int(zodMessage(M.timeLimit))
  .min(1, zodMessage(M.timeLimit))
  .max(MAX_TIME_LIMIT_SECONDS, zodMessage(M.timeLimit))
  .nullish();

export const generatePlanSchema = z.object({
  student_id: z
    .number({ error: zodMessage(M.student) })
    .int(zodMessage(M.student))
    .positive(zodMessage(M.student))
    .max(2 ** 31 - 1, zodMessage(M.student))
    .nullish(),
  pathway_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      { error: zodMessage(M.pathways) },
    )
    .min(1, zodMessage(M.pathways))
    .max(MAX_PATHWAYS, zodMessage(M.pathways)),
  move_planned: z.boolean({ error: zodMessage(because('INVALID_INPUT', { field: 'move_planned' })) }).optional(),
  time_limit_seconds: timeLimitSecondsSchema,
});

export const checkGeneratePlan = (raw: unknown): Checked<GeneratePlanInput> =>
  check(() => {
    const v = parseInput(generatePlanSchema, raw, because(M.pathways.reason, M.pathways.params));
    return {
      studentId: v.student_id ?? null,
      pathwayIds: [...new Set(v.pathway_ids)],
      movePlanned: v.move_planned ?? false,
      timeLimitSeconds: v.time_limit_seconds ?? null,
    };
  });
