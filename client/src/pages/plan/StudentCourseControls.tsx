/**
 * The student's controls on a course page (planning §2): add to plan (choosing a term), remove
 * from plan, Edit Course Grade, and the completed note. Hidden while a parent views as the
 * student; the server refuses those changes anyway.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import {
  PlanCourseDocument,
  PlanDocument,
  ScheduleCourseDocument,
  UnscheduleCourseDocument,
  UpdateGradeDocument,
  type PlanCourseQuery,
  type PlanQuery,
} from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { isParentViewing } from '../../session/storage';
import { useT, useTermLabel } from '../../i18n';
import { chosenWhatIf, withWhatIf } from './what-if-address';

export function StudentCourseControls({ courseUuid }: { courseUuid: string }) {
  const t = useT();
  const { user, flags } = useSession();
  const isPlanOwner = user?.userType === 'Student' || user?.userType === 'BaselinePlan';
  const hidden = !isPlanOwner || flags.parentViewing || isParentViewing() || user?.viewingAs?.readOnly === true;
  // Opened from a what-if plan (?whatIf=12): the controls work on that plan.
  const [params] = useSearchParams();
  const whatIfPlanId = user?.userType === 'Student' ? chosenWhatIf(params) : null;
  const course = useQuery(PlanCourseDocument, { variables: { uuid: courseUuid, whatIfPlanId }, skip: hidden });
  const plan = useQuery(PlanDocument, { variables: { whatIfPlanId }, skip: hidden });
  if (hidden) return null;
  if (course.loading && !course.data) return <p role="status">{t('common.loading')}</p>;
  if (!course.data || !plan.data) return null;
  return <Controls course={course.data.planCourse} terms={plan.data.plan.terms} whatIfPlanId={whatIfPlanId} whatIfName={plan.data.plan.whatIfName ?? null} />;
}

type CourseData = PlanCourseQuery['planCourse'];
type Terms = PlanQuery['plan']['terms'];

function Controls({ course, terms, whatIfPlanId, whatIfName }: { course: CourseData; terms: Terms; whatIfPlanId: number | null; whatIfName: string | null }) {
  const t = useT();
  const readLabel = useTermLabel();
  const navigate = useNavigate();
  const choices = terms.filter((term) => term.position !== null);
  const [term, setTerm] = useState(choices[0]?.term ?? '1');
  const [error, setError] = useState<string | null>(null);
  const [grading, setGrading] = useState(false);
  const planQuery = { query: PlanDocument, variables: { whatIfPlanId } };
  const refetch = { refetchQueries: [planQuery, { query: PlanCourseDocument, variables: { uuid: course.uuid, whatIfPlanId } }], awaitRefetchQueries: true };
  const [schedule, scheduling] = useMutation(ScheduleCourseDocument);
  const [unschedule, removing] = useMutation(UnscheduleCourseDocument, refetch);
  const entry = course.scheduled;

  async function add(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await schedule({ variables: { courseId: course.id, term, whatIfPlanId }, refetchQueries: [planQuery] });
      navigate(withWhatIf('/plan', whatIfPlanId));
    } catch (err) {
      console.error('Scheduling failed', err);
      setError(messageOr(err, t('plan.scheduleFailed')));
    }
  }

  async function remove() {
    if (!window.confirm(t('plan.confirmRemove'))) return;
    setError(null);
    try {
      await unschedule({ variables: { courseId: course.id, whatIfPlanId } });
    } catch (err) {
      console.error('Removing failed', err);
      setError(messageOr(err, t('plan.removeFailed')));
    }
  }

  const termLabel = entry ? readLabel(terms.find((term) => term.term === entry.term)?.label ?? `Term ${entry.term}`) : '';
  return (
    <section className="course-controls stack" aria-label={t('plan.myPlan')}>
      {whatIfName && <p className="muted">{t('whatIf.workingOn', { name: whatIfName })}</p>}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {entry ? (
        <>
          <p>
            {t('plan.inYourPlan')} <strong>{termLabel}</strong>
          </p>
          {entry.completed && (
            <p className="completed-note">
              <span aria-hidden="true">✓ </span>
              {t('plan.courseCompletedGrade')} {entry.grade}
            </p>
          )}
          {entry.source === 'record' ? (
            // The server refuses these changes too (TRANSCRIPT_LOCKED): the page says why instead of offering them.
            <p className="record-note" role="note">
              <span aria-hidden="true">🔒 </span>
              <strong>{t('plan.fromRecord')}.</strong> {t('plan.fromRecordWhy')}
            </p>
          ) : (
            <div className="row">
              <button type="button" onClick={() => setGrading(true)}>
                {t('plan.editCourseGrade')}
              </button>
              <button type="button" className="danger" onClick={remove} disabled={removing.loading}>
                {t('plan.removeFromPlan')}
              </button>
            </div>
          )}
          {grading && (
            <GradeDialog scheduledId={entry.id} grade={entry.grade} completed={entry.completed} whatIfPlanId={whatIfPlanId} onClose={() => setGrading(false)} />
          )}
        </>
      ) : (
        <form className="row" onSubmit={add}>
          <label>
            {t('plan.term')}
            <select value={term} onChange={(e) => setTerm(e.target.value)}>
              {choices.map((term) => (
                <option key={term.term} value={term.term}>
                  {readLabel(term.label)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={scheduling.loading || !choices.length} style={{ alignSelf: 'flex-end' }}>
            {t('plan.addToPlan')}
          </button>
        </form>
      )}
    </section>
  );
}

function GradeDialog({
  scheduledId,
  grade,
  completed,
  whatIfPlanId,
  onClose,
}: {
  scheduledId: number;
  grade: string;
  completed: boolean;
  whatIfPlanId: number | null;
  onClose(): void;
}) {
  const t = useT();
  const [value, setValue] = useState(grade);
  const [done, setDone] = useState(completed);
  const [error, setError] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UpdateGradeDocument, { refetchQueries: [{ query: PlanDocument, variables: { whatIfPlanId } }] });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await update({ variables: { scheduledCourseId: scheduledId, grade: value, completed: done, whatIfPlanId } });
      onClose();
    } catch (err) {
      console.error('Grade update failed', err);
      setError(messageOr(err, t('plan.gradeFailed')));
    }
  }

  return (
    <AccessibleDialog title={t('plan.editCourseGrade')} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label>
          {t('plan.grade')}
          <input value={value} onChange={(e) => setValue(e.target.value)} placeholder={t('plan.gradeHint')} maxLength={20} aria-describedby="grade-hint" />
        </label>
        <p id="grade-hint" className="muted small">
          {t('plan.gradeHint')}
        </p>
        <label className="row" style={{ gap: 8 }}>
          <input type="checkbox" checked={done} onChange={(e) => setDone(e.target.checked)} style={{ width: 'auto', margin: 0 }} />
          {t('plan.completedLabel')}
        </label>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={loading}>
            {t('plan.submit')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}
