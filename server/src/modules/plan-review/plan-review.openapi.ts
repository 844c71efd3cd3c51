/** The plan review routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, numericId, timestamp } from '../../core/openapi.js';
import { PLAN_REVIEW_STATUSES } from './review-state.js';
import { returnPlanSchema } from './plan-review-input.js';

const PlanReviewJson = z
  .object({
    student_id: z.int(),
    student_name: z.string(),
    enabled: z.boolean().meta({ description: "Plan review is on at the student's school; off, the plan is always a draft and every action is refused." }),
    status: z.enum(PLAN_REVIEW_STATUSES),
    comment: z.string().nullable().meta({ description: "The counselor's comment while the plan is returned." }),
    approved_version: z.int().nullable(),
    approved_at: timestamp().nullable(),
    events: z
      .array(
        z.object({
          id: z.int(),
          action: z.enum(['submitted', 'returned', 'approved']),
          actor_name: z.string().nullable(),
          comment: z.string().nullable(),
          created_at: timestamp(),
          version: z.int().nullable(),
        }),
      )
      .meta({ description: 'Who did what and when, newest first.' }),
    changes: z
      .array(
        z.object({
          kind: z.enum(['added', 'removed', 'moved', 'grade_changed']),
          course_id: z.int(),
          course_code: z.string(),
          title: z.string(),
          from_term: z.string().nullable(),
          to_term: z.string().nullable(),
          from_term_label: z.string().nullable(),
          to_term_label: z.string().nullable(),
          from_grade: z.string().nullable(),
          to_grade: z.string().nullable(),
        }),
      )
      .nullable()
      .meta({ description: "Changes since the approved version: staff of the student's school only; null otherwise or before any approval." }),
    can_submit: z.boolean(),
    can_review: z.boolean(),
  })
  .meta({ id: 'PlanReview' });

const student = { id: numericId('student') };
const answer = (description: string) => ({ status: 200 as const, json: PlanReviewJson, description });
// 409: the plan is not in a state the action starts from (the message says why).
const STATE_ERROR = 409 as const;

export const PLAN_REVIEW_ROUTES = areaRoutes('Plan review', [
  {
    method: 'get',
    path: '/students/:id/plan-review/',
    operationId: 'planReview',
    summary: "The review state of a student's plan, its history and changes since approval.",
    description: "The student, staff of the student's school (access logged), and linked parents. Others: 404.",
    params: student,
    success: answer('The review.'),
  },
  {
    method: 'post',
    path: '/students/:id/plan-review/submit/',
    operationId: 'submitPlanForReview',
    summary: 'The student submits their plan for review.',
    params: student,
    success: answer('Submitted.'),
    errors: [STATE_ERROR],
  },
  {
    method: 'post',
    path: '/students/:id/plan-review/approve/',
    operationId: 'approvePlan',
    summary: "Staff of the student's school approve the plan.",
    description: 'Records the plan as a new approved version and tells linked parents (email or text, in their language).',
    params: student,
    success: answer('Approved.'),
    errors: [STATE_ERROR],
  },
  {
    method: 'post',
    path: '/students/:id/plan-review/return/',
    operationId: 'returnPlan',
    summary: "Staff of the student's school return the plan with a comment.",
    description: 'The comment is required; linked parents are told.',
    params: student,
    body: { json: returnPlanSchema },
    success: answer('Returned.'),
    errors: [STATE_ERROR],
  },
]);
