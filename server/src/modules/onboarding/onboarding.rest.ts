/** The spec's onboarding and community-college hand-off calls (spec 3 §7), over the onboarding service. */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkConsent, checkDemographics, checkEdGoals, checkStudentInfo } from './onboarding-input.js';

export function mountOnboardingRoutes(r: Router, deps: AppDeps): void {
  const { onboarding } = deps.services;
  route(r, deps, 'post', '/student-info/', 'saveStudentInfo', async (ctx, req) =>
    onboarding.saveStudentInfo(ctx, checkStudentInfo(req.body, ctx.config.smsRules.countries)),
  );
  route(r, deps, 'post', '/student-demographics/', 'saveStudentDemographics', async (ctx, req) => onboarding.saveDemographics(ctx, checkDemographics(req.body)));
  route(r, deps, 'post', '/update-ed-goals/', 'updateEdGoals', async (ctx, req) => ({
    ed_goals: await onboarding.updateEdGoals(ctx, checkEdGoals(req.body?.ed_goals)),
  }));
  route(r, deps, 'post', '/generate-four-year-plan/', 'generateFourYearPlan', async (ctx) => {
    const added = await onboarding.generateFourYearPlan(ctx);
    return { added_courses: added.length, courses: added.map((a) => ({ course_id: a.courseId, term: a.term, position: a.position })) };
  });
  route(r, deps, 'post', '/cccapply/consent/', 'signCccApplyConsent', async (ctx, req) => ({
    ccc_apply_status: await onboarding.signCccApplyConsent(ctx, checkConsent(req.body)),
  }));
  /** Ours (not in the spec's table): step 3 of /cccapply/open-account-setup, "I've Created My Open CCC Account". */
  route(r, deps, 'post', '/cccapply/account-created/', 'confirmOpenCccAccount', async (ctx) => ({
    ccc_apply_status: await onboarding.confirmOpenCccAccount(ctx),
  }));
}
