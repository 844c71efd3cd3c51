/** POST /api/roster-import/ with XMLHttpRequest, so the dialog can show upload progress (then an indeterminate bar while the server imports). */
import { getToken } from '../../session/storage';

export interface RosterIssue {
  line: number;
  sourced_id: string;
  email: string;
  message: string;
}

export interface RosterAnswer {
  status: number;
  body: { created?: number; updated?: number; emailed?: number; errors?: RosterIssue[]; error?: string } | null;
}

export function uploadRoster(file: File, onProgress: (fraction: number | null) => void): Promise<RosterAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/roster-import/');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : null);
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      let body: RosterAnswer['body'] = null;
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
