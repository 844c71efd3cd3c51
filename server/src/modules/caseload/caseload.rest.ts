import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkCaseloadQuery } from './caseload-input.js';
import type { CaseloadRowFor } from './caseload.service.js';
import type { FollowedPathway } from './followed-pathways.js';

/** The JSON of one caseload row (caseload.openapi.ts describes it). */
export const caseloadRowJson = (r: CaseloadRowFor) => ({
  student_id: r.studentId,
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  grade: r.grade,
  pathways: r.pathways.map((p) => ({ uuid: p.uuid, name: p.name, color: p.color })),
  pathways_marked: r.pathwaysMarked,
  requirements_met: r.requirementsMet,
  requirements_total: r.requirementsTotal,
  missing_requirements: r.missingRequirements.map((m) => ({
    uuid: m.uuid,
    name: m.name,
    pathway_name: m.pathwayName,
    // Summaries stored before the counts existed are recomputed (migration 1732300002860); until then 0.
    done_courses: m.doneCourses ?? 0,
    planned_courses: m.plannedCourses ?? 0,
    missing_courses: m.missingCourses ?? 0,
  })),
  warnings: r.warnings,
  completed_units: r.completedUnits,
  review_status: r.reviewStatus,
  last_plan_change: r.lastPlanChange ? r.lastPlanChange.toISOString() : null,
  unread_notes: r.unreadNotes,
  updating: r.updating,
});

const followedJson = (list: FollowedPathway[]) => list.map((f) => ({ uuid: f.pathway.uuid, name: f.pathway.name, color: f.pathway.color, marked: f.marked }));

export function mountCaseloadRoutes(r: Router, deps: AppDeps): void {
  const { caseload, followedPathways } = deps.services;
  /** The caseload: every matching row, or one page with ?page_size= and ?cursor= (X-Total-Count, X-Next-Cursor). */
  route(r, deps, 'get', '/caseload/', 'caseload', async (ctx, req, res) => {
    const page = await caseload.page(ctx, checkCaseloadQuery(req.query, null), false);
    res.setHeader('X-Total-Count', String(page.totalCount));
    if (page.hasNextPage && page.endCursor) res.setHeader('X-Next-Cursor', page.endCursor);
    return page.rows.map(caseloadRowJson);
  });
  /** The filtered, sorted caseload as a CSV file (every page). */
  route(r, deps, 'get', '/caseload/export/', 'exportCaseload', async (ctx, req, res) => {
    const { csv } = await caseload.exportCsv(ctx, checkCaseloadQuery({ ...req.query, page_size: undefined, cursor: undefined }, null));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="caseload.csv"');
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });
  /** The pathways a student follows: the caller, or ?student_id= (staff). */
  route(r, deps, 'get', '/followed-pathways/', 'followedPathways', async (ctx, req) => followedJson(await followedPathways.list(ctx, req.query.student_id)));
  /** Marks ({ pathway_uuid, follow: true }) or unmarks (follow: false) a followed pathway; staff add student_id. */
  route(r, deps, 'post', '/followed-pathways/', 'followPathway', async (ctx, req) => {
    const body = (req.body ?? {}) as { pathway_uuid?: unknown; follow?: unknown; student_id?: unknown };
    return followedJson(await followedPathways.follow(ctx, body.pathway_uuid, body.follow !== false && body.follow !== 'false', body.student_id));
  });
}
