/**
 * A file import run by a job (the roster's, the course history's), as its dialog drives it: the
 * file is sent with its upload progress, the 202 names the import, and the import is read until it
 * is done or failed, with its rows saved of the file's. A refused upload gives its translated
 * reason; a failed import, the reason it stored (translated by its code).
 */
import { useState } from 'react';
import { restErrorInfo, serverMessage } from '../graphql/errors';
import { translateReason } from '../i18n/core';
import type { ImportRows } from './ImportProgress';
import type { UploadAnswer } from './uploadWithProgress';

/** How an import ended: the finished import as read, or why it did not finish. */
export type ImportOutcome<I> = { kind: 'done'; import: I } | { kind: 'failed'; reason: string | null };

export interface FileImport<I> {
  /** The import: its file sent, the answer read until the job ends (onSettled then, when given). */
  upload: (file: File, onProgress: (fraction: number | null) => void) => Promise<UploadAnswer<{ id?: string; total_rows?: number; done_rows?: number }>>;
  follow: (id: string, onRows: (rows: ImportRows) => void) => Promise<I>;
  /** What is imported, for the console ("roster", "course history"). */
  what: string;
  /** Runs once the job has ended, done or failed (some rows may be saved either way). */
  onSettled?: () => void;
}

export function useFileImport<I extends { state: string; error?: string | null; reason?: string | null }>({ upload, follow, what, onSettled }: FileImport<I>) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(0);
  const [rows, setRows] = useState<ImportRows | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome<I> | null>(null);

  async function run(file: File) {
    setBusy(true);
    setOutcome(null);
    setProgress(0);
    setRows(null);
    const { status, body } = await upload(file, setProgress);
    if (status !== 202 || !body?.id) {
      console.error(`Failed to import the ${what}`, status, body);
      setOutcome({ kind: 'failed', reason: serverMessage(restErrorInfo(body, status)) ?? null });
      setBusy(false);
      return;
    }
    setRows({ doneRows: body.done_rows ?? 0, totalRows: body.total_rows ?? 0 });
    try {
      const done = await follow(body.id, setRows);
      if (done.state === 'done') setOutcome({ kind: 'done', import: done });
      else {
        console.error(`The ${what} import failed`, done);
        setOutcome({ kind: 'failed', reason: done.error ? translateReason({ english: done.error, reason: done.reason }) : null });
      }
    } catch (err) {
      console.error(`Failed to follow the ${what} import`, err);
      setOutcome({ kind: 'failed', reason: null });
    }
    onSettled?.();
    setBusy(false);
  }

  return { busy, progress, rows, outcome, run };
}
