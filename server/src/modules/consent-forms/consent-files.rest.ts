/**
 * /files/consent-forms/{id}.pdf and /files/consent-templates/{default|schoolId}.pdf: stored PDFs,
 * authorised per request by the service (token, or the parent's link code as ?code=).
 */
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import { buildContext, type AppDeps } from '../../adapters.js';
import { apiErrorHandler } from '../../core/http.js';
import { notFound } from '../../core/errors.js';

function sendPdf(res: Response, bytes: Buffer): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', 'inline; filename="consent-form.pdf"');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(bytes);
}

export function mountConsentFileRoutes(app: Express, deps: AppDeps): void {
  const files = express.Router();
  files.get('/consent-forms/:file', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const m = /^(.+)\.pdf$/.exec(String(req.params.file));
      if (!m) throw notFound();
      const ctx = await buildContext(deps, req);
      const code = typeof req.query.code === 'string' ? req.query.code : undefined;
      sendPdf(res, await deps.services.consentForms.formPdf(ctx, m[1], code));
    } catch (e) {
      next(e);
    }
  });
  files.get('/consent-templates/:file', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const m = /^(.+)\.pdf$/.exec(String(req.params.file));
      if (!m) throw notFound();
      const ctx = await buildContext(deps, req);
      sendPdf(res, await deps.services.consentForms.templates.templatePdf(ctx, m[1]));
    } catch (e) {
      next(e);
    }
  });
  files.use(apiErrorHandler);
  app.use('/files', files);
}
