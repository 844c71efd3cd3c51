/** The course catalogue, transferability, tag and CSV routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, courseRef, fileUpload, formBody, MessageBody, PAGED_QUERY, rowReasonFields, uuidParam } from '../../core/openapi.js';
import { CourseCore, CourseSchool } from '../plans/plans.openapi.js';
import { courseInputSchema, transferSchema } from './course-input.js';

const RequirementInfo = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    pathway_uuid: z.uuid(),
    pathway_name: z.string(),
    pathway_names: z.array(z.string()),
    pathway_colors: z.array(z.string()),
    school_uuid: z.uuid(),
    school_name: z.string(),
    label: z.string().meta({ description: '"pathway: requirement"' }),
  })
  .meta({ id: 'CourseRequirement' });

export const CourseJson = CourseCore.extend({
  subject: z.string(),
  offered_terms: z
    .array(z.enum(['fall', 'spring', 'summer']))
    .nullable()
    .meta({ description: 'Seasons the course is offered in; null: unknown, every term.' }),
  school: CourseSchool,
  is_scheduled: z.boolean(),
  prerequisites: z.array(z.object({ id: z.int(), uuid: z.uuid(), course_id: z.string(), title: z.string() })),
  prerequisite_groups: z.array(z.string()),
  prerequisite_groups_uuids: z.array(z.array(z.uuid())),
  tags: z.record(z.string(), z.string()).meta({ description: 'Tag keys to tag names.' }),
  formatted_tags: z.array(z.object({ name: z.string(), color: z.string(), key: z.string() })),
  units_info: z.array(
    z.object({
      school_name: z.string(),
      school_uuid: z.uuid(),
      units: z.number(),
      primary_color: z.string(),
      requirements: z.array(RequirementInfo),
    }),
  ),
  requirements: z.array(RequirementInfo),
  non_duplicables: z.array(z.array(RequirementInfo)),
}).meta({ id: 'Course' });

const ListQuery = z.object({
  search: z.string().optional().meta({ description: 'Words to find in the course number, title or description.' }),
  requirement: z.string().optional().meta({ description: 'Only courses that fulfil this requirement (its uuid).' }),
  ...PAGED_QUERY,
});
const Courses = z.array(CourseJson);
const Issue = z.object({ line: z.int(), course_id: z.string(), ...rowReasonFields('Why the row was refused, or what changed in it') });
const course = { id: courseRef() };
/** The create and update calls take JSON or form fields (form posts send groups and tags as JSON text). */
const FORM = 'JSON, or form fields (urlencoded or multipart) with prerequisite_groups and tags as JSON text.';

