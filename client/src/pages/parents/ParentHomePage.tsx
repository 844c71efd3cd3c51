/**
 * My Students (parent home, /parent-home and /parent-students): linked students, add by parent code,
 * view as, the notes on each plan; where the student's school has plan review on, the plan's review
 * status under the name.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { AddStudentDocument, ParentStudentsDocument, StudentPlanStatusDocument } from '../../graphql/generated';
import { useReviewStatusLabel } from '../plan/PlanReviewPanel';
import { messageOr } from '../../graphql/errors';
import { useViewAsStudent } from '../../session/useViewAsStudent';
import { useT } from '../../i18n';
import { NotesPanel } from '../notes/NotesPanel';

/** The plan's review status in words; nothing where the school has plan review off. */
function PlanStatus({ studentId }: { studentId: number }) {
  const t = useT();
  const label = useReviewStatusLabel();
  const { data } = useQuery(StudentPlanStatusDocument, { variables: { studentId } });
  const review = data?.planReview;
  if (!review?.enabled) return null;
  return <div className="muted plan-status">{t('planReview.status', { status: label(review.status) })}</div>;
}

export default function ParentHomePage() {
  const t = useT();
  const { data, loading } = useQuery(ParentStudentsDocument);
  const { view, loading: viewing } = useViewAsStudent('parent');
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [notesOf, setNotesOf] = useState<number | null>(null);
  const [addStudent, adding] = useMutation(AddStudentDocument, { refetchQueries: [ParentStudentsDocument] });

  function close() {
    setOpen(false);
    setError('');
    setCode('');
  }

  async function add(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await addStudent({ variables: { parentCode: code.trim() } });
      setOpen(false);
      setCode('');
    } catch (err) {
      setError(messageOr(err, t('parents.addStudentFailed')));
    }
  }

  const students = data?.parentStudents ?? [];
  return (
    <main className="page stack">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h1>{t('parents.myStudents')}</h1>
        <button type="button" onClick={() => setOpen(true)}>
          {t('parents.addStudent')}
        </button>
      </div>
      {open && (
        <AccessibleDialog title={t('parents.addStudent')} onClose={close}>
          <form className="stack" onSubmit={add}>
            {error && (
              <div className="alert alert-danger" role="alert">
                {error}
              </div>
            )}
            <label>
              {t('parents.parentCode')}
              <input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
            </label>
            <div className="row">
              <button type="submit" disabled={adding.loading}>
                {t('parents.addStudent')}
              </button>
              <button type="button" className="secondary" onClick={close}>
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </AccessibleDialog>
      )}
      {loading && !data ? (
        <p>{t('common.loading')}</p>
      ) : students.length === 0 ? (
        <p>{t('parents.noStudentsLinkedToYourAccount')}</p>
      ) : (
        <table className="data">
          <thead>
            <tr>
              <th>{t('common.firstName')}</th>
              <th>{t('common.lastName')}</th>
              <th>{t('common.email')}</th>
              <th>{t('common.action')}</th>
            </tr>
          </thead>
          <tbody>
            {students.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.firstName}
                  <PlanStatus studentId={s.id} />
                </td>
                <td>{s.lastName}</td>
                <td>{s.email}</td>
                <td className="row">
                  <button type="button" onClick={() => view(s.id)} disabled={viewing}>
                    {t('parents.viewStudent')}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-expanded={notesOf === s.id}
                    aria-label={t('parents.notesOfName', { name: `${s.firstName} ${s.lastName}` })}
                    onClick={() => setNotesOf(notesOf === s.id ? null : s.id)}
                  >
                    {t('parents.notes')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {students
        .filter((s) => s.id === notesOf)
        .map((s) => (
          <NotesPanel key={s.id} studentId={s.id} heading={t('parents.notesOfName', { name: `${s.firstName} ${s.lastName}` })} />
        ))}
    </main>
  );
}
