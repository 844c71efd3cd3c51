/**
 * Transcript import: POST /api/transcript-import/ with upload progress (see uploadWithProgress)
 * answers 202 with the queued import; a background job then saves its rows, and its progress is
 * read until it is done, as the roster import's is (students/uploadRoster.ts).
 */
import { followImport, uploadWithProgress, type UploadAnswer } from '../../components/uploadWithProgress';
import type { RowReason } from '../../graphql/errors';

/** A row that was not saved, and why (a reason code, its params and its English text). */
export interface TranscriptIssue extends RowReason {
  line: number;
  student: string;
  courseCode: string;
}

/** The import as the transcriptImport query answers it. */
export interface TranscriptImportFields {
  id: string;
  state: string;
  totalRows: number;
  doneRows: number;
  created: number;
  updated: number;
  unchanged: number;
  placed: number;
  errors: TranscriptIssue[];
  error?: string | null;
}

export type TranscriptAnswer = UploadAnswer<{ id?: string; total_rows?: number; done_rows?: number; error?: string }>;

export const uploadTranscript = (file: File, onProgress: (fraction: number | null) => void): Promise<TranscriptAnswer> =>
  uploadWithProgress('/api/transcript-import/', file, onProgress);

/** Reads the import until it is done or failed (see followImport). */
export const followTranscriptImport = followImport<TranscriptImportFields>;
