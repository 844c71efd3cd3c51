/**
 * The spec's application calls (admissions §7) and the staff review for district scripts:
 *   GET/PATCH/POST /api/application/, GET /api/application/files/{id}/,
 *   GET /api/applications/, GET /api/applications/{id}/, POST /api/applications/{id}/decision/,
 * and the transcript files at GET /files/transcripts/{id}.
 */
import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { badInput, because } from '../../core/errors.js';
import { apiErrorHandler, sendPagedList } from '../../core/http.js';
import { route, type AdapterContext, type AppDeps } from '../../adapters.js';
import type { TranscriptFile } from './application.entity.js';
import { checkApplicationSave, checkDecision } from './admission-input.js';
import { ADMISSION_MESSAGES, contentDisposition, MAX_APPLICATION_PAGE, transcriptUrl, type ApplicationView, type UploadedFile } from './admissions.service.js';

const transcriptJson = (f: TranscriptFile) => ({
  id: f.id,
  file_name: f.fileName,
  content_type: f.contentType,
  size: f.size,
  uploaded_at: f.createdAt,
  url: transcriptUrl(f.id),
});

const formDataJson = (v: ApplicationView) => v.formData.map((r) => ({ step: r.step, title: r.title, data: r.data }));

/** Reads one multipart file (field `file`) into memory within the configured size limit. */
function readUpload(deps: AppDeps, req: Request, res: Response): Promise<UploadedFile | undefined> {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: deps.config.transcriptMaxBytes, files: 1, fields: 10, parts: 11 },
    defParamCharset: 'utf8',
  }).single('file');
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (!err) return resolve(req.file as UploadedFile | undefined);
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(badInput(ADMISSION_MESSAGES.tooLarge(deps.config.transcriptMaxBytes)));
        return reject(badInput(because('ONE_FILE_PER_REQUEST')));
      }
      reject(badInput(because('UPLOAD_UNREADABLE')));
    });
  });
}

async function sendTranscript(ctx: AdapterContext, id: unknown, res: Response): Promise<void> {
  const file = await ctx.services.admissions.transcriptFile(ctx, id);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', contentDisposition(file.fileName));
  res.setHeader('Content-Length', String(file.data.length));
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.data);
}

export function mountAdmissionRoutes(r: Router, deps: AppDeps): void {
  const { admissions } = deps.services;

  route(r, deps, 'get', '/application/', 'application', async (ctx) => {
    const v = await admissions.mine(ctx);
    return { id: v.id, application_status: v.applicationStatus, form_data: formDataJson(v), submitted_at: v.submittedAt };
  });

  route(r, deps, 'patch', '/application/', 'saveApplication', async (ctx, req) => {
    const v = await admissions.save(ctx, checkApplicationSave(req.body));
    return { id: v.id, application_status: v.applicationStatus, form_data: formDataJson(v), submitted_at: v.submittedAt };
  });

  route(r, deps, 'post', '/application/', 'uploadTranscript', async (ctx, req, res) => {
    const file = await readUpload(deps, req, res);
    const saved = await admissions.upload(ctx, file);
    res.status(201).json(transcriptJson(saved));
  });

  route(r, deps, 'get', '/application/files/:id/', 'transcriptFile', async (ctx, req, res) => {
    await sendTranscript(ctx, req.params.id, res);
  });

  /** Staff. One array; ?page_size= and ?cursor= page it (the next cursor in X-Next-Cursor); ?status= filters. */
  route(r, deps, 'get', '/applications/', 'applications', async (ctx, req, res) => {
    const status = typeof req.query.status === 'string' && req.query.status ? req.query.status : null;
    return sendPagedList(
      req,
      res,
      MAX_APPLICATION_PAGE,
      (first, after) => admissions.list(ctx, { status, first, after }),
      async (rows) => {
        const parents = await ctx.loaders.userById.loadMany(rows.map((a) => a.parentId));
        return rows.map((a, i) => {
          const p = parents[i] instanceof Error ? null : parents[i];
          return {
            id: a.id,
            parent: p ? { id: p.id, first_name: p.firstName, last_name: p.lastName, email: p.email } : null,
            student_name: a.studentName,
            status: a.applicationStatus,
            submitted_at: a.submittedAt,
            decided_at: a.decidedAt,
          };
        });
      },
    );
  });

  route(r, deps, 'get', '/applications/:id/', 'admissionApplication', async (ctx, req) => {
    const v = await admissions.getForStaff(ctx, req.params.id);
    return staffJson(ctx, v);
  });

  route(r, deps, 'post', '/applications/:id/decision/', 'decideApplication', async (ctx, req) => {
    const v = await admissions.decide(ctx, req.params.id, checkDecision(req.body));
    return staffJson(ctx, v);
  });
}

async function staffJson(ctx: AdapterContext, v: ApplicationView) {
  const [parent, transcripts] = await Promise.all([ctx.loaders.userById.load(v.parentId), ctx.services.admissions.transcriptsOf(ctx, v)]);
  return {
    id: v.id,
    application_status: v.applicationStatus,
    form_data: formDataJson(v),
    submitted_at: v.submittedAt,
    decided_at: v.decidedAt,
    decision_reason: v.decisionReason,
    parent: parent ? { id: parent.id, first_name: parent.firstName, last_name: parent.lastName, email: parent.email } : null,
    transcripts: transcripts.map(transcriptJson),
  };
}

/** GET /files/transcripts/{id}: the stored file, authorised per request, always as an attachment. */
export function transcriptFilesRouter(deps: AppDeps): Router {
  const r = express.Router();
  route(r, deps, 'get', '/transcripts/:id', 'transcriptFile', async (ctx, req, res) => {
    await sendTranscript(ctx, req.params.id, res);
  });
  r.use(apiErrorHandler);
  return r;
}
