/**
 * POST /api/upload-courses-csv/ with XMLHttpRequest, so the dialog can show upload progress
 * (then an indeterminate bar while the server imports).
 */
import { getToken } from '../../session/storage';

export interface ImportIssue {
  line: number;
  course_id: string;
  message: string;
}

export interface UploadAnswer {
  status: number;
  body: { created?: number; updated?: number; errors?: ImportIssue[]; warnings?: ImportIssue[]; error?: string } | null;
}

export function uploadCoursesCsv(file: File, onProgress: (fraction: number | null) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload-courses-csv/');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : null);
    // Sent: the server is importing; the bar becomes indeterminate.
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      let body: UploadAnswer['body'] = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
