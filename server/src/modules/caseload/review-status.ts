/**
 * A plan's review status on the caseload. This is the one function the caseload asks when it
 * computes a summary (the stored status then serves rows, filter, sort, CSV and both APIs); the
 * rule itself is the plan review area's (plan-review/review-state.ts), fed with the facts
 * caseload-facts.ts loads in one statement for the students being computed.
 */
import { PLAN_REVIEW_STATUSES, planReviewStatus, type PlanReviewStatus, type ReviewFacts as PlanReviewFacts } from '../plan-review/review-state.js';

export const REVIEW_STATUSES = PLAN_REVIEW_STATUSES;
export type ReviewStatus = PlanReviewStatus;

/** What the status depends on: a student with only an id (no review facts loaded) is a draft. */
export type ReviewFacts = PlanReviewFacts;

export function reviewStatus(facts: ReviewFacts): ReviewStatus {
  return planReviewStatus(facts);
}
