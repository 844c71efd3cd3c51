/**
 * POST /api/transcript-import/: multipart upload (field "file") of a transcript CSV or Ed-Fi
 * courseTranscripts JSON, imported by a job (GET its progress); a student's records and a staff
 * correction. The upload is received and answered as the roster's (jobs/import-job.ts): a temporary
 * file, deleted once read.
 */
import type { Router } from 'express';
import { because } from '../../core/errors.js';
import { route, type AppDeps } from '../../adapters.js';
import { answerImportUpload } from '../jobs/import-job.js';
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
  reason: v.reason,
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
  route(r, deps, 'post', '/transcript-import/', 'importTranscript', (ctx, req, res) =>
    answerImportUpload(req, res, {
      assertCanImport: () => transcripts.assertCanImport(ctx),
      limits: {
        folder: transcripts.uploads,
        maxBytes: transcripts.maxBytes,
        tooLarge: () => transcripts.tooLarge(),
        missing: because('CSV_FILE_MISSING'),
        unreadable: because('ROSTER_UPLOAD_UNREADABLE'),
      },
      start: (file) => transcripts.importUpload(ctx, file),
      location: (started) => `/api/transcript-imports/${started.id}/`,
      json: transcriptImportJson,
    }),
  );
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
