/** POST /api/generate-plan/: the REST adapter of AutoPlanService, the GraphQL answer in snake_case. */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkGeneratePlan } from './auto-plan-input.js';
import { checkBatchStart } from './auto-plan-batch-input.js';
import type { BatchView } from './auto-plan-batch.service.js';
import { generatedView } from './auto-plan.resolver.js';
import type { PlanView } from './auto-plan-view.js';

export function mountAutoPlanRoutes(r: Router, deps: AppDeps): void {
  const { autoPlan, autoPlanBatches } = deps.services;
  /** Staff: plans for a selection of students, generated in the background (202 with the batch's address). */
  route(r, deps, 'post', '/generate-plan/batches/', 'generatePlansForStudents', async (ctx, req, res) => {
    const batch = await autoPlanBatches.start(ctx, checkBatchStart(req.body));
    res.status(202).location(`/api/generate-plan/batches/${batch.id}/`).json(batchJson(batch));
  });
  route(r, deps, 'get', '/generate-plan/batches/:id/', 'autoPlanBatch', async (ctx, req) => batchJson(await autoPlanBatches.status(ctx, req.params.id)));
  /** The student, or staff for a student of their schools: the generated plan saved as a new what-if plan ({ ...generate-plan fields, name }). */
  route(r, deps, 'post', '/generate-plan/save/', 'saveGeneratedPlan', async (ctx, req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const row = await autoPlan.saveAsWhatIf(ctx, checkGeneratePlan(body), body.name);
    res.status(201).json({ what_if_plan_id: row.id, name: row.name });
  });
  /** The student's own official plan becomes the generated one ({ added, moved }). */
  route(r, deps, 'post', '/generate-plan/replace/', 'replacePlanWithGenerated', async (ctx, req) => autoPlan.replacePlan(ctx, checkGeneratePlan(req.body)));
  route(r, deps, 'post', '/generate-plan/', 'generatePlan', async (ctx, req) => {
    const v = generatedView(await autoPlan.generate(ctx, checkGeneratePlan(req.body)));
    return {
      status: v.status,
      terms: v.terms,
      labels: v.labels,
      pathways: v.pathways,
      entries: v.entries.map((e) => ({
        course_id: e.courseId,
        course_code: e.courseCode,
        title: e.title,
        term: e.term,
        term_label: e.termLabel,
        added: e.added,
        moved_from: e.movedFrom,
      })),
      shortfalls: v.shortfalls.map(shortfallJson),
      time_limit_seconds: v.timeLimitSeconds,
      seconds: v.seconds,
    };
  });
}

/** A batch's progress and results in snake_case. */
function batchJson(b: BatchView) {
  return {
    id: b.id,
    state: b.state,
    total: b.total,
    done: b.done,
    created_at: b.createdAt,
    finished_at: b.finishedAt,
    results: b.results.map((r) => ({
      student_id: r.studentId,
      first_name: r.firstName,
      last_name: r.lastName,
      outcome: r.outcome,
      solver_status: r.solverStatus,
      what_if_plan_id: r.whatIfPlanId,
      plan_name: r.planName,
      reason: r.reason ? { reason: r.reason.reason, params: r.reason.params ?? null, message: r.reason.message } : null,
      shortfalls: r.shortfalls.map(shortfallJson),
    })),
  };
}

function shortfallJson(s: PlanView['shortfalls'][number]) {
  return {
    requirement_id: s.requirementId,
    requirement_name: s.requirementName,
    pathway_name: s.pathwayName,
    missing_courses: s.missingCourses,
    missing_units: s.missingUnits,
    blocked_by: s.blockedBy.map((b) => ({
      reason: b.reason,
      course_id: b.courseId,
      course_code: b.courseCode,
      prerequisite_id: b.prerequisiteId,
      prerequisite_code: b.prerequisiteCode,
      requirement_id: b.requirementId,
      requirement_name: b.requirementName,
      offered_terms: b.offeredTerms ?? null,
      last_term_label: b.lastTermLabel ?? null,
    })),
  };
}
