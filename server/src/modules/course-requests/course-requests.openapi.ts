/** The course-request routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, numericId } from '../../core/openapi.js';
import { LAYOUT_NAMES, REQUEST_FIELDS } from './export-layouts.js';

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

const ExportColumn = z
  .object({
    field: z.enum(REQUEST_FIELDS),
    header: z.string().meta({ description: 'Its header in the SIS import: 1 to 40 letters, digits, spaces or _ . # ( ) / -, first a letter or digit.' }),
  })
  .meta({ id: 'CourseRequestColumn' });
const ExportColumnsJson = z.array(ExportColumn).nullable();

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

export const CourseDemandJson = z
  .object({
    school_year: SchoolYear,
    class_size: z.int().meta({ description: "The school's class size (students per section)." }),
    grades: z.array(z.string()).meta({ description: 'Every grade that appears, in order ("" : no grade recorded).' }),
    results: z.array(
      z.object({
        course_id: z.int(),
        course_code: z.string(),
        title: z.string(),
        requested: z.int().meta({ description: 'Students with a first-choice request.' }),
        alternates: z.int().meta({ description: 'Students who asked it only as an alternate.' }),
        by_grade: z.array(z.object({ grade: z.string(), count: z.int() })),
        sections: z.int().meta({ description: 'requested / class_size, rounded up.' }),
      }),
    ),
  })
  .meta({ id: 'CourseDemand' });
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
    summary:
      "Staff: their school's course requests as a CSV for the SIS, in a layout (generic, powerschool, aeries, infinite-campus; see the README's \"Course requests for your SIS\") or with the school's own column names.",
    query: z.object({
      ...YearQuery,
      layout: z.enum(LAYOUT_NAMES).optional().meta({
        description:
          "Default generic: student_id, course_code, school_year, term, alternate (Y/N). school: the school's saved columns (/course-requests/columns/), values as generic writes them.",
      }),
      columns: z.string().optional().meta({
        description:
          "Your own columns, in order: field:Header pairs separated by commas, e.g. student_id:StudentNumber,course_code:CourseNumber. Fields: student_id, course_code, school_year, term, alternate (each at most once); a header is 1 to 40 letters, digits, spaces or _ . # ( ) / -, starting with a letter or digit. Values keep the layout's formats.",
      }),
    }),
    success: { status: 200, file: 'text/csv', description: 'course-requests-<school year>[-<layout>].csv' },
  },
  {
    method: 'get',
    path: '/course-requests/columns/',
    operationId: 'courseRequestColumns',
    summary: "Staff: their school's saved export columns (null: none saved), the ones layout=school writes.",
    success: { status: 200, json: z.object({ columns: ExportColumnsJson }), description: 'The saved columns, in order.' },
  },
  {
    method: 'put',
    path: '/course-requests/columns/',
    operationId: 'setCourseRequestColumns',
    summary:
      "Staff: saves their school's export columns, checked as the export's columns parameter is (a refused list is a 400 with reason COURSE_REQUEST_COLUMNS_INVALID); null or [] clears them.",
    body: {
      json: z.object({
        columns: z
          .union([z.string(), z.array(ExportColumn)])
          .nullable()
          .meta({ description: 'A list of { field, header }, or the text field:Header,field:Header as the export takes it.' }),
      }),
    },
    success: { status: 200, json: z.object({ columns: ExportColumnsJson }), description: 'The saved columns.' },
  },
  {
    method: 'put',
    path: '/course-requests/class-size/',
    operationId: 'setCourseDemandClassSize',
    summary: 'Staff: the class size their school plans sections at (1 to 200, default 30); the demand report divides by it.',
    body: { json: z.object({ class_size: z.int() }) },
    success: { status: 200, json: z.object({ class_size: z.int() }), description: 'The class size.' },
  },
  {
    method: 'get',
    path: '/course-requests/demand/',
    operationId: 'courseDemand',
    summary:
      "Staff: course demand for the master schedule: per course, the students who requested it, by the grade they will be in, and the sections needed at the school's class size. The students behind a number: /course-requests/demand/students/.",
    query: z.object(YearQuery),
    success: { status: 200, json: CourseDemandJson, description: 'The demand, courses by code.' },
  },
  {
    method: 'get',
    path: '/course-requests/demand/export/',
    operationId: 'exportCourseDemand',
    summary: 'Staff: the course demand as a CSV: course_code, course_title, requested, one grade_<grade> column per grade, alternates, sections.',
    query: z.object(YearQuery),
    success: { status: 200, file: 'text/csv', description: 'course-demand-<school year>.csv' },
  },
  {
    method: 'get',
    path: '/course-requests/demand/students/',
    operationId: 'courseDemandStudents',
    summary: 'Staff: the students behind a demand number: those who requested a course (of a grade; or only as an alternate), by name.',
    query: z.object({
      ...YearQuery,
      course_id: z.string().meta({ description: "The course's id." }),
      grade: z.string().optional().meta({ description: 'The grade in that year, e.g. 11 (empty: students with no grade); default every grade.' }),
      alternates: z.enum(['true', 'false']).optional().meta({ description: 'true: those who asked it only as an alternate.' }),
    }),
    success: {
      status: 200,
      json: z.object({ results: z.array(z.object({ student_id: z.int(), name: z.string(), rostered_id: z.string(), grade: z.string() })) }),
      description: 'The students.',
    },
  },
]);
