/**
 * POST /api/roster-import/: multipart upload (field "file") of a students CSV, a OneRoster users.csv
 * or a OneRoster bundle (.zip), imported by a job; GET its progress. The upload goes to a temporary
 * file (memory stays flat whatever its size, up to ROSTER_MAX_MB) in the app's upload folder
 * (upload-folder.ts), deleted once it has been read, or with the folder when the app stops.
 */
import { rm } from 'node:fs/promises';
import type { Router } from 'express';
import multer from 'multer';
import { badInput, because } from '../../core/errors.js';
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
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, done) =>
        void roster.uploads.path().then(
          (dir) => done(null, dir),
          (e: Error) => done(e, ''),
        ),
    }),
    limits: { fileSize: roster.maxBytes, files: 1, fields: 10 },
  });
  route(r, deps, 'post', '/roster-import/', 'importRoster', async (ctx, req, res) => {
    await roster.assertCanImport(ctx);
    try {
      await new Promise<void>((resolve, reject) => {
        upload.single('file')(req, res, (err: unknown) => {
          if (!err) return resolve();
          const code = (err as { code?: string }).code;
          if (code === 'LIMIT_FILE_SIZE') return reject(badInput(roster.tooLarge()));
          if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return reject(badInput(because('ONE_FILE_ONLY')));
          reject(badInput(because('ROSTER_UPLOAD_UNREADABLE')));
        });
      });
      if (!req.file) throw badInput(because(ROSTER_MESSAGES.fileMissing));
      const started = await roster.importUpload(ctx, { path: req.file.path, size: req.file.size, filename: req.file.originalname, mimetype: req.file.mimetype });
      // Accepted: the rows are saved by a background job; GET the import for its progress.
      res.status(202).location(`/api/roster-imports/${started.id}/`).json(rosterImportJson(started));
    } finally {
      if (req.file?.path) await rm(req.file.path, { force: true });
    }
  });

  route(r, deps, 'get', '/roster-imports/:id/', 'rosterImport', async (ctx, req) => rosterImportJson(await roster.importStatus(ctx, String(req.params.id))));
}
