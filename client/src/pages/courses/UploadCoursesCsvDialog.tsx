/** Upload Courses CSV: a .csv file picker with the column description of spec 2 §5, progress, and the rejected rows. */
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { uploadCoursesCsv, type ImportIssue } from './uploadCoursesCsv';
import { restErrorInfo, rowReasonText, serverMessage } from '../../graphql/errors';
import { useT } from '../../i18n';

type Result =
  | { kind: 'success'; created: number; updated: number; warnings: ImportIssue[] }
  | { kind: 'partial'; created: number; updated: number; errors: ImportIssue[]; warnings: ImportIssue[] }
  | { kind: 'failed'; reason: string | null };

export function UploadCoursesCsvDialog({ onClose, onUploaded }: { onClose(): void; onUploaded(): void }) {
  const t = useT();
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
      setResult({ kind: 'failed', reason: serverMessage(restErrorInfo(body, status)) ?? null });
    }
  }

  return (
    <AccessibleDialog title={t('courses.uploadCoursesCsv')} onClose={onClose} wide>
      <form className="stack" onSubmit={submit}>
        <div className="csv-help">
          <p>{t('courses.theFirstLineNamesTheColumns')}</p>
          <ul>
            <li>
              <strong>{t('courses.courseId')}</strong>
              {t('courses.uniqueWithinYourSchoolACourse')}
            </li>
            <li>
              <strong>{t('common.title')}</strong>
            </li>
            <li>
              <strong>{t('common.description')}</strong>
              {t('courses.inDoubleQuotesIfItContains')}
            </li>
            <li>
              <strong>{t('courses.units')}</strong>
              {t('courses.aNumberEG3Or')}
            </li>
            <li>
              <strong>{t('courses.prerequisites')}</strong>
              {t('courses.aJsonListOfListsOf')} <code>{t('courses.math1Engl1Engl2')}</code>
              {t('courses.eachCourseMustExistInYour')} <code>[]</code> {t('courses.forNoneAPrerequisiteGroupIs')}
            </li>
            <li>
              <strong>{t('courses.tags')}</strong>
              {t('courses.aJsonListOfTagNames')} <code>{t('courses.ucCsu')}</code>.
            </li>
          </ul>
        </div>
        <label>
          {t('courses.csvFile')}
          <input type="file" accept=".csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        {busy && (
          <div className="stack">
            <progress
              aria-label={progress === null ? t('courses.importingCourses') : t('courses.uploading')}
              max={1}
              {...(progress === null ? {} : { value: progress })}
            />
            <span className="muted">{progress === null ? t('courses.importingCoursesStatus') : t('courses.uploadingValue', { value: Math.round(progress * 100) })}</span>
          </div>
        )}
        {result?.kind === 'success' && (
          <div className="alert alert-success" role="status">
            <span>
              {t('courses.coursesUploadedSuccessfully')}{' '}
              <span className="muted">{t('courses.createdAddedUpdatedUpdated', { created: result.created, updated: result.updated })}</span>
            </span>
          </div>
        )}
        {result?.kind === 'partial' && (
          <>
            <div className="alert alert-danger" role="alert">
              <span>
                {t('courses.someCoursesCouldNotBeUploaded')}{' '}
                <span>{t('courses.createdAddedUpdatedUpdatedLengthRejected', { created: result.created, updated: result.updated, length: result.errors.length })}</span>
              </span>
            </div>
            <IssueTable caption={t('courses.rejectedRows')} issues={result.errors} />
          </>
        )}
        {result?.kind === 'failed' && (
          <div className="alert alert-danger" role="alert">
            <span>
              {t('courses.failedToUploadCoursesPleaseCheck')}
              {result.reason ? (
                <>
                  <br />
                  {result.reason}
                </>
              ) : null}
            </span>
          </div>
        )}
        {result && result.kind !== 'failed' && result.warnings.length > 0 && (
          <IssueTable caption={t('courses.savedWithUnknownPrerequisitesRemoved')} issues={result.warnings} />
        )}
        <div className="row">
          <button type="submit" disabled={!file || busy}>
            {t('courses.upload')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('courses.close')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

function IssueTable({ caption, issues }: { caption: string; issues: ImportIssue[] }) {
  const t = useT();
  return (
    <table className="data">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('courses.line')}</th>
          <th scope="col">{t('courses.courseId')}</th>
          <th scope="col">{t('courses.reason')}</th>
        </tr>
      </thead>
      <tbody>
        {issues.map((i) => (
          <tr key={`${i.line}-${i.course_id}`}>
            <td>{i.line}</td>
            <td>{i.course_id}</td>
            <td>{rowReasonText(i)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
