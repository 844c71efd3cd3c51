/**
 * POST of one file (multipart part `file`) with XMLHttpRequest, so an import dialog can show the
 * upload's progress, then an indeterminate bar (null) while the server imports. Never rejects:
 * a network failure answers status 0, an answer that is not JSON a null body.
 */
import { authHeaders } from '../api/rest';

export interface UploadAnswer<B> {
  status: number;
  body: B | null;
}

export function uploadWithProgress<B>(url: string, file: File, onProgress: (fraction: number | null) => void): Promise<UploadAnswer<B>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // XMLHttpRequest, not fetch: fetch reports no upload progress.
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : null);
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      let body: B | null = null;
      try {
        body = JSON.parse(xhr.responseText) as B;
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
