/** The caseload and followed-pathway routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes } from '../../core/openapi.js';
import { CASELOAD_QUERY } from './caseload-input.js';
import { REVIEW_STATUSES } from './review-status.js';

const PathwayRef = z.object({ uuid: z.string(), name: z.string(), color: z.string() });

const CaseloadRow = z
  .object({
    student_id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    grade: z.string().nullable(),
    pathways: z.array(PathwayRef).meta({ description: 'The pathways the student follows: the marked ones, else the school graduation pathway.' }),
    pathways_marked: z.boolean().meta({ description: 'false: none marked; the graduation pathway is shown.' }),
    requirements_met: z.int(),
    requirements_total: z.int(),
    missing_requirements: z.array(
      z.object({
        uuid: z.string(),
        name: z.string(),
        pathway_name: z.string(),
        done_courses: z.int().meta({ description: 'Courses counted that are completed (with a grade meeting the minimum).' }),
        planned_courses: z.int().meta({ description: 'Courses counted that are planned or in progress.' }),
        missing_courses: z.int().meta({ description: 'Courses still missing.' }),
      }),
    ),
    warnings: z.array(z.string()).meta({ description: 'Prerequisite warnings, as the plan shows them.' }),
    completed_units: z.number(),
    review_status: z.enum(REVIEW_STATUSES),
    last_plan_change: z.string().nullable().meta({ format: 'date-time' }),
    unread_notes: z.int().meta({ description: "Notes on the student's plan the caller has not read (not their own)." }),
    updating: z
      .boolean()
      .meta({ description: 'true: the plan changed since these figures were computed (or they never were: then they are zeros); they are being computed again.' }),
  })
  .meta({ id: 'CaseloadRow' });

const FollowedPathway = PathwayRef.extend({ marked: z.boolean().meta({ description: 'false: not marked, followed as the school graduation pathway.' }) }).meta({
  id: 'FollowedPathway',
});

const { page_size: _pageSize, cursor: _cursor, ...EXPORT_QUERY } = CASELOAD_QUERY.shape;

export const CASELOAD_ROUTES = areaRoutes('Caseload', [
  {
    method: 'get',
    path: '/caseload/',
    operationId: 'caseload',
    summary: 'Staff: the students of their schools with plan progress toward the pathways they follow, filtered and sorted.',
    description:
      'Every matching row, or one page with ?page_size= (the total in X-Total-Count, the next page in X-Next-Cursor). Each student shown is recorded in the access log.',
    query: CASELOAD_QUERY,
    success: { status: 200, json: z.array(CaseloadRow), description: 'The caseload rows.' },
  },
  {
    method: 'get',
    path: '/caseload/export/',
    operationId: 'exportCaseload',
    summary: 'Staff: the filtered, sorted caseload as a CSV file (every page).',
    query: z.object(EXPORT_QUERY),
    success: { status: 200, file: 'text/csv', description: 'caseload.csv' },
  },
  {
    method: 'get',
    path: '/followed-pathways/',
    operationId: 'followedPathways',
    summary: 'The pathways a student follows: the caller (a student), or ?student_id= of their school (staff).',
    query: z.object({
      student_id: z
        .string()
        .regex(/^[0-9]+$/)
        .optional()
        .meta({ description: "Staff: the student's user id." }),
    }),
    success: { status: 200, json: z.array(FollowedPathway), description: 'The followed pathways.' },
  },
  {
    method: 'post',
    path: '/followed-pathways/',
    operationId: 'followPathway',
    summary: 'Mark or unmark a pathway the student follows (the student, or staff of their school).',
    body: {
      json: z.object({
        pathway_uuid: z.string().meta({ description: 'The pathway.' }),
        follow: z.boolean().optional().meta({ description: 'true (default): mark; false: unmark.' }),
        student_id: z.int().optional().meta({ description: "Staff: the student's user id." }),
      }),
    },
    success: { status: 200, json: z.array(FollowedPathway), description: 'The followed pathways afterwards.' },
  },
]);
