/** Upload Courses CSV: a .csv file picker with the column description of spec 2 §5, progress, and the rejected rows. */
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { uploadCoursesCsv, type ImportIssue } from './uploadCoursesCsv';

type Result =
  | { kind: 'success'; created: number; updated: number; warnings: ImportIssue[] }
  | { kind: 'partial'; created: number; updated: number; errors: ImportIssue[]; warnings: ImportIssue[] }
  | { kind: 'failed'; reason: string | null };

export function UploadCoursesCsvDialog({ onClose, onUploaded }: { onClose(): void; onUploaded(): void }) {
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
    const { status, body } = await uploadCoursesCsv(file, setProgress);
    setBusy(false);
    if (status === 200 && body) {
      const errors = body.errors ?? [];
      const warnings = body.warnings ?? [];
      if (errors.length) {
        console.error('Some courses could not be uploaded', errors);
        setResult({ kind: 'partial', created: body.created ?? 0, updated: body.updated ?? 0, errors, warnings });
      } else setResult({ kind: 'success', created: body.created ?? 0, updated: body.updated ?? 0, warnings });
      onUploaded();
    } else {
      console.error('Failed to upload courses', status, body);
      setResult({ kind: 'failed', reason: body?.error ?? null });
    }
  }

  return (
    <AccessibleDialog title="Upload Courses CSV" onClose={onClose} wide>
      <form className="stack" onSubmit={submit}>
        <div className="csv-help">
          <p>The first line names the columns; each further line is one course:</p>
          <ul>
            <li><strong>Course ID</strong>: unique within your school (a Course ID already in your catalogue updates that course).</li>
            <li><strong>Title</strong></li>
            <li><strong>Description</strong>: in double quotes if it contains commas.</li>
            <li><strong>Units</strong>: a number, e.g. 3 or 2.5.</li>
            <li><strong>Prerequisites</strong>: a JSON list of lists of course IDs, e.g. <code>[["MATH 1"], ["ENGL 1", "ENGL 2"]]</code>; each course must exist in your school or be in the same file; <code>[]</code> for none. A prerequisite group is a set of courses of which students must complete at least one; they need one course from each group.</li>
            <li><strong>Tags</strong>: a JSON list of tag names, e.g. <code>["UC", "CSU"]</code>.</li>
          </ul>
        </div>
        <label>
          CSV File
          <input type="file" accept=".csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        {busy && (
          <div className="stack">
            <progress aria-label={progress === null ? 'Importing courses' : 'Uploading'} max={1} {...(progress === null ? {} : { value: progress })} />
            <span className="muted">{progress === null ? 'Importing courses…' : `Uploading… ${Math.round(progress * 100)}%`}</span>
          </div>
        )}
        {result?.kind === 'success' && (
          <div className="alert alert-success" role="status">
            <span>Courses uploaded successfully! <span className="muted">({result.created} added, {result.updated} updated)</span></span>
          </div>
        )}
        {result?.kind === 'partial' && (
          <>
            <div className="alert alert-danger" role="alert">
              <span>Some courses could not be uploaded. Check the console for details. <span>({result.created} added, {result.updated} updated, {result.errors.length} rejected)</span></span>
            </div>
            <IssueTable caption="Rejected rows" issues={result.errors} />
          </>
        )}
        {result?.kind === 'failed' && (
          <div className="alert alert-danger" role="alert">
            <span>Failed to upload courses. Please check the file format.{result.reason ? <><br />{result.reason}</> : null}</span>
          </div>
        )}
        {result && result.kind !== 'failed' && result.warnings.length > 0 && (
          <IssueTable caption="Saved with unknown prerequisites removed" issues={result.warnings} />
        )}
        <div className="row">
          <button type="submit" disabled={!file || busy}>Upload</button>
          <button type="button" className="secondary" onClick={onClose}>Close</button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

function IssueTable({ caption, issues }: { caption: string; issues: ImportIssue[] }) {
  return (
    <table className="data">
      <caption>{caption}</caption>
      <thead>
        <tr><th scope="col">Line</th><th scope="col">Course ID</th><th scope="col">Reason</th></tr>
      </thead>
      <tbody>
        {issues.map((i) => (
          <tr key={`${i.line}-${i.course_id}`}><td>{i.line}</td><td>{i.course_id}</td><td>{i.message}</td></tr>
        ))}
      </tbody>
    </table>
  );
}
