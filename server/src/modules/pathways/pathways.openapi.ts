/** The pathway, requirement, fulfilment and progress routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, courseRef, PAGED_QUERY, uuidParam } from '../../core/openapi.js';
import { CourseSchool } from '../plans/plans.openapi.js';
import { fulfillmentAddSchema, fulfillmentRemoveSchema, pathwaySchema, requirementSchema } from './pathway-input.js';

const SchoolRef = z.object({ name: z.string(), uuid: z.uuid() });

export const RequirementJson = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    description: z.string(),
    number_of_units: z.number(),
    number_of_courses: z.int(),
    minimum_grade: z.string().nullable().meta({ description: 'The lowest grade (A to D-) a completed course may have to count; null: any passing grade.' }),
    pathway_names: z.array(z.string()),
    pathway_colors: z.array(z.string()),
  })
  .meta({ id: 'Requirement' });

const pathwayJson = (requirement: z.ZodType) =>
  z.object({
    id: z.uuid().meta({ description: 'The uuid (the spec names it both ways).' }),
    uuid: z.uuid(),
    name: z.string(),
    description: z.string(),
    color: z.string(),
    school: SchoolRef.nullable(),
    school_info: SchoolRef.extend({ primary_color: z.string() }).nullable(),
    requirements: z.array(requirement),
    can_edit: z.boolean(),
  });
const PathwayJson = pathwayJson(RequirementJson).meta({ id: 'Pathway' });
const PathwaySummary = pathwayJson(z.object({ uuid: z.uuid(), name: z.string() })).meta({ id: 'PathwaySummary' });

const FulfilmentItem = z.object({ uuid: z.uuid(), name: z.string(), pathway_names: z.array(z.string()), pathway_colors: z.array(z.string()) });
const Fulfilments = z
  .object({
    course_id: z.int(),
    course_uuid: z.uuid(),
    requirements: z.array(FulfilmentItem),
    non_duplicables: z.array(z.array(FulfilmentItem)).meta({ description: 'Groups of requirements the course counts toward only one of.' }),
  })
  .meta({ id: 'CourseFulfilments' });

const pathway = { uuid: uuidParam('pathway') };
const requirement = { uuid: uuidParam('requirement') };
const course = { courseId: courseRef() };

/** One requirement's progress, as the progress engine computes it for a plan. */
export const RequirementProgressJson = z.object({
  uuid: z.uuid(),
  requirement_uuid: z.uuid(),
  name: z.string(),
  description: z.string(),
  pathway: z.uuid(),
  pathway_name: z.string(),
  pathway_color: z.string(),
  required_courses: z.int(),
  required_units: z.number(),
  completed_courses: z.int().meta({ description: 'Courses counted: completed and planned.' }),
  done_courses: z.int().meta({ description: 'Of those, completed (from the record, with a grade meeting the minimum).' }),
  planned_courses: z.int().meta({ description: 'Of those, planned or in progress.' }),
  missing_courses: z.int().meta({ description: 'Courses still missing: "3 completed, 2 planned, 1 missing".' }),
  minimum_grade: z.string().nullable(),
  below_minimum_course_ids: z.array(z.int()).meta({ description: 'Completed courses not counted: grade below the minimum, or failing.' }),
  completed_units: z.number(),
  is_fulfilled: z.boolean(),
});

