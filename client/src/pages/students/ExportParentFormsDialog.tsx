/**
 * Export Parent Forms dialog (planning §2, §5, §8): a grade and a school, then the export runs in
 * the background with a progress bar (forms done of total), and the ZIP is downloaded when done.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { ParentFormsExportDocument, StartParentFormsExportDocument, StudentGradesDocument } from '../../graphql/generated';
import { EXPORT_MESSAGES, ExportError, exportParentForms, sortGrades, type ExportApi, type ExportProgress } from './exportParentForms';
import { useT } from '../../i18n';

export function ExportParentFormsDialog({ schools, onClose }: { schools: { id: number; name: string }[]; onClose(): void }) {
  const t = useT();
  const grades = useQuery(StudentGradesDocument);
  const [grade, setGrade] = useState('');
  const [schoolId, setSchoolId] = useState(schools.length === 1 ? String(schools[0].id) : '');
  const client = useApolloClient();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const options = sortGrades(grades.data?.studentGrades ?? []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!grade || !schoolId) return;
    setRunning(true);
    setError(null);
    setDone(null);
    setProgress(null);
    const api: ExportApi = {
      start: async (g, id) => (await client.mutate({ mutation: StartParentFormsExportDocument, variables: { grade: g, schoolId: id } })).data!.startParentFormsExport,
      progress: async (id) => (await client.query({ query: ParentFormsExportDocument, variables: { id }, fetchPolicy: 'network-only' })).data!.parentFormsExport,
    };
    try {
      const name = await exportParentForms(api, grade, Number.parseInt(schoolId, 10), setProgress);
      setDone(t('students.downloadedName', { name }));
    } catch (err) {
      setError(t(err instanceof ExportError ? err.key : EXPORT_MESSAGES.failed));
    } finally {
      setRunning(false);
    }
  }

  return (
    <AccessibleDialog title={t('students.exportParentForms')} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label>
          {t('students.grade')}
          <select value={grade} onChange={(e) => setGrade(e.target.value)}>
            <option value="">{t('students.selectAGrade')}</option>
            {options.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        {!grade && <p className="muted small">{t(EXPORT_MESSAGES.selectGrade)}</p>}
        <label>
          {t('students.school')}
          <select value={schoolId} onChange={(e) => setSchoolId(e.target.value)}>
            <option value="">{t('students.selectASchool')}</option>
            {schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {!schoolId && <p className="muted small">{t(EXPORT_MESSAGES.selectSchool)}</p>}
        {running && (
          <div className="stack">
            <progress aria-label={t('students.exportProgress')} max={progress?.formsTotal || 1} {...(progress?.formsTotal ? { value: progress.formsDone } : {})} />
            <span className="muted" aria-live="polite">
              {progress?.formsTotal ? t('students.formsOf', { done: progress.formsDone, total: progress.formsTotal }) : t('students.preparingExport')}
            </span>
          </div>
        )}
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {done && (
          <div className="alert alert-success" role="status">
            {done}
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={!grade || !schoolId || running}>
            {running ? t('students.exporting') : t('students.export')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('students.close')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}
