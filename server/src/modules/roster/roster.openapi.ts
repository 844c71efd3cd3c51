/** The roster-import routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, fileUpload, uuidParam } from '../../core/openapi.js';

export const RosterImportJson = z.object({
  id: z.uuid(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  total_rows: z.int().meta({ description: 'Data rows in the file.' }),
  done_rows: z.int().meta({ description: 'Rows processed so far (saved or rejected).' }),
  created: z.int(),
  updated: z.int(),
  emailed: z.int().meta({ description: 'Set-password emails queued.' }),
  errors: z.array(z.object({ line: z.int(), sourced_id: z.string(), email: z.string(), message: z.string().meta({ description: 'Why the row was not saved.' }) })),
  error: z.string().nullable().meta({ description: 'Why the import stopped, when it failed.' }),
}).meta({ id: 'RosterImport' });

export const ROSTER_ROUTES = areaRoutes('Students', [
  { method: 'post', path: '/roster-import/', operationId: 'importRoster',
    summary: 'Staff: import a OneRoster-style students CSV (sourcedId, givenName, familyName, email, grade).',
    description: 'The file is checked at once (a broken file or header is a 400), then a background job creates or updates the students and emails set-password links. The Location header names the import.',
    body: fileUpload('file', 'The CSV.'),
    success: { status: 202, json: RosterImportJson, description: 'Accepted: the import, queued.' } },
  { method: 'get', path: '/roster-imports/:id/', operationId: 'rosterImport', summary: 'Staff: a roster import of their school and its progress.',
    params: { id: uuidParam('roster import') }, success: { status: 200, json: RosterImportJson, description: 'The import.' } },
]);
