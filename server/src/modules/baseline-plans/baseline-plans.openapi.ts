/** The baseline-plan routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, numericId } from '../../core/openapi.js';
import { planCreateSchema, planIdSchema, planTextSchema } from './baseline-plan-input.js';

const BaselinePlan = z
  .object({
    id: z.int(),
    username: z.string(),
    first_name: z.string().meta({ description: "The plan's title." }),
    last_name: z.string().meta({ description: "The plan's description." }),
    user_type: z.literal(4),
    academic_year_labels: z.array(z.string()),
    course_count: z.int(),
  })
  .meta({ id: 'BaselinePlan' });
const plan = { id: numericId('baseline plan') };

export const BASELINE_PLAN_ROUTES = areaRoutes('Baseline plans', [
  {
    method: 'get',
    path: '/baseline-plans/',
    operationId: 'baselinePlans',
    summary: "Staff: the school's baseline plans.",
    success: { status: 200, json: z.array(BaselinePlan), description: 'The plans.' },
  },
  {
    method: 'post',
    path: '/baseline-plans/',
    operationId: 'createBaselinePlan',
    summary: 'Staff: create a baseline plan.',
    body: { json: planCreateSchema },
    success: { status: 201, json: BaselinePlan, description: 'The plan created.' },
  },
  {
    method: 'put',
    path: '/baseline-plans/:id/',
    operationId: 'updateBaselinePlan',
    summary: 'Staff: rename a baseline plan.',
    params: plan,
    body: { json: planTextSchema },
    success: { status: 200, json: BaselinePlan, description: 'The plan now.' },
  },
  {
    method: 'delete',
    path: '/baseline-plans/:id/',
    operationId: 'deleteBaselinePlan',
    summary: 'Staff: delete a baseline plan.',
    params: plan,
    success: { status: 204, description: 'Deleted.' },
  },
  {
    method: 'post',
    path: '/duplicate-baseline-plan/',
    operationId: 'duplicateBaselinePlan',
    summary: 'Staff: copy a baseline plan.',
    body: { json: planIdSchema },
    success: { status: 201, json: BaselinePlan, description: 'The copy.' },
  },
  {
    method: 'get',
    path: '/baseline-plans-for-school/',
    operationId: 'baselinePlansForSchool',
    summary: 'Staff: baseline plans to assign.',
    success: { status: 200, json: z.array(BaselinePlan), description: 'The plans.' },
  },
  {
    method: 'get',
    path: '/assign-plan-to-student/',
    operationId: 'planAssignmentStatus',
    summary: 'Staff viewing as a student: whether the student already has courses.',
    success: { status: 200, json: z.object({ has_courses: z.boolean(), course_count: z.int() }), description: 'The plan summary.' },
  },
  {
    method: 'post',
    path: '/assign-plan-to-student/',
    operationId: 'assignPlanToStudent',
    summary: "Staff: copy a baseline plan onto a student's plan.",
    body: { json: planIdSchema },
    success: { status: 200, json: z.object({ course_count: z.int() }), description: 'Courses copied.' },
  },
  {
    method: 'post',
    path: '/clear-student-courses/',
    operationId: 'clearStudentCourses',
    summary: "Staff: empty a student's plan.",
    success: { status: 200, json: z.object({ removed_courses: z.int() }), description: 'Courses removed.' },
  },
]);
