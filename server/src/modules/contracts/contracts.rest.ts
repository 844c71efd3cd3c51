import express, { type Express, type Router } from 'express';
import { buildContext, route, type AppDeps } from '../../adapters.js';
import { apiErrorHandler } from '../../core/http.js';
import { AppError, HTTP_STATUS, reasonFields } from '../../core/errors.js';
import { checkPlacedContract } from './contract-input.js';

export function mountContractRoutes(r: Router, deps: AppDeps): void {
  const { contracts } = deps.services;

  /** The spec's answer shape on success and on refusal: { success, pdf_url, error }. */
  route(r, deps, 'post', '/generate-enrollment-contract-pdf/', 'generateEnrollmentContractPdf', async (ctx, req, res) => {
    try {
      const { pdfUrl } = await contracts.generatePdf(ctx, checkPlacedContract(req.body));
      return { success: true, pdf_url: pdfUrl, error: null };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      res.status(HTTP_STATUS[e.code]).json({ success: false, pdf_url: null, error: e.message, ...reasonFields(e) });
      return undefined;
    }
  });

  route(r, deps, 'post', '/enrollment-contract-completion/', 'completeEnrollmentContract', async (ctx) => {
    const done = await contracts.complete(ctx);
    return { success: true, application_status: done.applicationStatus, completed_at: done.completedAt.toISOString() };
  });

  /** The caller's contract and the contract text (the same sections the PDF draws). */
  route(r, deps, 'get', '/enrollment-contract/', 'enrollmentContract', async (ctx) => {
    const mine = await contracts.mine(ctx);
    return {
      contract: mine && {
        id: mine.id,
        student_name: mine.studentName,
        status: mine.status,
        pdf_url: mine.pdfUrl,
        completed_at: mine.completedAt?.toISOString() ?? null,
        placed_signatures: mine.placedSignatures,
      },
      document: await contracts.document(ctx),
    };
  });
}

/** GET /files/contracts/{id}.pdf: the stored contract PDF, for the parent and dual-school staff. */
export function mountContractFiles(app: Express, deps: AppDeps): void {
  const files = express.Router();
  files.get('/contracts/:file', async (req, res, next) => {
    try {
      const ctx = await buildContext(deps, req);
      const id = String(req.params.file).replace(/\.pdf$/, '');
      const file = await deps.services.contracts.pdfFile(ctx, id);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `inline; filename="${file.filename}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(file.bytes);
    } catch (e) {
      next(e);
    }
  });
  files.use(apiErrorHandler);
  app.use('/files', files);
}
