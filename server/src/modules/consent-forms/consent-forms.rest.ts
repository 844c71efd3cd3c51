/** The consent-form calls of spec 3 §7 and spec 2 §7 (export), plus the staff template routes. */
import { limit } from '../../core/rate-limit.js';
import type { Request, Response, Router } from 'express';
import multer from 'multer';
import { route, type AppDeps } from '../../adapters.js';
import { badInput, because } from '../../core/errors.js';
import { logger } from '../../observability/logger.js';
import type { ConsentFormView, SigningBody } from './consent-forms.service.js';
import type { TemplateView } from './consent-templates.service.js';
import { PDF_MESSAGES } from './pdf-check.js';
import { SIGNATURE_MESSAGES } from './consent-signature.js';
import { checkExportInput } from './consent-export-input.js';
import type { Reason } from '@planner/shared';

const formJson = (f: ConsentFormView) => ({ pdf: f.pdf, field_config: f.fieldConfig, state: f.state });
const templateJson = (t: TemplateView) => ({
  pdf: t.pdf,
  field_config: t.fieldConfig,
  page_count: t.pageCount,
  custom: t.custom,
  updated_at: t.updatedAt,
});

/** Reads the multipart part named `pdf` (in memory, bounded); any other shape is a 400 with a message. */
function pdfUpload(maxBytes: number, otherFileMessage: Reason = PDF_MESSAGES.missing) {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 256 * 1024, parts: 6 },
  }).single('pdf');
  return (req: Request, res: Response): Promise<{ pdf: Buffer | undefined; fields: Record<string, unknown> }> =>
    new Promise((resolve, reject) => {
      upload(req, res, (err: unknown) => {
        if (err) {
          const code = (err as { code?: string }).code;
          if (code === 'LIMIT_FILE_SIZE') reject(badInput(PDF_MESSAGES.tooLarge(maxBytes)));
          else if (code === 'LIMIT_UNEXPECTED_FILE') reject(badInput(because(otherFileMessage)));
          else reject(badInput(because('UPLOAD_UNREADABLE')));
          return;
        }
        resolve({ pdf: req.file?.buffer, fields: (req.body ?? {}) as Record<string, unknown> });
      });
    });
}

export function mountConsentFormRoutes(r: Router, deps: AppDeps): void {
  const { consentForms } = deps.services;
  const readPdf = pdfUpload(deps.config.consentPdfMaxBytes);
  const readSigningParts = pdfUpload(deps.config.consentPdfMaxBytes, SIGNATURE_MESSAGES.pdfNotAccepted);
  const readSigning = async (req: Request, res: Response): Promise<SigningBody> => {
    const { pdf, fields } = await readSigningParts(req, res);
    return { fields, pdf, userAgent: String(req.headers['user-agent'] ?? '') };
  };

  route(r, deps, 'post', '/create-parent-form/', 'createParentForm', async (ctx, _req, res) => {
    const form = await consentForms.createForCaller(ctx);
    res.status(201).json({ id: form.id, state: form.state });
  });

  route(r, deps, 'get', '/parent-consent/', 'parentConsentForm', async (ctx) => formJson(await consentForms.studentForm(ctx)));

  // Multipart (the spec's shape) or JSON: name, strokes (see consent-signature.ts); a part `pdf` is refused.
  route(r, deps, 'put', '/parent-consent/', 'signParentConsent', async (ctx, req, res) => {
    return formJson(await consentForms.signAsStudent(ctx, await readSigning(req, res)));
  });

  // The parent's texted link needs no account: limited per client address (preset consentLink).
  route(r, deps, 'get', '/sign-parent-form/:code/', 'parentSignForm', async (ctx, req) => {
    await limit({ ...ctx, caller: null }, 'consentLink');
    return formJson(await consentForms.formForParent(String(req.params.code)));
  });

  route(r, deps, 'put', '/sign-parent-form/:code/', 'signParentForm', async (ctx, req, res) => {
    await limit({ ...ctx, caller: null }, 'consentLink');
    return consentForms.signAsParent(ctx, String(req.params.code), await readSigning(req, res));
  });

  route(r, deps, 'get', '/parent-form-viewer/:code/', 'parentFormViewer', async (ctx, req) => {
    const f = await consentForms.formForViewer(ctx, String(req.params.code));
    return {
      ...formJson(f),
      student: { id: f.student.id, first_name: f.student.firstName, last_name: f.student.lastName },
      guardian_phone_changed_after_sent: f.guardianPhoneChangedAfterSent,
      guardian_phone_shared: f.guardianPhoneShared,
    };
  });

  route(r, deps, 'post', '/export-parent-forms/', 'exportParentForms', async (ctx, req, res) => {
    try {
      await consentForms.exportCompleted(ctx, checkExportInput(req.body), (fileName) => {
        res.status(200);
        res.setHeader('Content-Type', 'application/zip');
        res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
        res.setHeader('Cache-Control', 'no-store');
        res.flushHeaders();
        return res;
      });
    } catch (e) {
      // Once the ZIP has started, an error can only cut the download short (the client sees it fail).
      if (res.headersSent) {
        if (!res.destroyed) logger.error({ reqId: req.id, err: e }, '[consent] export failed mid-stream');
        res.destroy();
        return;
      }
      throw e;
    }
  });

  // The queued export's ZIP (started with the GraphQL mutation startParentFormsExport), streamed from the database.
  route(r, deps, 'get', '/parent-form-exports/:id/download/', 'downloadParentFormsExport', async (ctx, req, res) => {
    try {
      await deps.services.consentExports.download(ctx, String(req.params.id), (fileName, bytes) => {
        res.status(200);
        res.setHeader('Content-Type', 'application/zip');
        res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
        if (bytes) res.setHeader('Content-Length', String(bytes));
        res.setHeader('Cache-Control', 'no-store');
        return res;
      });
    } catch (e) {
      if (res.headersSent) {
        if (!res.destroyed) logger.error({ reqId: req.id, err: e }, '[consent] export download failed mid-stream');
        res.destroy();
        return;
      }
      throw e;
    }
  });

  // Staff: their school's template (the PDF is uploaded as the part `pdf`; field_config may come along as JSON text).
  route(r, deps, 'get', '/consent-template/', 'consentTemplate', async (ctx) => templateJson(await consentForms.templates.forCaller(ctx)));

  route(r, deps, 'put', '/consent-template/', 'uploadConsentTemplate', async (ctx, req, res) => {
    const { pdf, fields } = await readPdf(req, res);
    let config: unknown;
    if (typeof fields.field_config === 'string' && fields.field_config.trim()) {
      try {
        config = JSON.parse(fields.field_config);
      } catch {
        throw badInput(because('FIELD_CONFIG_NOT_JSON'));
      }
    }
    return templateJson(await consentForms.templates.uploadPdf(ctx, pdf, config));
  });

  route(r, deps, 'patch', '/consent-template/', 'updateConsentTemplate', async (ctx, req) =>
    templateJson(await consentForms.templates.updateConfig(ctx, (req.body ?? {}).field_config)),
  );

  route(r, deps, 'delete', '/consent-template/', 'resetConsentTemplate', async (ctx) => templateJson(await consentForms.templates.reset(ctx)));
}
