/**
 * Import Roster: staff upload a students CSV, a OneRoster users.csv or a OneRoster bundle (.zip); new students get an email with a
 * link to set their password. Upload progress, then the import's progress (rows done of total,
 * imported in the background), then the counts, the rows that were not saved, and apart from them
 * the rows saved with a notice (they count as added or updated, not as rejected).
 */
import { useApolloClient } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { ImportProgress } from '../../components/ImportProgress';
import { useFileImport } from '../../components/useFileImport';
import { RosterImportDocument } from '../../graphql/generated';
import { rowReasonText } from '../../graphql/errors';
import { useT } from '../../i18n';
import '../../components/tables.css';
import { followRosterImport, uploadRoster } from './uploadRoster';

export function ImportRosterDialog({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const t = useT();
  const client = useApolloClient();
  const [file, setFile] = useState<File | null>(null);
  const readImport = async (id: string) => (await client.query({ query: RosterImportDocument, variables: { id }, fetchPolicy: 'network-only' })).data!.rosterImport;
  const { busy, progress, rows, outcome, run } = useFileImport({
    upload: uploadRoster,
    follow: (id, onRows) => followRosterImport(readImport, id, onRows),
    what: 'roster',
    // Some rows may be saved even when the import stopped: the list is refreshed either way.
    onSettled: onImported,
  });
  const result = outcome?.kind === 'done' ? { kind: 'done' as const, ...outcome.import } : outcome;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (file) void run(file);
  }

  return (
    <AccessibleDialog title={t('ops.importRoster')} onClose={onClose} wide>
      <form className="stack" onSubmit={submit}>
        <div className="csv-help">
          <p>{t('ops.rosterIntro')}</p>
          <ul>
            <li>{t('ops.rosterSourcedId')}</li>
            <li>{t('ops.rosterNames')}</li>
            <li>{t('ops.rosterEmail')}</li>
            <li>{t('ops.rosterGrade')}</li>
          </ul>
          <p className="muted">{t('ops.rosterUpdates')}</p>
          <p className="muted">{t('ops.rosterOneRoster')}</p>
        </div>
        <label>
          {t('ops.csvFile')}
          <input type="file" accept=".csv,.zip,text/csv,application/zip" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        {busy && (
          <ImportProgress
            progress={progress}
            rows={rows}
            waitingLabel={t('ops.importingStudents')}
            waitingText={t('ops.importingStudentsEllipsis')}
            rowsText={rows ? t('ops.rowsOf', { done: rows.doneRows, total: rows.totalRows }) : ''}
          />
        )}
        {result?.kind === 'done' && (
          <div className={`alert ${result.errors.length ? 'alert-danger' : 'alert-success'}`} role={result.errors.length ? 'alert' : 'status'}>
            <span>
              {result.errors.length ? t('ops.rosterSomeRejected') : t('ops.rosterImported')}{' '}
              {result.errors.length
                ? t('ops.rosterCountsRejected', { created: result.created, updated: result.updated, emailed: result.emailed, rejected: result.errors.length })
                : t('ops.rosterCounts', { created: result.created, updated: result.updated, emailed: result.emailed })}
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
                  <th scope="col">{t('ops.sourcedId')}</th>
                  <th scope="col">{t('common.email')}</th>
                  <th scope="col">{t('ops.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((i) => (
                  <tr key={i.line}>
                    <td data-label={t('ops.line')}>{i.line}</td>
                    <td data-label={t('ops.sourcedId')} className="cell-break">
                      {i.sourcedId}
                    </td>
                    <td data-label={t('common.email')} className="cell-break">
                      {i.email}
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
        {result?.kind === 'done' && result.notices.length > 0 && (
          <table className="data">
            <caption>{t('ops.rosterNotices')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ops.line')}</th>
                <th scope="col">{t('ops.sourcedId')}</th>
                <th scope="col">{t('ops.notice')}</th>
              </tr>
            </thead>
            <tbody>
              {result.notices.map((n) => (
                <tr key={n.line}>
                  <td>{n.line}</td>
                  <td>{n.sourcedId}</td>
                  <td>{rowReasonText(n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {result?.kind === 'failed' && (
          <div className="alert alert-danger" role="alert">
            <span>
              {t('ops.rosterFailed')}
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

/** The "Import Roster" button of the students list, with its dialog; refreshes the list and the dashboard after an import. */
export function ImportRosterButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const client = useApolloClient();
  const onImported = () => void client.refetchQueries({ include: ['Students', 'StudentDashboard'] });
  return (
    <>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t('ops.importRoster')}
      </button>
      {open && <ImportRosterDialog onClose={() => setOpen(false)} onImported={onImported} />}
    </>
  );
}
