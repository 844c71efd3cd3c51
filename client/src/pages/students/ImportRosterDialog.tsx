/**
 * Import Roster: staff upload a OneRoster-style students CSV; new students get an email with a
 * link to set their password. Upload progress, then the counts and the rows that were not saved.
 */
import { useApolloClient } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { uploadRoster, type RosterIssue } from './uploadRoster';

type Result =
  | { kind: 'done'; created: number; updated: number; emailed: number; errors: RosterIssue[] }
  | { kind: 'failed'; reason: string | null };

export function ImportRosterDialog({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(0);
  const [result, setResult] = useState<Result | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setResult(null);
    setProgress(0);
    const { status, body } = await uploadRoster(file, setProgress);
    setBusy(false);
    if (status === 200 && body) {
      setResult({ kind: 'done', created: body.created ?? 0, updated: body.updated ?? 0, emailed: body.emailed ?? 0, errors: body.errors ?? [] });
      onImported();
    } else {
      console.error('Failed to import the roster', status, body);
      setResult({ kind: 'failed', reason: body?.error ?? null });
    }
  }

  return (
    <AccessibleDialog title="Import Roster" onClose={onClose} wide>
      <form className="stack" onSubmit={submit}>
        <div className="csv-help">
          <p>A CSV file whose first line names the columns (OneRoster style, any order; other columns are ignored):</p>
          <ul>
            <li><strong>sourcedId</strong>: the student's id in your student information system (matches the student on later imports).</li>
            <li><strong>givenName</strong> and <strong>familyName</strong></li>
            <li><strong>email</strong>: new students receive a link at this address to set their password.</li>
            <li><strong>grade</strong>: 1 to 12 (09 is read as 9), or empty.</li>
          </ul>
          <p className="muted">A student already in your school (same sourcedId, or same email) is updated, not duplicated.</p>
        </div>
        <label>
          CSV File
          <input type="file" accept=".csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        {busy && (
          <div className="stack">
            <progress aria-label={progress === null ? 'Importing students' : 'Uploading'} max={1} {...(progress === null ? {} : { value: progress })} />
            <span className="muted">{progress === null ? 'Importing students…' : `Uploading… ${Math.round(progress * 100)}%`}</span>
          </div>
        )}
        {result?.kind === 'done' && (
          <div className={`alert ${result.errors.length ? 'alert-danger' : 'alert-success'}`} role={result.errors.length ? 'alert' : 'status'}>
            <span>
              {result.errors.length ? 'Some students could not be imported.' : 'Roster imported successfully!'}{' '}
              ({result.created} added, {result.updated} updated, {result.emailed} emailed{result.errors.length ? `, ${result.errors.length} rejected` : ''})
            </span>
          </div>
        )}
        {result?.kind === 'done' && result.errors.length > 0 && (
          <table className="data">
            <caption>Rejected rows</caption>
            <thead>
              <tr><th scope="col">Line</th><th scope="col">sourcedId</th><th scope="col">Email</th><th scope="col">Reason</th></tr>
            </thead>
            <tbody>
              {result.errors.map((i) => (
                <tr key={i.line}><td>{i.line}</td><td>{i.sourced_id}</td><td>{i.email}</td><td>{i.message}</td></tr>
              ))}
            </tbody>
          </table>
        )}
        {result?.kind === 'failed' && (
          <div className="alert alert-danger" role="alert">
            <span>Failed to import the roster. Please check the file format.{result.reason ? <><br />{result.reason}</> : null}</span>
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={!file || busy}>Upload</button>
          <button type="button" className="secondary" onClick={onClose}>Close</button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

/** The "Import Roster" button of the students list, with its dialog; refreshes the list and the dashboard after an import. */
export function ImportRosterButton() {
  const [open, setOpen] = useState(false);
  const client = useApolloClient();
  const onImported = () => void client.refetchQueries({ include: ['Students', 'StudentDashboard'] });
  return (
    <>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>Import Roster</button>
      {open && <ImportRosterDialog onClose={() => setOpen(false)} onImported={onImported} />}
    </>
  );
}
