/**
 * An import's progress in its dialog (the roster's, the course history's): the file's upload in
 * percent (or, once sent, the wait for the import to start), then the rows the job has saved.
 */
import { useT } from '../i18n';

export interface ImportRows {
  doneRows: number;
  totalRows: number;
}

export function ImportProgress({
  progress,
  rows,
  waitingLabel,
  waitingText,
  rowsText,
}: {
  /** The upload's share sent (0-1), or null once the file is sent and the import not yet started. */
  progress: number | null;
  /** The import's rows, once it has started. */
  rows: ImportRows | null;
  waitingLabel: string;
  waitingText: string;
  /** "N of M rows saved" in the import's own words. */
  rowsText: string;
}) {
  const t = useT();
  if (rows)
    return (
      <div className="stack">
        <progress aria-label={t('ops.importProgress')} max={rows.totalRows || 1} value={rows.doneRows} />
        <span className="muted" aria-live="polite">
          {rowsText}
        </span>
      </div>
    );
  return (
    <div className="stack">
      <progress aria-label={progress === null ? waitingLabel : t('ops.uploading')} max={1} {...(progress === null ? {} : { value: progress })} />
      <span className="muted">{progress === null ? waitingText : t('ops.uploadingPercent', { percent: Math.round(progress * 100) })}</span>
    </div>
  );
}
