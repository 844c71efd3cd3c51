/**
 * POST /api/transcript-import/: multipart upload (field "file") of a transcript CSV or Ed-Fi
 * courseTranscripts JSON, imported by a job (GET its progress); a student's records and a staff
 * correction. The upload goes to a temporary file (core/file-upload.ts, as the roster's), deleted
 * once read.
 */
import { rm } from 'node:fs/promises';
import type { Router } from 'express';
import { because } from '../../core/errors.js';
import { receiveFile } from '../../core/file-upload.js';
import { route, type AppDeps } from '../../adapters.js';
import type { TranscriptImportView, TranscriptRecordView } from './transcripts.service.js';

export const transcriptImportJson = (v: TranscriptImportView) => ({
  id: v.id,
  state: v.state,
  format: v.format,
  total_rows: v.totalRows,
  done_rows: v.doneRows,
  created: v.created,
  updated: v.updated,
  unchanged: v.unchanged,
  placed: v.placed,
  errors: v.errors,
  error: v.error,
});

export const transcriptRecordJson = (r: TranscriptRecordView) => ({
  id: r.id,
  student_id: r.studentId,
  course_id: r.courseId,
  course_code: r.courseCode,
  course_title: r.courseTitle,
  school_year: r.schoolYear,
  term: r.term,
  grade_level: r.gradeLevel,
  grade: r.grade,
  units_earned: r.unitsEarned,
  status: r.status,
  corrected: r.corrected,
});

export function mountTranscriptRoutes(r: Router, deps: AppDeps): void {
  const { transcripts } = deps.services;
  route(r, deps, 'post', '/transcript-import/', 'importTranscript', async (ctx, req, res) => {
    await transcripts.assertCanImport(ctx);
    try {
      const file = await receiveFile(req, res, {
        folder: transcripts.uploads,
        maxBytes: transcripts.maxBytes,
        tooLarge: () => transcripts.tooLarge(),
        missing: because('CSV_FILE_MISSING'),
        unreadable: because('ROSTER_UPLOAD_UNREADABLE'),
      });
      const started = await transcripts.importUpload(ctx, file);
      res.status(202).location(`/api/transcript-imports/${started.id}/`).json(transcriptImportJson(started));
    } finally {
      if (req.file?.path) await rm(req.file.path, { force: true });
    }
  });
  route(r, deps, 'get', '/transcript-imports/:id/', 'transcriptImport', async (ctx, req) =>
    transcriptImportJson(await transcripts.importStatus(ctx, String(req.params.id))),
  );
  route(r, deps, 'get', '/students/:id/transcript/', 'studentTranscript', async (ctx, req) =>
    (await transcripts.studentRecords(ctx, req.params.id)).map(transcriptRecordJson),
  );
  route(r, deps, 'post', '/transcript-records/:id/correct/', 'correctTranscriptRecord', async (ctx, req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (v === undefined || v === null ? null : String(v));
    return transcriptRecordJson(
      await transcripts.correct(ctx, req.params.id, {
        grade: text(body.grade),
        unitsEarned: body.units_earned === undefined || body.units_earned === null ? null : (body.units_earned as number),
        status: text(body.status),
        reason: text(body.reason),
      }),
    );
  });
}
