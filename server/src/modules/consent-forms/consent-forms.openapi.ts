/** The consent-form routes in the OpenAPI document (see core/openapi.ts). */
import { CONSENT_STATES } from '@planner/shared/consent-form';
import { z } from 'zod';
import { areaRoutes, fileUpload, PATH_PARAMS, timestamp, uuidParam } from '../../core/openapi.js';
import { exportSchema } from './consent-export-input.js';

const Placement = z.record(z.string(), z.unknown()).meta({ description: 'Where a field is drawn: page, position and size.' });
const FieldConfig = z
  .object({
    student_info: z.record(z.string(), Placement),
    student_signature: z.object({ signature: Placement, date: Placement }),
    parent_signature: z.object({ printed_name: Placement, signature: Placement, date: Placement }),
  })
  .meta({ id: 'ConsentFieldConfig' });

const state = z.enum(CONSENT_STATES);
const FormJson = z
  .object({
    pdf: z.string().meta({ description: "Path of the form's current PDF on this host." }),
    field_config: FieldConfig,
    state,
  })
  .meta({ id: 'ConsentForm' });
const TemplateJson = z
  .object({
    pdf: z.string(),
    field_config: FieldConfig,
    page_count: z.int(),
    custom: z.boolean().meta({ description: "The school's own template, not the default." }),
    updated_at: timestamp(),
  })
  .meta({ id: 'ConsentTemplate' });

/** The signing calls read these fields themselves (consent-signature.ts): described here. */
const Signing = z.object({
  name: z.string().meta({ description: 'The typed full name: the signature.' }),
  printed_name: z.string().optional().meta({ description: "The parent's printed name (default: the typed name)." }),
  strokes: z
    .union([z.array(z.array(z.tuple([z.number(), z.number()]))), z.string()])
    .optional()
    .meta({ description: 'The drawn signature: strokes of [x, y] points between 0 and 1 (JSON text in a form post).' }),
});
const code = { code: PATH_PARAMS.code() };
const SIGN = "Multipart fields (the spec's shape) or JSON; a signed PDF is refused: the form is signed on the server.";

export const CONSENT_FORM_ROUTES = areaRoutes('Consent forms', [
  {
    method: 'post',
    path: '/create-parent-form/',
    operationId: 'createParentForm',
    summary: "Create the signed-in student's parent consent form.",
    success: { status: 201, json: z.object({ id: z.uuid(), state }), description: 'The form created.' },
  },
  {
    method: 'get',
    path: '/parent-consent/',
    operationId: 'parentConsentForm',
    summary: "The student's consent form and its state.",
    success: { status: 200, json: FormJson, description: 'The form.' },
  },
  {
    method: 'put',
    path: '/parent-consent/',
    operationId: 'signParentConsent',
    summary: 'The student signs and sends the form to the parent.',
    body: { json: Signing, multipart: Signing, description: SIGN },
    success: { status: 200, json: FormJson, description: 'The form, signed.' },
  },
  {
    method: 'get',
    path: '/sign-parent-form/:code/',
    operationId: 'parentSignForm',
    summary: 'The form a parent opens from the texted code.',
    public: true,
    errors: [429],
    params: code,
    success: { status: 200, json: FormJson, description: 'The form.' },
  },
  {
    method: 'put',
    path: '/sign-parent-form/:code/',
    operationId: 'signParentForm',
    summary: 'The parent signs the form by its code.',
    public: true,
    errors: [429],
    params: code,
    body: { json: Signing, multipart: Signing, description: SIGN },
    success: { status: 200, json: z.object({ state }), description: 'Signed.' },
  },
  {
    method: 'get',
    path: '/parent-form-viewer/:code/',
    operationId: 'parentFormViewer',
    summary: 'The signed form, viewed by its code.',
    public: true,
    params: code,
    success: {
      status: 200,
      description: 'The form.',
      json: FormJson.extend({
        student: z.object({ id: z.int(), first_name: z.string(), last_name: z.string() }),
        guardian_phone_changed_after_sent: z.boolean(),
        guardian_phone_shared: z.boolean(),
      }),
    },
  },
  {
    method: 'post',
    path: '/export-parent-forms/',
    operationId: 'exportParentForms',
    summary: "Staff: a grade's signed consent forms as a ZIP of PDFs.",
    body: { json: exportSchema },
    success: { status: 200, file: 'application/zip', description: 'The ZIP, streamed.' },
  },
  {
    method: 'get',
    path: '/parent-form-exports/:id/download/',
    operationId: 'downloadParentFormsExport',
    summary: 'Staff: the ZIP of a finished background export (started with the GraphQL mutation startParentFormsExport), until it expires.',
    params: { id: uuidParam('export') },
    success: { status: 200, file: 'application/zip', description: 'The ZIP.' },
  },
  {
    method: 'get',
    path: '/consent-template/',
    operationId: 'consentTemplate',
    summary: "Staff: the school's consent template.",
    success: { status: 200, json: TemplateJson, description: 'The template.' },
  },
  {
    method: 'put',
    path: '/consent-template/',
    operationId: 'uploadConsentTemplate',
    summary: 'Staff: upload a consent template PDF.',
    body: fileUpload('pdf', 'The template PDF.', { field_config: z.string().optional().meta({ description: 'The field placement, as JSON text.' }) }),
    success: { status: 200, json: TemplateJson, description: 'The template now.' },
  },
  {
    method: 'patch',
    path: '/consent-template/',
    operationId: 'updateConsentTemplate',
    summary: "Staff: change the template's field placement.",
    body: { json: z.object({ field_config: FieldConfig }) },
    success: { status: 200, json: TemplateJson, description: 'The template now.' },
  },
  {
    method: 'delete',
    path: '/consent-template/',
    operationId: 'resetConsentTemplate',
    summary: 'Staff: go back to the default template.',
    success: { status: 200, json: TemplateJson, description: 'The default template.' },
  },
]);
