/** The plan-note routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, numericId } from '../../core/openapi.js';
import { ADD_NOTE_BODY, NOTES_QUERY } from './notes-input.js';

const PlanNote = z
  .object({
    id: z.int(),
    body: z.string().meta({ description: 'Plain text (never HTML); http(s) links are shown as links.' }),
    author_name: z.string().nullable().meta({ description: "The author's name; null when their account no longer exists." }),
    author_role: z.enum(['staff', 'student', 'parent']),
    created_at: z.string().meta({ format: 'date-time' }),
    staff_only: z.boolean().meta({ description: 'Seen by staff only (always false in answers to students and parents).' }),
    can_delete: z.boolean().meta({ description: 'The caller wrote it and may still delete it (within 15 minutes).' }),
  })
  .meta({ id: 'PlanNote' });

const PlanNoteThread = z
  .object({
    student_id: z.int(),
    can_write: z.boolean().meta({ description: 'The caller may write (not on a read-only view token).' }),
    can_mark_staff_only: z.boolean().meta({ description: 'The caller may mark a note staff-only (staff).' }),
    notes: z.array(PlanNote).meta({ description: 'The notes the caller may see, oldest first.' }),
  })
  .meta({ id: 'PlanNoteThread' });

export const NOTE_ROUTES = areaRoutes('Plan notes', [
  {
    method: 'get',
    path: '/plan-notes/',
    operationId: 'planNotes',
    summary: "The notes on a student's plan: the student, their linked parents and staff of their school.",
    description:
      'Staff-only notes are in answers to staff only. A read by staff or a parent is recorded in the access log; staff reading the thread marks it read for them (the caseload unread count).',
    query: NOTES_QUERY,
    success: { status: 200, json: PlanNoteThread, description: 'The thread.' },
  },
  {
    method: 'post',
    path: '/plan-notes/',
    operationId: 'addPlanNote',
    summary: "Write a note on a student's plan (plain text, 1 to 2,000 characters); staff may mark it staff-only.",
    body: { json: ADD_NOTE_BODY },
    success: { status: 201, json: PlanNote, description: 'The note written.' },
  },
  {
    method: 'delete',
    path: '/plan-notes/:id/',
    operationId: 'deletePlanNote',
    summary: 'Delete a note: only its author, within 15 minutes of writing it.',
    params: { id: numericId('note') },
    success: { status: 204, description: 'Deleted.' },
  },
]);
