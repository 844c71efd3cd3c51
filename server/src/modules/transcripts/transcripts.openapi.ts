/** The transcript routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, fileUpload, numericId, rowReasonFields, uuidParam } from '../../core/openapi.js';

const Issue = z.object({
  line: z.int().meta({ description: "The row's line in the CSV, or the record's position in the JSON array." }),
  student: z.string().meta({ description: 'The student id (or email) the row gives.' }),
  course_code: z.string(),
  ...rowReasonFields('Why the row was not saved'),
});

export const TranscriptImportJson = z
  .object({
    id: z.uuid(),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    format: z.enum(['csv', 'ed-fi']).meta({ description: 'What was read: the transcript CSV or Ed-Fi courseTranscripts JSON.' }),
    total_rows: z.int(),
    done_rows: z.int().meta({ description: 'Rows processed so far (saved or rejected).' }),
    created: z.int().meta({ description: 'Records new to the history.' }),
    updated: z.int().meta({ description: 'Records whose grade, units, status or grade level changed.' }),
    unchanged: z.int().meta({ description: 'Rows saying what the history already held.' }),
    placed: z.int().meta({ description: 'Plan entries placed, moved, regraded or taken off.' }),
    errors: z.array(Issue).meta({ description: 'Rows not saved, by line.' }),
    error: z.string().nullable().meta({ description: 'Why the import stopped, when it failed (English).' }),
    reason: z.string().nullable().meta({ description: 'Why the import stopped, as a stable reason code; null when it did not fail.' }),
  })
  .meta({ id: 'TranscriptImport' });

const STATUS = z.enum(['completed', 'in_progress', 'withdrawn']);

export const TranscriptRecordJson = z
  .object({
    id: z.int(),
    student_id: z.int(),
    course_id: z.int(),
    course_code: z.string(),
    course_title: z.string(),
    school_year: z.string().meta({ description: 'e.g. 2024-2025' }),
    term: z.string(),
    grade_level: z.int().nullable(),
    grade: z.string(),
    units_earned: z.number().nullable(),
    status: STATUS,
    corrected: z.boolean().meta({ description: 'A staff member corrected what the school file said (the access log keeps why).' }),
  })
  .meta({ id: 'TranscriptRecord' });

export const CorrectionBody = z.object({
  grade: z.string().max(20).optional(),
  units_earned: z.number().min(0).max(100).optional(),
  status: STATUS.optional(),
  reason: z.string().max(500).meta({ description: 'Why: kept in the access log with the change.' }),
});

export const TRANSCRIPT_ROUTES = areaRoutes('Transcripts', [
  {
    method: 'post',
    path: '/transcript-import/',
    operationId: 'importTranscript',
    summary: "Staff: import the school's course history: a transcript CSV or Ed-Fi courseTranscripts JSON.",
    description:
      'Multipart field "file", up to COURSE_HISTORY_MAX_MB. CSV columns (header names case aside; common SIS names accepted, see the README): student_id or email, course_code, school_year, term, and optionally grade, units_earned, status (completed, in progress, withdrawn), grade_level. Or a JSON array of Ed-Fi courseTranscripts records. The file is checked at once (a broken file or header is a 400), then a background job saves the records and places their courses on the students\' plans. Importing the same file again changes nothing.',
    body: fileUpload('file', 'The CSV or the JSON.'),
    success: { status: 202, json: TranscriptImportJson, description: 'Accepted: the import, queued.' },
  },
  {
    method: 'get',
    path: '/transcript-imports/:id/',
    operationId: 'transcriptImport',
    summary: 'Staff: a transcript import of their school and its progress.',
    params: { id: uuidParam('transcript import') },
    success: { status: 200, json: TranscriptImportJson, description: 'The import.' },
  },
  {
    method: 'get',
    path: '/students/:id/transcript/',
    operationId: 'studentTranscript',
    summary: "Staff: a student's course history from the school's record.",
    params: { id: numericId('student') },
    success: { status: 200, json: z.array(TranscriptRecordJson), description: 'The records, by school year and term.' },
  },
  {
    method: 'post',
    path: '/transcript-records/:id/correct/',
    operationId: 'correctTranscriptRecord',
    summary: "Staff: correct a record's grade, units earned or status, with a reason (kept in the access log).",
    params: { id: numericId('transcript record') },
    body: { json: CorrectionBody },
    success: { status: 200, json: TranscriptRecordJson, description: 'The record, corrected.' },
  },
]);
