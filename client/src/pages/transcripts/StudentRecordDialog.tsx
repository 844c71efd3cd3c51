/**
 * A student's course history from the school's record, for staff: each course with its school
 * year, term, grade, units and status, and a "Correct" action (grade, units earned or status, with
 * the reason the server keeps in the access log). The student and parents cannot change these;
 * their plan page says why.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { CorrectTranscriptRecordDocument, StudentTranscriptDocument, type StudentTranscriptQuery, type TranscriptStatus } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT, type MessageKey } from '../../i18n';
import '../../components/tables.css';

type RecordRow = StudentTranscriptQuery['studentTranscript'][number];
const STATUSES: TranscriptStatus[] = ['completed', 'in_progress', 'withdrawn'];
const statusKey = (s: string) => `transcripts.status_${s}` as MessageKey;

export function StudentRecordDialog({ student, onClose }: { student: { id: number; name: string }; onClose(): void }) {
  const t = useT();
  const { data, loading, error } = useQuery(StudentTranscriptDocument, { variables: { studentId: student.id }, fetchPolicy: 'network-only' });
  const [correcting, setCorrecting] = useState<RecordRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const records = data?.studentTranscript ?? [];
  return (
    <AccessibleDialog title={t('transcripts.courseHistoryForName', { name: student.name })} onClose={onClose} wide>
      <div className="stack">
        <p className="muted">{t('transcripts.recordIntro')}</p>
        {loading && <p role="status">{t('common.loading')}</p>}
        {error && (
          <div className="alert alert-danger" role="alert">
            {messageOr(error, t('transcripts.loadFailed'))}
          </div>
        )}
        {data && !records.length && <p>{t('transcripts.none')}</p>}
        {records.length > 0 && (
          <div className="table-fit">
            <table className="data cards">
              <caption className="sr-only">{t('transcripts.courseHistoryForName', { name: student.name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('transcripts.course')}</th>
                  <th scope="col">{t('transcripts.schoolYear')}</th>
                  <th scope="col">{t('transcripts.term')}</th>
                  <th scope="col">{t('transcripts.grade')}</th>
                  <th scope="col">{t('transcripts.units')}</th>
                  <th scope="col">{t('transcripts.status')}</th>
                  <th scope="col">{t('common.action')}</th>
                </tr>
              </thead>
              <tbody>
                {records.map((r) => (
                  <tr key={r.id}>
                    <td data-label={t('transcripts.course')} className="cell-break">
                      {r.courseCode} {r.courseTitle}
                    </td>
                    <td data-label={t('transcripts.schoolYear')}>{r.schoolYear}</td>
                    <td data-label={t('transcripts.term')}>{r.term}</td>
                    <td data-label={t('transcripts.grade')}>{r.grade}</td>
                    <td data-label={t('transcripts.units')}>{r.unitsEarned ?? ''}</td>
                    <td data-label={t('transcripts.status')}>
                      {t(statusKey(r.status))}
                      {r.corrected && <div className="small muted">{t('transcripts.corrected')}</div>}
                    </td>
                    <td data-label={t('common.action')}>
                      <button
                        type="button"
                        className="secondary"
                        aria-label={t('transcripts.correctCourse', { course: `${r.courseCode} ${r.courseTitle}` })}
                        onClick={() => {
                          setNotice(null);
                          setCorrecting(r);
                        }}
                      >
                        {t('transcripts.correct')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {correcting && (
          <CorrectionForm
            key={correcting.id}
            record={correcting}
            onCancel={() => setCorrecting(null)}
            onSaved={() => {
              setCorrecting(null);
              setNotice(t('transcripts.saved'));
            }}
          />
        )}
        {notice && (
          <div className="alert alert-success" role="status">
            {notice}
          </div>
        )}
        <div className="row">
          <button type="button" className="secondary" onClick={onClose}>
            {t('ops.close')}
          </button>
        </div>
      </div>
    </AccessibleDialog>
  );
}

/** The correction of one record: what the school's file said, changed, and why (required by the server too). */
function CorrectionForm({ record, onCancel, onSaved }: { record: RecordRow; onCancel(): void; onSaved(): void }) {
  const t = useT();
  const [grade, setGrade] = useState(record.grade);
  const [units, setUnits] = useState(record.unitsEarned === null ? '' : String(record.unitsEarned));
  const [status, setStatus] = useState<TranscriptStatus>(record.status);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [correct, { loading }] = useMutation(CorrectTranscriptRecordDocument);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await correct({
        variables: {
          id: record.id,
          reason,
          grade: grade === record.grade ? null : grade,
          unitsEarned: units.trim() === '' || Number(units) === record.unitsEarned ? null : Number(units),
          status: status === record.status ? null : status,
        },
      });
      onSaved();
    } catch (err) {
      setError(messageOr(err, t('transcripts.correctFailed')));
    }
  }

  const title = `${record.courseCode} ${record.courseTitle}`;
  return (
    <form className="stack card" onSubmit={submit} aria-label={t('transcripts.correctCourse', { course: title })}>
      <h3 style={{ margin: 0 }}>{t('transcripts.correctCourse', { course: title })}</h3>
      <div className="row">
        <label>
          {t('transcripts.grade')}
          <input value={grade} maxLength={20} onChange={(e) => setGrade(e.target.value)} />
        </label>
        <label>
          {t('transcripts.units')}
          <input type="number" min={0} max={100} step="any" value={units} onChange={(e) => setUnits(e.target.value)} />
        </label>
        <label>
          {t('transcripts.status')}
          <select value={status} onChange={(e) => setStatus(e.target.value as TranscriptStatus)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusKey(s))}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label>
        {t('transcripts.reason')}
        <textarea value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <div className="row">
        <button type="submit" disabled={loading}>
          {t('transcripts.saveCorrection')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

export default StudentRecordDialog;
