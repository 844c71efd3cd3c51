/** The return-with-comments payload: the counselor's comment, required, at most 2,000 characters. */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';

export const MAX_COMMENT_LENGTH = 2000;

export const PLAN_REVIEW_INPUT_MESSAGES = {
  commentRequired: 'Please write a comment telling the student what to change.',
  commentTooLong: `A comment may have at most ${MAX_COMMENT_LENGTH} characters.`,
} as const;

const M = PLAN_REVIEW_INPUT_MESSAGES;

export const returnPlanSchema = z.object({
  comment: text().refine((c) => c.length > 0, M.commentRequired).refine((c) => c.length <= MAX_COMMENT_LENGTH, M.commentTooLong),
});
export type ReturnPlanInput = z.infer<typeof returnPlanSchema>;

export const checkReturnPlan = (raw: unknown): Checked<ReturnPlanInput> => check(() => parseInput(returnPlanSchema, raw, M.commentRequired));