export const PATHWAY_ROUTES = areaRoutes('Pathways', [
  {
    method: 'get',
    path: '/pathways/',
    operationId: 'pathways',
    summary: "Pathways of the caller's school.",
    query: z.object({ color: z.string().optional().meta({ description: 'Only pathways of this colour.' }), ...PAGED_QUERY }),
    success: { status: 200, json: z.array(PathwaySummary), description: 'The pathways.' },
  },
  {
    method: 'post',
    path: '/pathways/create/',
    operationId: 'createPathway',
    summary: 'Staff: create a pathway.',
    body: { json: pathwaySchema(false) },
    success: { status: 201, json: PathwayJson, description: 'The pathway created.' },
  },
  {
    method: 'get',
    path: '/pathways/:uuid/',
    operationId: 'pathway',
    summary: 'One pathway with its requirements.',
    params: pathway,
    success: { status: 200, json: PathwayJson, description: 'The pathway.' },
  },
  {
    method: 'post',
    path: '/pathways/:uuid/',
    operationId: 'updatePathway',
    summary: 'Staff: change a pathway (a field left out stays as it is).',
    params: pathway,
    body: { json: pathwaySchema(true) },
    success: { status: 200, json: PathwayJson, description: 'The pathway now.' },
  },
  {
    method: 'delete',
    path: '/pathways/:uuid/',
    operationId: 'deletePathway',
    summary: 'Staff: delete a pathway.',
    params: pathway,
    success: { status: 204, description: 'Deleted.' },
  },
  {
    method: 'post',
    path: '/add-requirement-to-pathway/',
    operationId: 'addRequirement',
    summary: 'Staff: add a requirement to a pathway.',
    // pathway_uuid is read beside the fields' schema (pathway-input.ts checkRequirementCreate).
    body: { json: z.intersection(z.object({ pathway_uuid: z.uuid() }), requirementSchema(false)) },
    success: { status: 201, json: RequirementJson, description: 'The requirement created.' },
  },
  {
    method: 'put',
    path: '/requirements/:uuid/',
    operationId: 'updateRequirement',
    summary: 'Staff: change a requirement (a field left out stays as it is).',
    params: requirement,
    body: { json: requirementSchema(true) },
    success: { status: 200, json: RequirementJson, description: 'The requirement now.' },
  },
  {
    method: 'delete',
    path: '/requirements/:uuid/',
    operationId: 'deleteRequirement',
    summary: 'Staff: delete a requirement.',
    params: requirement,
    success: { status: 204, description: 'Deleted.' },
  },
  {
    method: 'post',
    path: '/courses/:courseId/requirement/',
    operationId: 'addCourseFulfillment',
    summary: 'Staff: a course fulfils a requirement.',
    params: course,
    body: { json: fulfillmentAddSchema },
    success: { status: 200, json: Fulfilments, description: "The course's requirements now." },
  },
  {
    method: 'delete',
    path: '/courses/:courseId/requirement/',
    operationId: 'removeCourseFulfillment',
    summary: 'Staff: a course no longer fulfils a requirement.',
    params: course,
    body: { json: fulfillmentRemoveSchema },
    success: { status: 200, json: Fulfilments, description: "The course's requirements now." },
  },
  {
    method: 'get',
    path: '/courses/:courseId/requirement/',
    operationId: 'courseFulfillments',
    summary: 'The requirements a course fulfils.',
    params: course,
    success: { status: 200, json: Fulfilments, description: "The course's requirements." },
  },
  {
    method: 'get',
    path: '/requirement-progress/',
    operationId: 'requirementProgress',
    summary: "The caller's progress on each requirement.",
    query: z.object({ pathway: z.string().optional().meta({ description: 'Only the requirements of this pathway (its uuid).' }) }),
    success: { status: 200, description: 'Progress per requirement.', json: z.array(RequirementProgressJson) },
  },
  {
    method: 'get',
    path: '/courses/by-requirement-and-user/:uuid',
    operationId: 'eligibleCourses',
    summary: 'Courses that fulfil a requirement for the caller.',
    params: requirement,
    query: z.object(PAGED_QUERY),
    success: {
      status: 200,
      description: 'The courses.',
      json: z.array(
        z.object({
          id: z.int(),
          uuid: z.uuid(),
          UUID: z.uuid(),
          course_id: z.string(),
          title: z.string(),
          description: z.string(),
          units: z.number(),
          subject: z.string(),
          school: CourseSchool.nullable(),
          is_scheduled: z.boolean(),
        }),
      ),
    },
  },
]);
