import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { sendPagedList } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { MAX_PAGE, type StudentSort } from './students.service.js';

export function mountStudentRoutes(r: Router, deps: AppDeps): void {
  const { students } = deps.services;
  /** Student data deletion: the account and every record about it (staff of the student's school). */
  route(r, deps, 'delete', '/students/:id/', 'deleteStudent', async (ctx, req) => {
    await students.deleteStudent(ctx, req.params.id);
  });
  /** Paged for scripts with ?page_size= and ?cursor= (see sendPagedList); ?search, ?school_id, ?sort, ?order. */
  route(r, deps, 'get', '/students-in-school/', 'studentsInSchool', async (ctx, req, res) => {
    const q = req.query;
    const filter = {
      search: typeof q.search === 'string' ? q.search : null,
      schoolId: q.school_id ? parseId(q.school_id, 'school') : null,
      sort: (typeof q.sort === 'string' ? q.sort : 'first_name') as StudentSort,
      descending: q.order === 'desc',
      consentState: typeof q.consent_state === 'string' ? q.consent_state : null,
      cccApplyStatus: typeof q.ccc_apply_status === 'string' ? q.ccc_apply_status : null,
      plan: typeof q.plan === 'string' ? q.plan : null,
    };
    return sendPagedList(
      req,
      res,
      MAX_PAGE,
      (first, after) => students.list(ctx, { ...filter, first, after }),
      async (rows) => {
        const schools = await ctx.loaders.schoolById.loadMany(rows.map((s) => s.schoolId));
        return rows.map((s, i) => {
          const school = schools[i] instanceof Error ? null : schools[i];
          return {
            id: s.id,
            first_name: s.firstName,
            last_name: s.lastName,
            email: s.email,
            grade: s.grade,
            ccc_apply_status: s.cccApplyStatus,
            parent_consent_form_state: s.parentConsentFormState,
            parent_code: s.parentCode,
            school: school ? { id: school.id, name: school.name, four_year_plan_enabled: school.fourYearPlanEnabled } : null,
          };
        });
      },
    );
  });
}
