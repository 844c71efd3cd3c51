/**
 * POST /api/roster-import/: multipart upload (field "file") of a students CSV, a OneRoster users.csv
 * or a OneRoster bundle (.zip), imported by a job; GET its progress. The upload goes to a temporary
 * file (memory stays flat whatever its size, up to ROSTER_MAX_MB) in the app's upload folder
 * (core/file-upload.ts, answered as jobs/import-job.ts says), deleted once it has been read, or with
 * the folder when the app stops.
 */
import type { Router } from 'express';
import { because } from '../../core/errors.js';
import { route, type AppDeps } from '../../adapters.js';
import { answerImportUpload } from '../jobs/import-job.js';
import { ROSTER_MESSAGES, type RosterImportView } from './roster.service.js';

/** The import as scripts read it (snake_case, like the rest of /api). */
export const rosterImportJson = (v: RosterImportView) => ({
  id: v.id,
  state: v.state,
  format: v.format,
  total_rows: v.totalRows,
  done_rows: v.doneRows,
  created: v.created,
  updated: v.updated,
  emailed: v.emailed,
  deactivated: v.deactivated,
  reactivated: v.reactivated,
  errors: v.errors,
  notices: v.notices,
  error: v.error,
  reason: v.reason,
});

export function mountRosterRoutes(r: Router, deps: AppDeps): void {
  const { roster } = deps.services;
  // Accepted: the rows are saved by a background job; GET the import for its progress.
  route(r, deps, 'post', '/roster-import/', 'importRoster', (ctx, req, res) =>
    answerImportUpload(req, res, {
      assertCanImport: () => roster.assertCanImport(ctx),
      limits: {
        folder: roster.uploads,
        maxBytes: roster.maxBytes,
        tooLarge: () => roster.tooLarge(),
        missing: because(ROSTER_MESSAGES.fileMissing),
        unreadable: because('ROSTER_UPLOAD_UNREADABLE'),
      },
      start: (file) => roster.importUpload(ctx, file),
      location: (started) => `/api/roster-imports/${started.id}/`,
      json: rosterImportJson,
    }),
  );

  route(r, deps, 'get', '/roster-imports/:id/', 'rosterImport', async (ctx, req) => rosterImportJson(await roster.importStatus(ctx, String(req.params.id))));
}
