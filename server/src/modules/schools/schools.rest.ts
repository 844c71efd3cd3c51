import { checkAutoPlanSettings, checkGraduationPathway, checkPlanApproval, checkSchoolCreate } from './school-input.js';
import { termCapsOf } from './term-caps.js';
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import type { School } from './school.entity.js';

export function schoolJson(s: School) {
  return {
    id: s.id,
    uuid: s.uuid,
    name: s.name,
    school_type: s.schoolType,
    location: s.location,
    primary_color: s.primaryColor,
    dual_school_enabled: s.dualSchoolEnabled,
    four_year_plan_enabled: s.fourYearPlanEnabled,
    baseline_plans_enabled: s.baselinePlansEnabled,
    hs_full_access_enabled: s.hsFullAccessEnabled,
    ccc_apply_enabled: s.cccApplyEnabled,
    parent_form_enabled: s.parentFormEnabled,
    ccc_demo_enabled: s.cccDemoEnabled,
    plan_approval_enabled: s.planApprovalEnabled,
    term_unit_cap: termCapsOf(s).units,
    term_course_cap: termCapsOf(s).courses,
    term_caps_default: s.termUnitCap === null && s.termCourseCap === null,
    dual_enrollment_from_grade: s.dualEnrollmentFromGrade,
  };
}

export function mountSchoolRoutes(r: Router, deps: AppDeps): void {
  const { schools } = deps.services;
  route(r, deps, 'get', '/schools/', 'schools', async (ctx) => (await schools.list(ctx)).map(schoolJson));
  route(r, deps, 'post', '/schools/', 'createSchool', async (ctx, req, res) => {
    const school = await schools.create(ctx, checkSchoolCreate(req.body));
    res.status(201).json(schoolJson(school));
  });
  route(r, deps, 'post', '/schools/:uuid/join/', 'joinSchool', async (ctx, req) => {
    const school = await schools.join(ctx, String(req.params.uuid));
    return { message: `Joined ${school.name}.`, school: schoolJson(school) };
  });
  route(r, deps, 'post', '/set-school-of-record/:uuid/', 'setSchoolOfRecord', async (ctx, req) => {
    const school = await schools.setSchoolOfRecord(ctx, String(req.params.uuid));
    return { message: `${school.name} is now your school of record.`, school: schoolJson(school) };
  });
  /** Staff: the graduation pathway of their school of record ({ pathway_uuid }, null clears it). */
  route(r, deps, 'put', '/schools/graduation-pathway/', 'setGraduationPathway', async (ctx, req) => {
    const { school, pathway } = await schools.setGraduationPathway(ctx, checkGraduationPathway(req.body));
    return {
      school_uuid: school.uuid,
      graduation_pathway: pathway ? { uuid: pathway.uuid, name: pathway.name } : null,
    };
  });
  /** Staff: plan review on or off for their school of record ({ enabled }). */
  route(r, deps, 'put', '/schools/plan-approval/', 'setPlanApprovalEnabled', async (ctx, req) =>
    schoolJson(await schools.setPlanApproval(ctx, checkPlanApproval(req.body))),
  );
  /** Staff: the planning settings of their school of record ({ term_unit_cap, term_course_cap, dual_enrollment_from_grade }). */
  route(r, deps, 'put', '/schools/auto-plan-settings/', 'setAutoPlanSettings', async (ctx, req) =>
    schoolJson(await schools.setAutoPlanSettings(ctx, checkAutoPlanSettings(req.body))),
  );
  route(r, deps, 'get', '/accessible-schools/', 'accessibleSchools', async (ctx) => (await schools.accessibleSchools(ctx)).map(schoolJson));
}
