/** POST /api/generate-plan/: the REST adapter of AutoPlanService, the GraphQL answer in snake_case. */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkGeneratePlan } from './auto-plan-input.js';
import { generatedView } from './auto-plan.resolver.js';

export function mountAutoPlanRoutes(r: Router, deps: AppDeps): void {
  const { autoPlan } = deps.services;
  /** Students: the generated plan saved as a new what-if plan ({ ...generate-plan fields, name }). */
  route(r, deps, 'post', '/generate-plan/save/', 'saveGeneratedPlan', async (ctx, req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const row = await autoPlan.saveAsWhatIf(ctx, checkGeneratePlan(body), body.name);
    res.status(201).json({ what_if_plan_id: row.id, name: row.name });
  });
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
      shortfalls: v.shortfalls.map((s) => ({
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
        })),
      })),
      time_limit_seconds: v.timeLimitSeconds,
      seconds: v.seconds,
    };
  });
}
