/**
 * Plan review on the plan page (shown only when the student's school has plan review on): the
 * status in words, the counselor's comment of a return, "Submit plan for review" for the student,
 * and for a counselor viewing as the student "Approve plan", "Return with comments" (a dialog with
 * a required comment) and the "Changes since approval" list. The server decides who may do what
 * (canSubmit, canReview); a parent's read-only view shows the status only.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { ApprovePlanDocument, PlanReviewDocument, ReturnPlanDocument, SubmitPlanForReviewDocument } from '../../graphql/generated';
import type { PlanReviewFieldsFragment } from './plan.generated';
import { messageOr } from '../../graphql/errors';
import { useT, type MessageKey } from '../../i18n';

export const REVIEW_STATUSES = ['draft', 'submitted', 'returned', 'approved', 'changed_since_approval'] as const;

/** The status in words (the caseload's labels). */
export function useReviewStatusLabel() {
  const t = useT();
  return (s: string) => ((REVIEW_STATUSES as readonly string[]).includes(s) ? t(`caseload.review_${s}` as MessageKey) : s);
}

type Change = NonNullable<PlanReviewFieldsFragment['changes']>[number];

function ChangeLine({ change }: { change: Change }) {
  const t = useT();
  const course = `${change.courseCode} ${change.title}`.trim();
  switch (change.kind) {
    case 'added':
      return <>{t('planReview.added', { course, term: change.toTermLabel ?? '' })}</>;
    case 'removed':
      return <>{t('planReview.removed', { course, term: change.fromTermLabel ?? '' })}</>;
    case 'moved':
      return <>{t('planReview.moved', { course, from: change.fromTermLabel ?? '', to: change.toTermLabel ?? '' })}</>;
    default:
      return <>{t('planReview.gradeChanged', { course, from: change.fromGrade || t('planReview.noGrade'), to: change.toGrade || t('planReview.noGrade') })}</>;
  }
}

/** `planKey` changes whenever the plan's courses or terms change: the status is read again then. */
export function PlanReviewPanel({ planKey }: { planKey: string }) {
  const t = useT();
  const label = useReviewStatusLabel();
  const commentId = useId();
  const { data, refetch } = useQuery(PlanReviewDocument);
  const [submit, submitting] = useMutation(SubmitPlanForReviewDocument);
  const [approve, approving] = useMutation(ApprovePlanDocument);
  const [returnPlan, returning] = useMutation(ReturnPlanDocument);
  const [returnOpen, setReturnOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef(planKey);
  useEffect(() => {
    if (planKey === shown.current) return;
    shown.current = planKey;
    void refetch().catch((e: unknown) => console.error('Failed to reload the plan review', e));
  }, [planKey, refetch]);

  const review = data?.planReview;
  if (!review?.enabled) return null;
  const busy = submitting.loading || approving.loading || returning.loading;

  async function act(run: () => Promise<unknown>) {
    setError(null);
    try {
      await run();
    } catch (e) {
      console.error('Plan review action failed', e);
      setError(messageOr(e, t('planReview.actionFailed')));
    }
  }

  async function sendReturn(e: FormEvent) {
    e.preventDefault();
    if (!comment.trim()) {
      setDialogError(t('planReview.commentRequired'));
      return;
    }
    try {
      await returnPlan({ variables: { comment: comment.trim() }, refetchQueries: [PlanReviewDocument] });
      setReturnOpen(false);
      setComment('');
      setDialogError(null);
    } catch (err) {
      console.error('Return failed', err);
      setDialogError(messageOr(err, t('planReview.actionFailed')));
    }
  }

  const changes = review.changes;
  return (
    <section className="card stack plan-review" aria-labelledby="plan-review-title">
      <h2 id="plan-review-title">{t('planReview.title')}</h2>
      <p role="status" className="plan-review-status">
        {t('planReview.status', { status: label(review.status) })}
        {review.approvedVersion ? <span className="muted"> {t('planReview.approvedVersion', { version: String(review.approvedVersion) })}</span> : null}
      </p>
      {review.status === 'returned' && review.comment && (
        <div className="alert" role="note">
          <strong>{t('planReview.counselorComment')}</strong> <span className="plan-review-comment">{review.comment}</span>
        </div>
      )}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {(review.canSubmit || review.canReview) && (
        <div className="row">
          {review.canSubmit && (
            <button type="button" disabled={busy} onClick={() => void act(() => submit({ refetchQueries: [PlanReviewDocument] }))}>
              {t('planReview.submit')}
            </button>
          )}
          {review.canReview && (
            <>
              <button type="button" disabled={busy} onClick={() => void act(() => approve({ refetchQueries: [PlanReviewDocument] }))}>
                {t('planReview.approve')}
              </button>
              <button type="button" className="secondary" disabled={busy} onClick={() => setReturnOpen(true)}>
                {t('planReview.return')}
              </button>
            </>
          )}
        </div>
      )}
      {changes && (
        <div className="stack">
          <h3>{t('planReview.changesTitle')}</h3>
          {changes.length === 0 ? (
            <p className="muted">{t('planReview.noChanges')}</p>
          ) : (
            <ul className="plan-review-changes">
              {changes.map((c) => (
                <li key={`${c.kind}-${c.courseId}`}>
                  <ChangeLine change={c} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {returnOpen && (
        <AccessibleDialog
          title={t('planReview.returnTitle')}
          onClose={() => {
            setReturnOpen(false);
            setDialogError(null);
          }}
        >
          <form className="stack" onSubmit={sendReturn} noValidate>
            <label htmlFor={commentId}>{t('planReview.comment')}</label>
            <textarea id={commentId} value={comment} onChange={(e) => setComment(e.target.value)} required aria-required="true" maxLength={2000} rows={4} />
            {dialogError && (
              <div className="alert alert-danger" role="alert">
                {dialogError}
              </div>
            )}
            <div className="row">
              <button type="submit" disabled={returning.loading}>
                {t('planReview.return')}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  setReturnOpen(false);
                  setDialogError(null);
                }}
              >
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </AccessibleDialog>
      )}
    </section>
  );
}
