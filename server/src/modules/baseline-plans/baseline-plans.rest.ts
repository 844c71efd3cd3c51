/** The spec's baseline-plan calls (spec 3 §7), over the baseline-plans service. */
import { checkPlanCreate, checkPlanId, checkPlanText } from './baseline-plan-input.js';
import type { Router } from 'express';
import { route, type AdapterContext, type AppDeps } from '../../adapters.js';
import type { User } from '../accounts/user.entity.js';
import { MAX_PAGE, type PlanPage } from './baseline-plans.service.js';

async function plansJson(ctx: AdapterContext, plans: User[]) {
  const counts = await ctx.loaders.scheduledCourseCountByUser.loadMany(plans.map((p) => p.id));
  return plans.map((p, i) => ({
    id: p.id,
    username: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    user_type: p.userType,
    academic_year_labels: p.academicYearLabels,
    course_count: typeof counts[i] === 'number' ? counts[i] : 0,
  }));
}

/** The spec's lists are whole arrays: every page, one after another. */
async function allPages(load: (after: string | null) => Promise<PlanPage>): Promise<User[]> {
  const rows: User[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await load(after);
    rows.push(...page.rows);
    if (!page.hasNextPage) return rows;
    after = page.endCursor;
  }
}

export function mountBaselinePlanRoutes(r: Router, deps: AppDeps): void {
  const { baselinePlans } = deps.services;
  route(r, deps, 'get', '/baseline-plans/', 'baselinePlans', async (ctx) => plansJson(ctx, await allPages((after) => baselinePlans.list(ctx, MAX_PAGE, after))));
  route(r, deps, 'post', '/baseline-plans/', 'createBaselinePlan', async (ctx, req, res) => {
    const [json] = await plansJson(ctx, [await baselinePlans.create(ctx, checkPlanCreate(req.body))]);
    res.status(201).json(json);
  });
  route(
    r,
    deps,
    'put',
    '/baseline-plans/:id/',
    'updateBaselinePlan',
    async (ctx, req) => (await plansJson(ctx, [await baselinePlans.update(ctx, req.params.id, checkPlanText(req.body))]))[0],
  );
  route(r, deps, 'delete', '/baseline-plans/:id/', 'deleteBaselinePlan', async (ctx, req) => {
    await baselinePlans.remove(ctx, req.params.id);
  });
  route(r, deps, 'post', '/duplicate-baseline-plan/', 'duplicateBaselinePlan', async (ctx, req, res) => {
    const [json] = await plansJson(ctx, [await baselinePlans.duplicate(ctx, checkPlanId(req.body))]);
    res.status(201).json(json);
  });
  route(r, deps, 'get', '/baseline-plans-for-school/', 'baselinePlansForSchool', async (ctx) =>
    plansJson(ctx, await allPages((after) => baselinePlans.listForSchool(ctx, MAX_PAGE, after))),
  );
  route(r, deps, 'get', '/assign-plan-to-student/', 'planAssignmentStatus', async (ctx) => {
    const { courseCount } = await baselinePlans.planSummary(ctx);
    return { has_courses: courseCount > 0, course_count: courseCount };
  });
  route(r, deps, 'post', '/assign-plan-to-student/', 'assignPlanToStudent', async (ctx, req) => ({
    course_count: await baselinePlans.assignToStudent(ctx, checkPlanId(req.body)),
  }));
  route(r, deps, 'post', '/clear-student-courses/', 'clearStudentCourses', async (ctx) => ({
    removed_courses: await baselinePlans.clearStudentCourses(ctx),
  }));
}
