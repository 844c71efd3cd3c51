/**
 * Import Course History: staff upload the school's course history (a transcript CSV or Ed-Fi
 * courseTranscripts JSON). Upload progress, then the import's progress (rows done of total, saved
 * by a background job), then the counts and the rows that were not saved with their line and
 * reason, as the roster import shows them (students/ImportRosterDialog.tsx).
 */
import { useApolloClient } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { ImportProgress } from '../../components/ImportProgress';
import { useFileImport } from '../../components/useFileImport';
import { TranscriptImportDocument } from '../../graphql/generated';
import { rowReasonText } from '../../graphql/errors';
import { useT } from '../../i18n';
import '../../components/tables.css';
import { followTranscriptImport, uploadTranscript } from './uploadTranscript';

export function ImportTranscriptDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const client = useApolloClient();
  const [file, setFile] = useState<File | null>(null);
  const readImport = async (id: string) =>
    (await client.query({ query: TranscriptImportDocument, variables: { id }, fetchPolicy: 'network-only' })).data!.transcriptImport;
  const { busy, progress, rows, outcome, run } = useFileImport({
    upload: uploadTranscript,
    follow: (id, onRows) => followTranscriptImport(readImport, id, onRows),
    what: 'course history',
  });
  const result = outcome?.kind === 'done' ? { kind: 'done' as const, ...outcome.import } : outcome;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (file) void run(file);
  }

  return (
    <AccessibleDialog title={t('transcripts.importTranscript')} onClose={onClose} wide>
      <form className="stack" onSubmit={submit}>
        <div className="csv-help">
          <p>{t('transcripts.intro')}</p>
          <ul>
            <li>{t('transcripts.colStudent')}</li>
            <li>{t('transcripts.colCourse')}</li>
            <li>{t('transcripts.colYearTerm')}</li>
            <li>{t('transcripts.colGrade')}</li>
          </ul>
          <p className="muted">{t('transcripts.reimport')}</p>
        </div>
        <label>
          {t('transcripts.file')}
          <input type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        {busy && (
          <ImportProgress
            progress={progress}
            rows={rows}
            waitingLabel={t('transcripts.importing')}
            waitingText={t('transcripts.importing')}
            rowsText={rows ? t('transcripts.rowsOf', { done: rows.doneRows, total: rows.totalRows }) : ''}
          />
        )}
        {result?.kind === 'done' && (
          <div className={`alert ${result.errors.length ? 'alert-danger' : 'alert-success'}`} role={result.errors.length ? 'alert' : 'status'}>
            <span>
              {result.errors.length ? t('transcripts.someRejected') : t('transcripts.imported')}{' '}
              {result.errors.length
                ? t('transcripts.countsRejected', { created: result.created, updated: result.updated, unchanged: result.unchanged, rejected: result.errors.length })
                : t('transcripts.counts', { created: result.created, updated: result.updated, unchanged: result.unchanged, placed: result.placed })}
            </span>
          </div>
        )}
        {result?.kind === 'done' && result.errors.length > 0 && (
          <div className="table-fit">
            <table className="data cards">
              <caption>{t('ops.rejectedRows')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ops.line')}</th>
                  <th scope="col">{t('transcripts.student')}</th>
                  <th scope="col">{t('transcripts.courseCode')}</th>
                  <th scope="col">{t('ops.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((i) => (
                  <tr key={i.line}>
                    <td data-label={t('ops.line')}>{i.line}</td>
                    <td data-label={t('transcripts.student')} className="cell-break">
                      {i.student}
                    </td>
                    <td data-label={t('transcripts.courseCode')} className="cell-break">
                      {i.courseCode}
                    </td>
                    <td data-label={t('ops.reason')} className="cell-break">
                      {rowReasonText(i)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {result?.kind === 'failed' && (
          <div className="alert alert-danger" role="alert">
            <span>
              {t('transcripts.failed')}
              {result.reason ? (
                <>
                  <br />
                  {result.reason}
                </>
              ) : null}
            </span>
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={!file || busy}>
            {t('ops.upload')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('ops.close')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

export default ImportTranscriptDialog;
