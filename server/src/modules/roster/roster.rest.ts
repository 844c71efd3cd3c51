/**
 * POST /api/roster-import/: multipart upload (field "file") of a students CSV, a OneRoster users.csv
 * or a OneRoster bundle (.zip), imported by a job; GET its progress. The upload goes to a temporary
 * file (memory stays flat whatever its size, up to ROSTER_MAX_MB) in the app's upload folder
 * (core/file-upload.ts), deleted once it has been read, or with the folder when the app stops.
 */
import { rm } from 'node:fs/promises';
import type { Router } from 'express';
import { because } from '../../core/errors.js';
import { receiveFile } from '../../core/file-upload.js';
import { route, type AppDeps } from '../../adapters.js';
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
});

export function mountRosterRoutes(r: Router, deps: AppDeps): void {
  const { roster } = deps.services;
  route(r, deps, 'post', '/roster-import/', 'importRoster', async (ctx, req, res) => {
    await roster.assertCanImport(ctx);
    try {
      const file = await receiveFile(req, res, {
        folder: roster.uploads,
        maxBytes: roster.maxBytes,
        tooLarge: () => roster.tooLarge(),
        missing: because(ROSTER_MESSAGES.fileMissing),
        unreadable: because('ROSTER_UPLOAD_UNREADABLE'),
      });
      const started = await roster.importUpload(ctx, file);
      // Accepted: the rows are saved by a background job; GET the import for its progress.
      res.status(202).location(`/api/roster-imports/${started.id}/`).json(rosterImportJson(started));
    } finally {
      if (req.file?.path) await rm(req.file.path, { force: true });
    }
  });

  route(r, deps, 'get', '/roster-imports/:id/', 'rosterImport', async (ctx, req) => rosterImportJson(await roster.importStatus(ctx, String(req.params.id))));
}
