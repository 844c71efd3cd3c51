/** The school routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, uuidParam } from '../../core/openapi.js';
import { autoPlanSettingsSchema, graduationPathwaySchema, planApprovalSchema, schoolCreateSchema } from './school-input.js';

export const SchoolJson = z
  .object({
    id: z.int(),
    uuid: z.uuid(),
    name: z.string(),
    school_type: z.enum(['HS', 'CLG']).meta({ description: 'HS (high school) or CLG (college).' }),
    location: z.string().meta({ description: 'The state.' }),
    primary_color: z.string(),
    dual_school_enabled: z.boolean(),
    four_year_plan_enabled: z.boolean(),
    baseline_plans_enabled: z.boolean(),
    hs_full_access_enabled: z.boolean(),
    ccc_apply_enabled: z.boolean(),
    parent_form_enabled: z.boolean(),
    ccc_demo_enabled: z.boolean(),
    plan_approval_enabled: z.boolean().meta({ description: 'Students submit their plan for review; staff approve or return it.' }),
    term_unit_cap: z.number().meta({ description: 'Most units one term of a plan holds (the setting, else 7 for a high school, 16 for a college).' }),
    term_course_cap: z.int().meta({ description: 'Most courses one term of a plan holds (the setting, else 8 for a high school, 6 for a college).' }),
    term_caps_default: z.boolean().meta({ description: 'Whether the caps are the defaults of the school type (no setting saved).' }),
    dual_enrollment_from_grade: z.int().meta({ description: 'The first grade (9 to 12) in which a student may take a partner college course.' }),
  })
  .meta({ id: 'School' });

const Joined = z.object({ message: z.string(), school: SchoolJson });
const GraduationPathwaySet = z.object({
  school_uuid: z.uuid(),
  graduation_pathway: z
    .object({ uuid: z.uuid(), name: z.string() })
    .nullable()
    .meta({ description: 'The chosen pathway; null: none chosen, the pathway whose name contains "graduation" is used.' }),
});
const school = { uuid: uuidParam('school') };

export const SCHOOL_ROUTES = areaRoutes('Schools', [
  {
    method: 'get',
    path: '/schools/',
    operationId: 'schools',
    summary: 'Schools the caller may join.',
    success: { status: 200, json: z.array(SchoolJson), description: 'The schools.' },
  },
  {
    method: 'post',
    path: '/schools/',
    operationId: 'createSchool',
    summary: 'Create a school (name, school_type HS or CLG, location).',
    body: { json: schoolCreateSchema },
    success: { status: 201, json: SchoolJson, description: 'The school created.' },
  },
  {
    method: 'post',
    path: '/schools/:uuid/join/',
    operationId: 'joinSchool',
    summary: 'Join a school.',
    params: school,
    success: { status: 200, json: Joined, description: 'Joined.' },
  },
  {
    method: 'post',
    path: '/set-school-of-record/:uuid/',
    operationId: 'setSchoolOfRecord',
    summary: "Make one of the caller's schools the school of record.",
    params: school,
    success: { status: 200, json: Joined, description: 'The new school of record.' },
  },
  {
    method: 'put',
    path: '/schools/graduation-pathway/',
    operationId: 'setGraduationPathway',
    summary: "Staff: set (pathway_uuid) or clear (null) their school of record's graduation pathway, the caseload's default for a student who marked none.",
    description: "The pathway must belong to the school (another school's pathway: 404). Students and parents: 403.",
    body: { json: graduationPathwaySchema },
    success: { status: 200, json: GraduationPathwaySet, description: 'The school and its graduation pathway.' },
  },
  {
    method: 'put',
    path: '/schools/plan-approval/',
    operationId: 'setPlanApprovalEnabled',
    summary: 'Staff: turn plan review and approval on or off for their school of record.',
    description: 'With it off, students do not submit plans and nothing of the review shows. Students and parents: 403.',
    body: { json: planApprovalSchema },
    success: { status: 200, json: SchoolJson, description: 'The school with its flags.' },
  },
  {
    method: 'put',
    path: '/schools/auto-plan-settings/',
    operationId: 'setAutoPlanSettings',
    summary: 'Staff: the planning settings of their school of record.',
    description:
      'Per-term caps used by the plan generator (null: the default of the school type) and the first grade allowed to take partner college courses. Students and parents: 403; a value out of range: 400 with its reason.',
    body: { json: autoPlanSettingsSchema },
    success: { status: 200, json: SchoolJson, description: 'The school with its settings.' },
  },
  {
    method: 'get',
    path: '/accessible-schools/',
    operationId: 'accessibleSchools',
    summary: 'The schools the caller belongs to.',
    success: { status: 200, json: z.array(SchoolJson), description: 'The schools.' },
  },
]);
