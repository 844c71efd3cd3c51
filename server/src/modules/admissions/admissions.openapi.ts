/** The Dual School application routes in the OpenAPI document (see core/openapi.ts). */
import { APPLICATION_STATUSES } from '@planner/shared';
import { z } from 'zod';
import { areaRoutes, fileUpload, numericId, PAGED_QUERY, timestamp } from '../../core/openapi.js';
import { decisionInput, saveInput } from './admission-input.js';

const status = z.enum(APPLICATION_STATUSES);
const FormData = z.array(z.object({ step: z.int(), title: z.string(), data: z.record(z.string(), z.unknown()).meta({ description: "The step's answers by field." }) }));
const Person = z.object({ id: z.int(), first_name: z.string(), last_name: z.string(), email: z.string() });
const Transcript = z
  .object({
    id: z.int(),
    file_name: z.string(),
    content_type: z.string(),
    size: z.int(),
    uploaded_at: timestamp(),
    url: z.string().meta({ description: 'Where to download it (authorised per request).' }),
  })
  .meta({ id: 'Transcript' });
const Mine = z.object({ id: z.int().nullable(), application_status: status, form_data: FormData, submitted_at: timestamp().nullable() }).meta({ id: 'Application' });
const ForStaff = z
  .object({
    id: z.int().nullable(),
    application_status: status,
    form_data: FormData,
    submitted_at: timestamp().nullable(),
    decided_at: timestamp().nullable(),
    decision_reason: z.string(),
    parent: Person.nullable(),
    transcripts: z.array(Transcript),
  })
  .meta({ id: 'ApplicationForStaff' });
const application = { id: numericId('application') };

export const ADMISSION_ROUTES = areaRoutes('Admissions', [
  {
    method: 'get',
    path: '/application/',
    operationId: 'application',
    summary: "The parent's Dual School application.",
    success: { status: 200, json: Mine, description: 'The application.' },
  },
  {
    method: 'patch',
    path: '/application/',
    operationId: 'saveApplication',
    summary: 'Save application answers.',
    body: { json: saveInput },
    success: { status: 200, json: Mine, description: 'The application now.' },
  },
  {
    method: 'post',
    path: '/application/',
    operationId: 'uploadTranscript',
    summary: 'Upload a transcript.',
    body: fileUpload('file', 'The transcript.'),
    success: { status: 201, json: Transcript, description: 'The file stored.' },
  },
  {
    method: 'get',
    path: '/application/files/:id/',
    operationId: 'transcriptFile',
    summary: "Download one of the application's transcripts.",
    params: { id: numericId('transcript') },
    success: { status: 200, file: 'application/octet-stream', description: 'The stored file, as an attachment (its own content type).' },
  },
  {
    method: 'get',
    path: '/applications/',
    operationId: 'applications',
    summary: 'Admissions staff: applications, paginated.',
    query: z.object({ status: status.optional(), ...PAGED_QUERY }),
    success: {
      status: 200,
      description: 'The applications.',
      json: z.array(
        z.object({
          id: z.int(),
          parent: Person.nullable(),
          student_name: z.string(),
          status,
          submitted_at: timestamp().nullable(),
          decided_at: timestamp().nullable(),
        }),
      ),
    },
  },
  {
    method: 'get',
    path: '/applications/:id/',
    operationId: 'admissionApplication',
    summary: 'Admissions staff: one application.',
    params: application,
    success: { status: 200, json: ForStaff, description: 'The application.' },
  },
  {
    method: 'post',
    path: '/applications/:id/decision/',
    operationId: 'decideApplication',
    summary: 'Admissions staff: accept or decline an application.',
    params: application,
    body: { json: decisionInput },
    success: { status: 200, json: ForStaff, description: 'The application decided.' },
  },
]);