export const COURSE_ROUTES = areaRoutes('Courses', [
  {
    method: 'get',
    path: '/courses/',
    operationId: 'courses',
    summary: "The school's course catalogue, paginated and searchable.",
    query: ListQuery,
    success: { status: 200, json: Courses, description: 'The courses.' },
  },
  {
    method: 'get',
    path: '/partner-courses/',
    operationId: 'partnerCourses',
    summary: 'Courses of partner colleges.',
    query: ListQuery,
    success: { status: 200, json: Courses, description: 'The courses.' },
  },
  {
    method: 'get',
    path: '/courses/by-requirement/:uuid',
    operationId: 'coursesByRequirement',
    summary: 'Courses that fulfil a requirement.',
    params: { uuid: uuidParam('requirement') },
    query: ListQuery,
    success: { status: 200, json: Courses, description: 'The courses.' },
  },
  {
    method: 'get',
    path: '/get-course/:id/',
    operationId: 'course',
    summary: 'One course.',
    params: course,
    success: { status: 200, json: CourseJson, description: 'The course.' },
  },
  {
    method: 'post',
    path: '/courses/create/',
    operationId: 'createCourse',
    summary: 'Staff: create a course.',
    body: formBody(courseInputSchema(false), FORM),
    success: { status: 201, json: CourseJson, description: 'The course created.' },
  },
  {
    method: 'post',
    path: '/courses/createcc/',
    operationId: 'createPartnerCourse',
    summary: 'Staff: create a partner college course.',
    // school_uuid (or school_id) is read beside the fields' schema: the partner college.
    body: formBody(
      z.intersection(
        z.object({
          school_uuid: z.uuid().optional().meta({ description: 'The partner college.' }),
          school_id: z.int().optional().meta({ description: 'Or its numeric id.' }),
        }),
        courseInputSchema(false),
      ),
      FORM,
    ),
    success: { status: 201, json: CourseJson, description: 'The course created.' },
  },
  {
    method: 'post',
    path: '/courses/:id/',
    operationId: 'updateCourse',
    summary: 'Staff: change a course (a field left out stays as it is).',
    params: course,
    // The edit dialog sends the groups as update_prerequisite_groups (course-input.ts checkCourseUpdate).
    body: formBody(z.intersection(z.object({ update_prerequisite_groups: z.array(z.array(z.uuid())).optional() }), courseInputSchema(true)), FORM),
    success: { status: 200, json: CourseJson, description: 'The course now.' },
  },
  {
    method: 'delete',
    path: '/courses/:id/',
    operationId: 'deleteCourse',
    summary: 'Staff: delete a course.',
    params: course,
    success: { status: 200, json: MessageBody, description: 'Deleted.' },
  },
  {
    method: 'get',
    path: '/check-transferability/:courseId/:schoolUuid',
    operationId: 'isTransferable',
    summary: 'Whether a course transfers to a school.',
    params: { courseId: courseRef(), schoolUuid: z.string().meta({ description: 'The school: its uuid (or its numeric id).' }) },
    success: { status: 200, json: z.object({ isTransferable: z.boolean() }), description: 'Whether it transfers.' },
  },
  {
    method: 'post',
    path: '/transfer-course/',
    operationId: 'acceptTransferability',
    summary: 'Staff: mark a course as transferable to a school.',
    body: {
      json: transferSchema,
      description: 'original_course_id: the course (number or uuid); accepting_school_id: the school (uuid or id; default the school of record); adjusted_units.',
    },
    success: {
      status: 200,
      description: 'Accepted.',
      json: z.object({
        message: z.string(),
        original_course_id: z.int(),
        course_uuid: z.uuid(),
        accepting_school_id: z.int(),
        accepting_school_uuid: z.uuid(),
        adjusted_units: z.number(),
      }),
    },
  },
  {
    method: 'delete',
    path: '/remove-transferability/',
    operationId: 'removeTransferability',
    summary: 'Staff: remove a transferability.',
    body: { json: transferSchema },
    success: { status: 200, json: MessageBody, description: 'Removed.' },
  },
  {
    method: 'get',
    path: '/partner-schools/',
    operationId: 'partnerSchools',
    summary: "The caller's partner schools.",
    success: {
      status: 200,
      description: 'The schools.',
      json: z.array(z.object({ id: z.int(), uuid: z.uuid(), name: z.string(), school_type: z.enum(['HS', 'CLG']), primary_color: z.string() })),
    },
  },
  {
    method: 'get',
    path: '/tags/',
    operationId: 'courseTagOptions',
    summary: 'Course tag options.',
    success: { status: 200, json: z.array(z.object({ key: z.string(), value: z.string() })), description: 'The tags in use.' },
  },
  {
    method: 'get',
    path: '/requirement-filter-options/',
    operationId: 'requirementFilterOptions',
    summary: 'Requirements to filter the catalogue by.',
    success: {
      status: 200,
      json: z.array(z.object({ uuid: z.uuid(), name: z.string(), pathway_name: z.string(), label: z.string() })),
      description: 'The requirements.',
    },
  },
  {
    method: 'post',
    path: '/upload-courses-csv/',
    operationId: 'uploadCoursesCsv',
    summary: 'Staff: import a course CSV; answers per-row errors.',
    body: fileUpload('file', 'The CSV.'),
    success: {
      status: 200,
      description: 'Counts; errors and warnings only when there are some.',
      json: z.object({
        created: z.int(),
        updated: z.int(),
        errors: z.array(Issue).optional(),
        warnings: z.array(Issue).optional(),
      }),
    },
  },
]);
