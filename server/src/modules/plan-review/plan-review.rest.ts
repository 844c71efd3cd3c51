/** Plan review on /api/*, for district scripts: the review of a student's plan and its actions. Thin: the service decides. */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkReturnPlan } from './plan-review-input.js';
import type { PlanReviewView } from './plan-review.service.js';

export function reviewJson(v: PlanReviewView) {
  return {
    student_id: v.studentId,
    student_name: v.studentName,
    enabled: v.enabled,
    status: v.status,
    comment: v.comment,
    approved_version: v.approvedVersion,
    approved_at: v.approvedAt ? new Date(v.approvedAt).toISOString() : null,
    events: v.events.map((e) => ({
      id: e.id,
      action: e.action,
      actor_name: e.actorName,
      comment: e.comment,
      created_at: new Date(e.createdAt).toISOString(),
      version: e.version,
    })),
    changes:
      v.changes?.map((c) => ({
        kind: c.kind,
        course_id: c.courseId,
        course_code: c.courseCode,
        title: c.title,
        from_term: c.fromTerm,
        to_term: c.toTerm,
        from_term_label: c.fromTermLabel,
        to_term_label: c.toTermLabel,
        from_grade: c.fromGrade,
        to_grade: c.toGrade,
      })) ?? null,
    can_submit: v.canSubmit,
    can_review: v.canReview,
  };
}

export function mountPlanReviewRoutes(r: Router, deps: AppDeps): void {
  const { planReview } = deps.services;
  route(r, deps, 'get', '/students/:id/plan-review/', 'planReview', async (ctx, req) => reviewJson(await planReview.review(ctx, req.params.id)));
  route(r, deps, 'post', '/students/:id/plan-review/submit/', 'submitPlanForReview', async (ctx, req) => reviewJson(await planReview.submit(ctx, req.params.id)));
  route(r, deps, 'post', '/students/:id/plan-review/approve/', 'approvePlan', async (ctx, req) => reviewJson(await planReview.approve(ctx, req.params.id)));
  route(r, deps, 'post', '/students/:id/plan-review/return/', 'returnPlan', async (ctx, req) =>
    reviewJson(await planReview.returnPlan(ctx, req.params.id, checkReturnPlan(req.body))),
  );
}
