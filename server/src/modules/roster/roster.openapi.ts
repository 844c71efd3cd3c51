/** The roster-import routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, fileUpload, rowReasonFields, uuidParam } from '../../core/openapi.js';

const reported = (message: string) => rowReasonFields(message, 'only for a row an import stored before rows kept their code');

export const RosterImportJson = z
  .object({
    id: z.uuid(),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    format: z.enum(['csv', 'oneroster-1.1', 'oneroster-1.1-bundle', 'oneroster-1.2-bundle']).meta({ description: 'What was read.' }),
    total_rows: z.int().meta({ description: 'Data rows in the file.' }),
    done_rows: z.int().meta({ description: 'Rows processed so far (saved or rejected).' }),
    created: z.int(),
    updated: z.int(),
    emailed: z.int().meta({ description: 'Set-password emails queued.' }),
    deactivated: z.int().meta({ description: 'Accounts deactivated (tobedeleted, enabledUser=false).' }),
    reactivated: z.int().meta({ description: 'Deactivated accounts back in the file.' }),
    errors: z
      .array(z.object({ line: z.int(), sourced_id: z.string(), email: z.string(), ...reported('Why the row was not saved') }))
      .meta({ description: 'Rows not saved, by line.' }),
    notices: z
      .array(z.object({ line: z.int(), sourced_id: z.string(), ...reported('What staff should know about the saved row') }))
      .meta({ description: 'Rows saved with a notice (a parent not linked to a student the file names), by line.' }),
    error: z.string().nullable().meta({ description: 'Why the import stopped, when it failed (English).' }),
    reason: z.string().nullable().meta({ description: 'Why the import stopped, as a stable reason code; null when it did not fail.' }),
  })
  .meta({ id: 'RosterImport' });

export const ROSTER_ROUTES = areaRoutes('Students', [
  {
    method: 'post',
    path: '/roster-import/',
    operationId: 'importRoster',
    summary: 'Staff: import a roster: the students CSV, a OneRoster 1.1 users.csv, or a OneRoster 1.1/1.2 CSV bundle (.zip).',
    description:
      'Multipart field "file", up to ROSTER_MAX_MB: the students CSV (sourcedId, givenName, familyName, email, grade), a OneRoster 1.1 users.csv, or a OneRoster 1.1/1.2 CSV bundle (.zip: manifest.csv, orgs.csv, users.csv, roles.csv). People are keyed by sourcedId; tobedeleted or enabledUser=false deactivates. The file is checked at once (a broken file or header is a 400), then a background job creates or updates the people and emails set-password links (none for people who sign in with the district provider). The Location header names the import; a nightly sync polls it.',
    body: fileUpload('file', 'The CSV or the zip bundle.'),
    success: { status: 202, json: RosterImportJson, description: 'Accepted: the import, queued.' },
  },
  {
    method: 'get',
    path: '/roster-imports/:id/',
    operationId: 'rosterImport',
    summary: 'Staff: a roster import of their school and its progress.',
    params: { id: uuidParam('roster import') },
    success: { status: 200, json: RosterImportJson, description: 'The import.' },
  },
]);
