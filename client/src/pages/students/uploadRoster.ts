/** POST /api/roster-import/ with upload progress (see uploadWithProgress). */
import { uploadWithProgress, type UploadAnswer } from '../../components/uploadWithProgress';

export interface RosterIssue {
  line: number;
  sourced_id: string;
  email: string;
  message: string;
}

export type RosterAnswer = UploadAnswer<{ created?: number; updated?: number; emailed?: number; errors?: RosterIssue[]; error?: string }>;

export const uploadRoster = (file: File, onProgress: (fraction: number | null) => void): Promise<RosterAnswer> =>
  uploadWithProgress('/api/roster-import/', file, onProgress);
