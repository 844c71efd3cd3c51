/** The course-request routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, numericId } from '../../core/openapi.js';

const SchoolYear = z.string().meta({ description: 'The school year, e.g. 2027-2028.' });

export const RequestWindowJson = z
  .object({
    school_year: SchoolYear,
    opens_on: z.string().meta({ description: 'First day (YYYY-MM-DD, UTC) the plans count as requests.' }),
    closes_on: z.string().meta({ description: 'Last day (YYYY-MM-DD, UTC); after it the requests are kept as submitted.' }),
    state: z.enum(['upcoming', 'open', 'closed']),
    kept_at: z.string().nullable().meta({ description: 'When the requests were kept at the close.' }),
  })
  .meta({ id: 'CourseRequestWindow' });

const WindowBody = z.object({ school_year: SchoolYear, opens_on: z.string(), closes_on: z.string() });

export const CourseRequestJson = z
  .object({
    student_id: z.int(),
    rostered_id: z.string().meta({ description: "The student's sourcedId as rostered, else their email." }),
    course_id: z.int(),
    course_code: z.string(),
    school_year: SchoolYear,
    term: z.string().meta({ description: 'Fall, Spring or Summer for dated plan terms; Year for grade-level terms.' }),
    alternate: z.boolean(),
    kept: z.boolean().meta({ description: 'Kept as submitted (window closed or plan approved); false: read live from the plan.' }),
  })
  .meta({ id: 'CourseRequest' });

const YearQuery = { school_year: SchoolYear.optional().meta({ description: "Default: the window's school year." }) };

export const COURSE_REQUEST_ROUTES = areaRoutes('Course requests', [
  {
    method: 'get',
    path: '/course-requests/window/',
    operationId: 'courseRequestWindow',
    summary: "Staff: their school's course-request window (null: none set).",
    success: { status: 200, json: z.object({ window: RequestWindowJson.nullable() }), description: 'The window.' },
  },
  {
    method: 'put',
    path: '/course-requests/window/',
    operationId: 'setCourseRequestWindow',
    summary: "Staff: set their school's course-request window: the school year and its open and close dates.",
    body: { json: WindowBody },
    success: { status: 200, json: z.object({ window: RequestWindowJson }), description: 'The window.' },
  },
  {
    method: 'get',
    path: '/course-requests/',
    operationId: 'courseRequests',
    summary: "Staff: their school's course requests for a school year, by student, paged.",
    query: z.object({ ...YearQuery, page_size: z.string().optional().meta({ description: '1 to 1000, default 100.' }), cursor: z.string().optional() }),
    success: {
      status: 200,
      json: z.object({ school_year: SchoolYear, count: z.int(), next: z.string().nullable(), results: z.array(CourseRequestJson) }),
      description: 'A page of requests; `next` is the cursor of the following page.',
    },
  },
  {
    method: 'put',
    path: '/course-requests/students/:id/',
    operationId: 'setStudentCourseRequests',
    summary: "Staff: replace a student's course requests for the window's school year; they are kept (the student can no longer change them).",
    params: { id: numericId('student') },
    body: {
      json: z.object({
        requests: z
          .array(z.object({ course_id: z.int(), term: z.string().meta({ description: 'e.g. Year, Fall, Spring.' }), alternate: z.boolean().optional() }))
          .max(40),
      }),
    },
    success: { status: 200, json: z.object({ results: z.array(CourseRequestJson) }), description: "The student's requests." },
  },
  {
    method: 'get',
    path: '/course-requests/export/',
    operationId: 'exportCourseRequests',
    summary: "Staff: their school's course requests as a CSV for the SIS: student_id, course_code, school_year, term, alternate (Y/N).",
    query: z.object(YearQuery),
    success: { status: 200, file: 'text/csv', description: 'course-requests-<school year>.csv' },
  },
]);
