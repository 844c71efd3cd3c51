/** The parent routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes } from '../../core/openapi.js';
import { parentCodeSchema } from './parents-input.js';

const LinkedStudent = z.object({ id: z.int(), first_name: z.string(), last_name: z.string(), email: z.string() }).meta({ id: 'LinkedStudent' });

export const PARENT_ROUTES = areaRoutes('Parents', [
  {
    method: 'get',
    path: '/parent-students/',
    operationId: 'parentStudents',
    summary: "A parent's linked students.",
    success: { status: 200, json: z.array(LinkedStudent), description: 'The students.' },
  },
  {
    method: 'post',
    path: '/add-student/',
    operationId: 'addStudent',
    summary: "Link a student to the signed-in parent by the student's parent code.",
    errors: [429],
    body: { json: parentCodeSchema },
    success: { status: 200, json: z.object({ student: LinkedStudent }), description: 'The student linked.' },
  },
]);
