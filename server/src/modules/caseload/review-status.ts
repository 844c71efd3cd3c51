/**
 * A plan's review status on the caseload. Plan approval is not built yet: every plan is a draft.
 * This is the one function the caseload (rows, filter, sort, CSV, both APIs) asks, so the approval
 * work changes the answer here and nowhere else.
 */
export const REVIEW_STATUSES = ['draft'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What the status may depend on (the approval work adds its facts here). */
export interface ReviewFacts {
  studentId: number;
}

export function reviewStatus(_facts: ReviewFacts): ReviewStatus {
  return 'draft';
}
