import type { Router } from 'express';
import { intParam, route, type AppDeps } from '../../core/http.js';
import { MAX_PAGE, type StudentSort } from './students.service.js';

export function mountStudentRoutes(r: Router, deps: AppDeps): void {
  const { students } = deps.services;
  /**
   * The spec's list is one array. District scripts may page it with ?page_size= and ?cursor=
   * (the next cursor comes back in the X-Next-Cursor header); without them the whole list is sent.
   */
  route(r, deps, 'get', '/students-in-school/', 'studentsInSchool', async (ctx, req, res) => {
    const q = req.query;
    const pageSize = q.page_size ? Number(q.page_size) : undefined;
    const rows: Record<string, unknown>[] = [];
    let after = typeof q.cursor === 'string' ? q.cursor : null;
    for (;;) {
      const page = await students.list(ctx, {
        search: typeof q.search === 'string' ? q.search : null,
        schoolId: q.school_id ? intParam(String(q.school_id)) : null,
        sort: (typeof q.sort === 'string' ? q.sort : 'first_name') as StudentSort,
        descending: q.order === 'desc',
        first: pageSize ?? MAX_PAGE,
        after,
        consentState: typeof q.consent_state === 'string' ? q.consent_state : null,
        cccApplyStatus: typeof q.ccc_apply_status === 'string' ? q.ccc_apply_status : null,
        plan: typeof q.plan === 'string' ? q.plan : null,
      });
      const schools = await ctx.loaders.schoolById.loadMany(page.rows.map((s) => s.schoolId));
      page.rows.forEach((s, i) => {
        const school = schools[i] instanceof Error ? null : schools[i];
        rows.push({
          id: s.id,
          first_name: s.firstName,
          last_name: s.lastName,
          email: s.email,
          grade: s.grade,
          ccc_apply_status: s.cccApplyStatus,
          parent_consent_form_state: s.parentConsentFormState,
          parent_code: s.parentCode,
          school: school ? { id: school.id, name: school.name, four_year_plan_enabled: school.fourYearPlanEnabled } : null,
        });
      });
      after = page.endCursor;
      if (pageSize !== undefined) {
        if (page.hasNextPage && after) res.setHeader('X-Next-Cursor', after);
        break;
      }
      if (!page.hasNextPage) break;
    }
    return rows;
  });
}
