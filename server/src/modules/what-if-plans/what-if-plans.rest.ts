/** What-if plans on /api/*: list, create, read, rename, delete, make official, compare. Thin: WhatIfPlansService decides. */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { progressJson } from '../pathways/pathways.rest.js';
import { planJson } from '../plans/plans.rest.js';
import { checkCompared, checkWhatIfCreate, checkWhatIfName, MAX_WHAT_IF_PLANS } from './what-if-input.js';
import type { ComparedProgress } from './what-if-plans.service.js';
import type { WhatIfRow } from './what-if-store.js';

const whatIfJson = (p: WhatIfRow) => ({
  id: p.id,
  name: p.name,
  course_count: p.courseCount,
  total_units: p.totalUnits,
  academic_year_labels: p.labels,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

const comparedJson = (c: ComparedProgress) => ({
  what_if_plan_id: c.whatIfPlanId,
  name: c.name,
  course_count: c.courseCount,
  total_units: c.totalUnits,
  progress: c.progress.map(progressJson),
});

const query = (v: unknown): unknown => (v === undefined || v === '' ? null : v);

export function mountWhatIfPlanRoutes(r: Router, deps: AppDeps): void {
  const { whatIfPlans } = deps.services;

  route(r, deps, 'get', '/what-if-plans/', 'whatIfPlans', async (ctx, req) => {
    const { student, plans } = await whatIfPlans.list(ctx, query(req.query.student));
    const caller = ctx.caller!;
    return {
      student_id: student.id,
      can_edit: caller.user.id === student.id && caller.actingUserId === null && !caller.readOnly,
      limit: MAX_WHAT_IF_PLANS,
      plans: plans.map(whatIfJson),
    };
  });

  route(r, deps, 'post', '/what-if-plans/', 'createWhatIfPlan', async (ctx, req, res) => {
    const body = req.body ?? {};
    const created = await whatIfPlans.create(ctx, checkWhatIfCreate({ name: body.name, start: body.start, baselineId: body.baseline_id }));
    res.status(201).json(whatIfJson(created));
  });

  // Before /what-if-plans/:id/, which would take "compare" for an id.
  route(r, deps, 'get', '/what-if-plans/compare/', 'comparePlans', async (ctx, req) => {
    const sides = await whatIfPlans.compare(ctx, checkCompared(query(req.query.left), query(req.query.right)), query(req.query.student));
    return sides.map(comparedJson);
  });

  route(r, deps, 'get', '/what-if-plans/:id/', 'whatIfPlan', async (ctx, req) => planJson(ctx, await whatIfPlans.view(ctx, req.params.id)));

  route(r, deps, 'put', '/what-if-plans/:id/', 'renameWhatIfPlan', async (ctx, req) =>
    whatIfJson(await whatIfPlans.rename(ctx, req.params.id, checkWhatIfName(req.body?.name))),
  );

  route(r, deps, 'delete', '/what-if-plans/:id/', 'deleteWhatIfPlan', async (ctx, req) => {
    await whatIfPlans.remove(ctx, req.params.id);
  });

  route(r, deps, 'post', '/what-if-plans/:id/make-official/', 'makeWhatIfPlanOfficial', async (ctx, req) =>
    planJson(ctx, await whatIfPlans.makeOfficial(ctx, req.params.id)),
  );
}
