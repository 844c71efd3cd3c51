/** The plan routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, courseRef, MessageBody, numericId } from '../../core/openapi.js';
import { gradeSchema, moveSchema, positionsSchema, scheduleSchema } from './plan-input.js';

export const CourseSchool = z.object({ name: z.string(), uuid: z.uuid(), primary_color: z.string(), school_type: z.enum(['HS', 'CLG']) }).meta({ id: 'CourseSchool' });

/** The fields every course answer has (the plan's entries and the catalogue's cards). */
export const CourseCore = z.object({
  uuid: z.uuid(),
  UUID: z.uuid().meta({ description: 'The same uuid (the spec names it both ways).' }),
  id: z.int(),
  course_id: z.string().meta({ description: 'The catalogue number, e.g. "MATH 1".' }),
  title: z.string(),
  description: z.string(),
  units: z.number(),
});

export const PlanEntryJson = z
  .object({
    id: z.int().meta({ description: 'The scheduled course (plan entry).' }),
    term: z.string().meta({ description: "The term's 1-based position, as text." }),
    position: z.int(),
    grade: z.string(),
    completed: z.boolean(),
    source: z.enum(['record', 'self_reported', 'planned']).meta({
      description:
        "record: from the school's record (grade and completion locked: only staff correct the record); self_reported: a grade or completion the student entered; planned: neither.",
    }),
    course: CourseCore.extend({
      school: CourseSchool.nullable(),
      prerequisite_groups: z.array(z.string()).meta({ description: "Each group's course numbers joined with ' or '." }),
      prerequisite_groups_uuids: z.array(z.array(z.uuid())),
    }),
  })
  .meta({ id: 'PlanEntry' });

const Labels = z.object({ academic_year_labels: z.array(z.string()) });
const Placed = z.object({ message: z.string(), id: z.int(), term: z.string(), position: z.int() });
const position = {
  position: z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .meta({ description: "The term's 1-based position." }),
};
/** The term calls read `label` (and `position` to move a term) by hand (plan-input.ts requireLabel): described here. */
const TermBody = z.object({ label: z.string().min(1), position: z.int().min(1).optional().meta({ description: 'Move the term to this position.' }) });

export const PlanJson = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    academic_year_labels: z.array(z.string()),
    terms: z.array(z.object({ term: z.string(), position: z.int().nullable(), label: z.string(), units: z.number(), courses: z.array(PlanEntryJson) })),
    warnings: z.array(
      z.object({
        scheduled_course_id: z.int(),
        course_id: z.int(),
        title: z.string(),
        term: z.string(),
        term_label: z.string(),
        message: z.string(),
      }),
    ),
    total_units: z.number(),
    completed_units: z.number(),
    what_if_plan_id: z.int().nullable().meta({ description: 'The what-if plan shown; null for the official plan.' }),
    what_if_name: z.string().nullable(),
  })
  .meta({ id: 'PlanView' });

/** The plan calls that may name one of the student's what-if plans instead of the official plan. */
export const WhatIfQuery = z.object({
  what_if_plan: z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .optional()
    .meta({ description: "One of the student's what-if plans (its numeric id) instead of the official plan." }),
});
const what = { query: WhatIfQuery };

export const PLAN_ROUTES = areaRoutes('Plans', [
  {
    method: 'get',
    path: '/check-course-scheduled/:id/',
    operationId: 'checkCourseScheduled',
    summary: "Whether a course is on the caller's plan.",
    params: { id: courseRef() },
    success: { status: 200, json: z.object({ isScheduled: z.boolean() }), description: 'Whether it is scheduled.' },
  },
  {
    method: 'get',
    path: '/get-scheduled-course/:id/',
    operationId: 'scheduledCourse',
    summary: "One scheduled course of the caller's plan.",
    params: { id: courseRef() },
    success: { status: 200, json: z.object({ id: z.int(), grade: z.string(), completed: z.boolean(), term: z.string() }), description: 'The plan entry of the course.' },
  },
  {
    method: 'post',
    path: '/add-scheduled-course/',
    operationId: 'scheduleCourse',
    ...what,
    summary: 'Put a course on the plan in a term.',
    body: { json: scheduleSchema },
    success: { status: 201, json: Placed, description: 'Scheduled.' },
  },
  {
    method: 'delete',
    path: '/remove-scheduled-course/:id/',
    operationId: 'unscheduleCourse',
    ...what,
    summary: 'Remove a scheduled course from the plan.',
    params: { id: courseRef() },
    success: { status: 200, json: MessageBody, description: 'Removed.' },
  },
  {
    method: 'post',
    path: '/courses/update-grade/:scheduledId/',
    operationId: 'updateGrade',
    ...what,
    summary: 'Record the grade of a scheduled course.',
    params: { scheduledId: numericId('scheduled course') },
    body: { json: gradeSchema },
    success: { status: 200, json: MessageBody, description: 'Saved.' },
  },
  {
    method: 'get',
    path: '/user-scheduled-courses/',
    operationId: 'userScheduledCourses',
    summary: "Every scheduled course of the caller's plan.",
    success: { status: 200, json: z.array(PlanEntryJson), description: 'The plan entries.' },
  },
  {
    method: 'put',
    path: '/update-course-positions/',
    operationId: 'reorderTerm',
    ...what,
    summary: 'Reorder the courses of one term.',
    body: { json: positionsSchema },
    success: { status: 200, json: MessageBody, description: 'Saved.' },
  },
  {
    method: 'put',
    path: '/courses/:id/',
    operationId: 'moveScheduledCourse',
    ...what,
    summary: 'Move a scheduled course to another term or position.',
    params: { id: numericId('scheduled course (plan entry)') },
    body: { json: moveSchema },
    success: { status: 200, json: Placed, description: 'Moved.' },
  },
  {
    method: 'get',
    path: '/plan/',
    operationId: 'plan',
    ...what,
    summary: "The caller's plan: terms, courses and prerequisite warnings.",
    success: { status: 200, description: 'The plan.', json: PlanJson },
  },
  {
    method: 'post',
    path: '/terms/',
    operationId: 'addTerm',
    ...what,
    summary: 'Add a term to the plan.',
    body: { json: TermBody.pick({ label: true }) },
    success: { status: 201, json: Labels, description: 'The terms now.' },
  },
  {
    method: 'put',
    path: '/terms/:position/',
    operationId: 'updateTerm',
    ...what,
    summary: 'Rename a term, or move it.',
    params: position,
    body: { json: TermBody },
    success: { status: 200, json: Labels, description: 'The terms now.' },
  },
  {
    method: 'delete',
    path: '/terms/:position/',
    operationId: 'deleteTerm',
    ...what,
    summary: 'Delete an empty term.',
    params: position,
    success: { status: 200, json: Labels, description: 'The terms now.' },
  },
  {
    method: 'get',
    path: '/plan-pdf/',
    operationId: 'planPdf',
    ...what,
    summary: 'The plan as a PDF.',
    success: { status: 200, file: 'application/pdf', description: 'The PDF, inline.' },
  },
]);
