import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkAddNote, checkStudentRef } from './notes-input.js';
import type { NoteThread, NoteView } from './notes.service.js';

/** The JSON of one note (notes.openapi.ts describes it). */
export const noteJson = (n: NoteView) => ({
  id: n.id,
  body: n.body,
  author_name: n.authorName,
  author_role: n.authorRole,
  created_at: n.createdAt.toISOString(),
  staff_only: n.staffOnly,
  can_delete: n.canDelete,
});

const threadJson = (t: NoteThread) => ({
  student_id: t.studentId,
  can_write: t.canWrite,
  can_mark_staff_only: t.canMarkStaffOnly,
  notes: t.notes.map(noteJson),
});

export function mountNoteRoutes(r: Router, deps: AppDeps): void {
  const { notes } = deps.services;
  /** The thread of a student's plan: ?student_id=, or the caller's own plan. */
  route(r, deps, 'get', '/plan-notes/', 'planNotes', async (ctx, req) => threadJson(await notes.thread(ctx, checkStudentRef(req.query.student_id))));
  /** Writes a note. */
  route(r, deps, 'post', '/plan-notes/', 'addPlanNote', async (ctx, req, res) => {
    const note = await notes.add(ctx, checkAddNote(req.body));
    res.status(201);
    return noteJson(note);
  });
  /** Deletes a note (its author, within 15 minutes). */
  route(r, deps, 'delete', '/plan-notes/:id/', 'deletePlanNote', async (ctx, req) => {
    await notes.remove(ctx, req.params.id);
  });
}
