/**
 * Roster import: POST /api/roster-import/ with upload progress (see uploadWithProgress) answers 202
 * with the queued import; its rows are then imported by a background job, whose progress is read
 * until it is done.
 */
import { followImport, uploadWithProgress, type UploadAnswer } from '../../components/uploadWithProgress';

import type { RowReason } from '../../graphql/errors';

/** A row that was not saved, and why (a reason code, its params and its English text). */
export interface RosterIssue extends RowReason {
  line: number;
  sourcedId: string;
  email: string;
}

/** A row that was saved, with something to know (a parent not linked to a student the file names). */
export interface RosterNotice extends RowReason {
  line: number;
  sourcedId: string;
}

/** The import as the rosterImport query answers it. */
export interface RosterImportFields {
  id: string;
  state: string;
  totalRows: number;
  doneRows: number;
  created: number;
  updated: number;
  emailed: number;
  errors: RosterIssue[];
  notices: RosterNotice[];
  error?: string | null;
}

export type RosterAnswer = UploadAnswer<{ id?: string; total_rows?: number; done_rows?: number; error?: string }>;

export const uploadRoster = (file: File, onProgress: (fraction: number | null) => void): Promise<RosterAnswer> =>
  uploadWithProgress('/api/roster-import/', file, onProgress);

/** Reads the import until it is done or failed (see followImport). */
export const followRosterImport = followImport<RosterImportFields>;
