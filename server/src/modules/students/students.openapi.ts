/** The student-list and student-deletion routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, numericId, PAGED_QUERY } from '../../core/openapi.js';
import { STUDENT_SORTS } from './students.service.js';

const StudentRow = z
  .object({
    id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    grade: z.string().nullable(),
    ccc_apply_status: z.string().nullable(),
    parent_consent_form_state: z.string().nullable(),
    parent_code: z.string().nullable(),
    school: z.object({ id: z.int(), name: z.string(), four_year_plan_enabled: z.boolean() }).nullable(),
  })
  .meta({ id: 'StudentRow' });

export const STUDENT_ROUTES = areaRoutes('Students', [
  {
    method: 'get',
    path: '/students-in-school/',
    operationId: 'studentsInSchool',
    summary: "Staff: the students of the caller's school, paginated and searchable.",
    query: z.object({
      search: z.string().optional().meta({ description: 'Case-insensitive match on first name, last name, email or CCCApply status.' }),
      school_id: z.string().optional().meta({ description: 'Only this school (one the caller reaches).' }),
      sort: z.enum(STUDENT_SORTS).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      consent_state: z.enum(['none', 'admin_signed', 'student_signed', 'parent_signed', 'both_signed']).optional(),
      ccc_apply_status: z.string().optional().meta({ description: 'Only students with this CCCApply status ("Not Set" for none).' }),
      plan: z.enum(['none', 'warnings']).optional().meta({ description: 'Only students with no plan, or with a prerequisite warning.' }),
      ...PAGED_QUERY,
    }),
    success: { status: 200, json: z.array(StudentRow), description: 'The students (one page with ?page_size=).' },
  },
  {
    method: 'delete',
    path: '/students/:id/',
    operationId: 'deleteStudent',
    summary: "Staff of the student's school: delete the student's account and every record about it (cannot be undone).",
    params: { id: numericId('student') },
    success: { status: 204, description: 'Deleted.' },
  },
]);
