/** The return-with-comments payload: the counselor's comment, required, at most 2,000 characters. */
import { check, parseInput, text, type Checked, z, zodMessage } from '../../core/validation.js';
import { because } from '../../core/errors.js';

export const MAX_COMMENT_LENGTH = 2000;

export const PLAN_REVIEW_INPUT_MESSAGES = {
  commentRequired: 'REVIEW_COMMENT_REQUIRED',
  commentTooLong: because('REVIEW_COMMENT_TOO_LONG', { max: MAX_COMMENT_LENGTH }),
} as const;

const M = PLAN_REVIEW_INPUT_MESSAGES;

export const returnPlanSchema = z.object({
  comment: text()
    .refine((c) => c.length > 0, M.commentRequired)
    .refine((c) => c.length <= MAX_COMMENT_LENGTH, zodMessage(M.commentTooLong)),
});
export type ReturnPlanInput = z.infer<typeof returnPlanSchema>;

export const checkReturnPlan = (raw: unknown): Checked<ReturnPlanInput> => check(() => parseInput(returnPlanSchema, raw, because(M.commentRequired)));
