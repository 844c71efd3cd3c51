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

/** How often a background import's progress is read. */
export const POLL_MS = 700;

/** Reads a background import until it is done or failed, reporting rows done of total; answers the last reading. */
export async function followImport<I extends { state: string; doneRows: number; totalRows: number }>(
  read: (id: string) => Promise<I>,
  id: string,
  onProgress: (p: { doneRows: number; totalRows: number }) => void,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<I> {
  for (;;) {
    const current = await read(id);
    onProgress({ doneRows: current.doneRows, totalRows: current.totalRows });
    if (current.state !== 'queued' && current.state !== 'running') return current;
    await wait(POLL_MS);
  }
}
