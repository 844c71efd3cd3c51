/** POST /api/upload-courses-csv/ with upload progress (see uploadWithProgress). */
import { uploadWithProgress, type UploadAnswer as UploadAnswerOf } from '../../components/uploadWithProgress';

export interface ImportIssue {
  line: number;
  course_id: string;
  message: string;
}

export type UploadAnswer = UploadAnswerOf<{ created?: number; updated?: number; errors?: ImportIssue[]; warnings?: ImportIssue[]; error?: string }>;

export const uploadCoursesCsv = (file: File, onProgress: (fraction: number | null) => void): Promise<UploadAnswer> =>
  uploadWithProgress('/api/upload-courses-csv/', file, onProgress);
