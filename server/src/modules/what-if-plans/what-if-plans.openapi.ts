/** The what-if plan routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, numericId } from '../../core/openapi.js';
import { RequirementProgressJson } from '../pathways/pathways.openapi.js';
import { PlanJson } from '../plans/plans.openapi.js';
import { MAX_WHAT_IF_NAME, WHAT_IF_STARTS } from './what-if-input.js';

const WhatIfPlan = z
  .object({
    id: z.int(),
    name: z.string().min(1).max(MAX_WHAT_IF_NAME),
    course_count: z.int(),
    total_units: z.number(),
    academic_year_labels: z.array(z.string()),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'WhatIfPlan' });

const plan = { id: numericId('what-if plan') };
const student = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .optional()
  .meta({ description: "A student's id, for staff of the student's school and linked parents (default: the caller, or the student viewed as)." });
const side = z.string().optional().meta({ description: "'official' (default) or a what-if plan's numeric id." });
const Name = z.object({ name: z.string().min(1).max(MAX_WHAT_IF_NAME) });

export const WHAT_IF_PLAN_ROUTES = areaRoutes('What-if plans', [
  {
    method: 'get',
    path: '/what-if-plans/',
    operationId: 'whatIfPlans',
    summary: "A student's what-if plans (at most five).",
    query: z.object({ student }),
    success: {
      status: 200,
      description: 'The plans, oldest first.',
      json: z.object({
        student_id: z.int(),
        can_edit: z.boolean().meta({ description: 'True for the student in their own session.' }),
        limit: z.int(),
        plans: z.array(WhatIfPlan),
      }),
    },
  },
  {
    method: 'post',
    path: '/what-if-plans/',
    operationId: 'createWhatIfPlan',
    summary: 'Start a what-if plan: empty, as a copy of the official plan, or from a baseline plan.',
    body: {
      json: Name.extend({
        start: z.enum(WHAT_IF_STARTS).optional().meta({ description: "Default 'empty' (the official plan's terms, no courses)." }),
        baseline_id: z.int().optional().meta({ description: "The baseline plan to copy, with start 'baseline'." }),
      }),
    },
    success: { status: 201, json: WhatIfPlan, description: 'The plan created.' },
    errors: [409],
  },
  {
    method: 'get',
    path: '/what-if-plans/compare/',
    operationId: 'comparePlans',
    summary: "Two plans' requirement progress side by side.",
    query: z.object({ left: side, right: side, student }),
    success: {
      status: 200,
      description: 'The two sides, in the order asked.',
      json: z.array(
        z.object({
          what_if_plan_id: z.int().nullable(),
          name: z.string().nullable(),
          course_count: z.int(),
          total_units: z.number(),
          progress: z.array(RequirementProgressJson),
        }),
      ),
    },
  },
  {
    method: 'get',
    path: '/what-if-plans/:id/',
    operationId: 'whatIfPlan',
    summary: 'One what-if plan: terms, courses and prerequisite warnings.',
    params: plan,
    success: { status: 200, json: PlanJson, description: 'The plan.' },
  },
  {
    method: 'put',
    path: '/what-if-plans/:id/',
    operationId: 'renameWhatIfPlan',
    summary: 'Rename a what-if plan.',
    params: plan,
    body: { json: Name },
    success: { status: 200, json: WhatIfPlan, description: 'The plan now.' },
    errors: [409],
  },
  {
    method: 'delete',
    path: '/what-if-plans/:id/',
    operationId: 'deleteWhatIfPlan',
    summary: 'Delete a what-if plan.',
    params: plan,
    success: { status: 204, description: 'Deleted.' },
  },
  {
    method: 'post',
    path: '/what-if-plans/:id/make-official/',
    operationId: 'makeWhatIfPlanOfficial',
    summary: 'Make a what-if plan the official plan.',
    params: plan,
    success: { status: 200, json: PlanJson, description: 'The official plan now.' },
  },
]);
