/** POST /api/upload-courses-csv/ with upload progress (see uploadWithProgress). */
import { uploadWithProgress, type UploadAnswer as UploadAnswerOf } from '../../components/uploadWithProgress';
import type { RowReason } from '../../graphql/errors';

/** A row refused (or saved with unknown prerequisites dropped), and why (a reason code, its params and its English text). */
export interface ImportIssue extends RowReason {
  line: number;
  course_id: string;
}

export type UploadAnswer = UploadAnswerOf<{ created?: number; updated?: number; errors?: ImportIssue[]; warnings?: ImportIssue[]; error?: string }>;

export const uploadCoursesCsv = (file: File, onProgress: (fraction: number | null) => void): Promise<UploadAnswer> =>
  uploadWithProgress('/api/upload-courses-csv/', file, onProgress);
