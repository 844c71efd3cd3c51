/**
 * Academic Plan (/plan): the student's terms and courses in a grid (drag and drop) or a list,
 * the Prerequisite Warnings panel, term editing, the PDF export and, when the school has them,
 * baseline plans, and the notes on a student's plan. A parent viewing as the student sees it read-only.
 * With plan review on at the student's school, the review panel (PlanReviewPanel.tsx) shows the
 * official plan's status and actions.
 *
 * Start-up (bench/README.md, "The plan page"): the first screen (what-if chooser, Where I stand, the
 * grid) renders once, when its queries have all answered, as a transition; the review panel, the
 * notes and the term dialogs are chunks of their own, loaded and queried after the grid is shown.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PlanGrid } from './PlanGrid';
import {
  ComparePlansDocument,
  FollowedPathwaysDocument,
  MoveScheduledCourseDocument,
  MyCourseRequestWindowDocument,
  PlanDocument,
  ReorderTermDocument,
  RequirementProgressDocument,
  WhatIfPlansDocument,
} from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { isAdminViewing, isParentViewing } from '../../session/storage';
import { openPlanPdf, PDF_FAILED } from './pdfExport';
import { applyMove, isNoop, type Drop, type PlanData, type PlanTermData } from './planMoves';
import './plan.css';
import { useT, useTermLabel } from '../../i18n';
import { planSummary } from './planSummary';
import { formatUnits } from '../../components/units';
import { WhereIStand } from './WhereIStand';
import { WhatIfBar } from './WhatIfBar';
import { CourseRequestsBanner } from './CourseRequestsBanner';

// The generator's panel loads when first opened: most visits to the plan never use it.
const AutoPlanPanel = lazy(() => import('./AutoPlanPanel').then((m) => ({ default: m.AutoPlanPanel })));
import { chosenWhatIf, withWhatIf } from './what-if-address';

// Below the grid or opened on demand: not part of the first screen.
const PlanReviewPanel = lazy(() => import('./PlanReviewPanel').then((m) => ({ default: m.PlanReviewPanel })));
const NotesPanel = lazy(() => import('../notes/NotesPanel').then((m) => ({ default: m.NotesPanel })));
const AddTermDialog = lazy(() => import('./TermDialogs').then((m) => ({ default: m.AddTermDialog })));
const EditTermDialog = lazy(() => import('./TermDialogs').then((m) => ({ default: m.EditTermDialog })));

/** What requirement progress depends on: which courses the plan holds (changes when one is added, removed or moved). */
const planKey = (plan: PlanData | undefined) =>
  plan
    ? plan.terms
        .flatMap((term) => term.courses.map((c) => `${c.id}:${term.term}`))
        .sort()
        .join(',')
    : '';
/** What the review status depends on: the plan's courses, their terms and grades. */
const reviewKey = (plan: PlanData | undefined) =>
  plan
    ? plan.terms
        .flatMap((term) => term.courses.map((c) => `${c.id}:${term.term}:${c.grade}`))
        .sort()
        .join(',')
    : '';

export function planHeading(plan: Pick<PlanData, 'userType' | 'fullName' | 'firstName'>): string {
  if (plan.userType === 'Student') return `${plan.fullName} - Academic Plan`;
  // A baseline-plan record's first name is the plan's name; its last name is a description.
  if (plan.userType === 'BaselinePlan') return `${plan.firstName} - Academic Plan`;
  return 'Academic Plan';
}

export default function PlanPage() {
  const t = useT();
  const termLabel = useTermLabel();
  const [autoPlanOpen, setAutoPlanOpen] = useState(false);
  const { user } = useSession();
  const navigate = useNavigate();
  const isPlanOwner = user?.userType === 'Student' || user?.userType === 'BaselinePlan';
  const [params, setParams] = useSearchParams();
  // The plan shown: the official one, or a what-if plan chosen above it (WhatIfBar).
  const whatIfPlanId = user?.userType === 'Student' ? chosenWhatIf(params) : null;
  const { data: fetched, loading, error } = useQuery(PlanDocument, { variables: { whatIfPlanId }, skip: !isPlanOwner });
  // "Where I stand" is read beside the plan and shown with it, so it never pushes the plan down.
  const progress = useQuery(RequirementProgressDocument, { skip: !isPlanOwner || whatIfPlanId !== null });
  // A what-if plan's standing: the same engine, asked for that plan (the compare query, one side twice).
  const whatIfProgress = useQuery(ComparePlansDocument, { variables: { left: String(whatIfPlanId), right: String(whatIfPlanId) }, skip: whatIfPlanId === null });
  // The pathways the student marked; a baseline-plan record marks none. A failure keeps the fallback rule.
  const followedQuery = useQuery(FollowedPathwaysDocument, { skip: user?.userType !== 'Student' });
  const marked = followedQuery.data?.followedPathways.filter((f) => f.marked).map((f) => f.pathway);
  // The review panel sits below the grid and reads its status itself, once the grid is shown.
  const showReview = user?.userType === 'Student' && !!user.school?.planApprovalEnabled;
  // Like Where I stand, the what-if chooser's list (WhatIfBar reads it from the cache): the bar never appears late above the grid and moves it under a drag.
  const whatIfList = useQuery(WhatIfPlansDocument, { skip: user?.userType !== 'Student' });
  // Next year's course requests (open until when, or closed and kept): about the official plan, shown above it.
  const requestWindow = useQuery(MyCourseRequestWindowDocument, { skip: user?.userType !== 'Student' || whatIfPlanId !== null });
  const key = planKey(fetched?.plan);
  const shownKey = useRef(key);
  const refetchProgress = whatIfPlanId === null ? progress.refetch : whatIfProgress.refetch;
  useEffect(() => {
    if (!key || key === shownKey.current) return;
    const first = shownKey.current === '';
    shownKey.current = key;
    if (!first) void refetchProgress().catch((e: unknown) => console.error('Failed to reload requirement progress', e));
  }, [key, refetchProgress]);
  useEffect(() => {
    if (progress.error) console.error('Failed to load requirement progress', progress.error);
  }, [progress.error]);
  useEffect(() => {
    if (requestWindow.error) console.error('Failed to load the course-request window', requestWindow.error);
  }, [requestWindow.error]);
  const [move] = useMutation(MoveScheduledCourseDocument);
  const [reorder] = useMutation(ReorderTermDocument);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PlanTermData | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const shownProgress = whatIfPlanId === null ? progress : whatIfProgress;
  const pending = (q: { loading: boolean; data?: unknown; error?: unknown }) => q.loading && !q.data && !q.error;
  const firstScreenReady = !!fetched && !pending(shownProgress) && !pending(followedQuery) && !pending(whatIfList) && !pending(requestWindow);
  // The page renders from a deferred copy of the plan, given once everything above the grid has
  // answered: whichever query answers last, React builds the grid in a transition (short slices that
  // yield) instead of one long task inside that answer's update (total blocking time).
  const data = useDeferredValue(firstScreenReady ? fetched : undefined);

  if (!user)
    return (
      <main className="page">
        <p>{t('plan.pleaseSignInToSeeThe')}</p>
      </main>
    );
  if (!isPlanOwner)
    return (
      <main className="page">
        <h1>{t('plan.academicPlan')}</h1>
        <p>{t('plan.onlyStudentsHaveAnAcademicPlan')}</p>
      </main>
    );
  if ((loading || fetched) && !data)
    return (
      <main className="page plan-page">
        <p role="status">{t('common.loading')}</p>
      </main>
    );
  if (error || !data) {
    if (error) console.error('Failed to load the plan', error);
    return (
      <main className="page">
        <h1>{t('plan.academicPlan')}</h1>
        <div className="alert alert-danger" role="alert">
          {t('plan.thePlanCouldNotBeLoaded')}
        </div>
      </main>
    );
  }

  const plan = data.plan;
  const readOnly = plan.readOnly || isParentViewing();

  async function moveCourse(entryId: number, drop: Drop) {
    if (readOnly || isNoop(plan, entryId, drop)) return;
    const from = plan.terms.find((term) => term.courses.some((c) => c.id === entryId));
    const next = applyMove(plan, entryId, drop);
    setMessage(null);
    if (from?.term === drop.term) {
      const ids = next.terms.find((term) => term.term === drop.term)!.courses.map((c) => c.id);
      try {
        await reorder({ variables: { term: drop.term, scheduledCourseIds: ids, whatIfPlanId }, optimisticResponse: { reorderTerm: next } });
      } catch (e) {
        // Planning §8: a failed position update is only logged; the order goes back as it was.
        console.error('Failed to update course positions', e);
      }
      return;
    }
    try {
      await move({
        variables: { scheduledCourseId: entryId, term: drop.term, position: drop.index, whatIfPlanId },
        optimisticResponse: { moveScheduledCourse: next },
      });
    } catch (e) {
      console.error('Failed to move the course', e);
      setMessage(messageOr(e, t('plan.moveFailed')));
    }
  }

  async function exportPdf() {
    setExporting(true);
    try {
      await openPlanPdf(whatIfPlanId);
    } catch (e) {
      console.error('PDF export failed', e);
      window.alert(t(PDF_FAILED));
    } finally {
      setExporting(false);
    }
  }

  const open = (uuid: string) => navigate(withWhatIf(`/course-page/${uuid}`, whatIfPlanId));
  const choosePlan = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('whatIf');
    else next.set('whatIf', String(id));
    setParams(next);
  };
  const termCount = plan.labels.length;

  return (
    <main className="page stack plan-page">
      <h1>{plan.whatIfName ? t('whatIf.heading', { name: plan.fullName, plan: plan.whatIfName }) : planHeading(plan)}</h1>
      {user.userType === 'Student' && <WhatIfBar chosen={whatIfPlanId} onChoose={choosePlan} />}
      {whatIfPlanId === null && plan.userType === 'Student' && (
        <CourseRequestsBanner
          window={requestWindow.data?.myCourseRequestWindow}
          viewer={isParentViewing() || isAdminViewing() || !!user.viewingAs}
          name={plan.firstName}
        />
      )}
      {user.userType === 'Student' && !isParentViewing() && whatIfPlanId === null && (
        <div className="row">
          {autoPlanOpen ? (
            <Suspense fallback={null}>
              <AutoPlanPanel onSaved={(id) => choosePlan(id)} />
            </Suspense>
          ) : (
            <button type="button" className="secondary" onClick={() => setAutoPlanOpen(true)}>
              {t('autoPlan.open')}
            </button>
          )}
        </div>
      )}
      <div className="row plan-toolbar">
        <button type="button" className="secondary" onClick={exportPdf} disabled={exporting}>
          {exporting ? t('plan.preparingPdf') : t('plan.printExportPdf')}
        </button>
        <div className="row toggle" role="group" aria-label={t('plan.planView')}>
          <button type="button" className={view === 'grid' ? '' : 'secondary'} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
            {t('plan.grid')}
          </button>
          <button type="button" className={view === 'list' ? '' : 'secondary'} aria-pressed={view === 'list'} onClick={() => setView('list')}>
            {t('plan.list')}
          </button>
        </div>
        {!readOnly && (
          <button type="button" onClick={() => setAdding(true)}>
            {t('plan.addTerm')}
          </button>
        )}
        {user.school?.baselinePlansEnabled && (
          <button type="button" className="secondary" onClick={() => navigate('/baseline-plans')}>
            {t('plan.viewBaselinePlans')}
          </button>
        )}
        <Link to="/pathways">{t('plan.pathways')}</Link>
      </div>
      <p className="muted">
        {planSummary(
          t,
          plan.terms.reduce((n, term) => n + term.courses.length, 0),
          plan.totalUnits,
          plan.completedUnits,
        )}
        {!readOnly && view === 'grid' && t('plan.dragACourseToReorderIt')}
      </p>

      <WhereIStand
        progress={
          whatIfPlanId === null
            ? progress.error
              ? undefined
              : progress.data?.requirementProgress
            : whatIfProgress.error
              ? undefined
              : whatIfProgress.data?.comparePlans[0]?.progress
        }
        marked={marked}
      />

      {message && (
        <div className="alert alert-danger" role="alert">
          <span>{message}</span>
          <button type="button" aria-label={t('common.dismiss')} onClick={() => setMessage(null)}>
            ×
          </button>
        </div>
      )}

      {plan.warnings.length > 0 && (
        <section className="card plan-warnings" aria-labelledby="plan-warnings-title">
          <h2 id="plan-warnings-title">{t('plan.prerequisiteWarnings')}</h2>
          <ul>
            {plan.warnings.map((w, i) => (
              <li key={`${w.scheduledCourseId}-${i}`}>{w.message}</li>
            ))}
          </ul>
        </section>
      )}

      {plan.terms.length === 0 ? (
        <p className="muted">
          {t('plan.thisPlanHasNoTermsYet')}
          {!readOnly && t('plan.useAddTermToStart')}
        </p>
      ) : view === 'grid' ? (
        <PlanGrid plan={plan} readOnly={readOnly} onMove={moveCourse} onOpen={open} onEditTerm={setEditing} />
      ) : (
        <div className="stack plan-list">
          {plan.terms.map((term) => (
            <section key={term.term} className="card" aria-label={termLabel(term.label)}>
              <div className="plan-term-head">
                <h2>{termLabel(term.label)}</h2>
                {!readOnly && term.position !== null && (
                  <button type="button" className="link pencil" aria-label={t('plan.editTermLabel', { label: termLabel(term.label) })} onClick={() => setEditing(term)}>
                    ✎
                  </button>
                )}
              </div>
              {term.courses.length === 0 ? (
                <p className="muted">{t('plan.noCoursesScheduledForThisYear')}</p>
              ) : (
                <ul>
                  {term.courses.map((c) => (
                    <li key={c.id}>
                      <Link to={withWhatIf(`/course-page/${c.course.uuid}`, whatIfPlanId)}>
                        {c.course.courseId} {c.course.title}
                      </Link>{' '}
                      <span className="muted">
                        ({formatUnits(c.course.units)}
                        {c.grade ? t('plan.gradeGrade', { grade: c.grade }) : ''}
                        {c.completed ? t('plan.completed') : ''})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}

      {/* Below the terms: the grid keeps its place on screen whatever the review shows. The review is of the official plan. */}
      <Suspense fallback={null}>
        {showReview && whatIfPlanId === null && plan.userType === 'Student' && <PlanReviewPanel planKey={reviewKey(fetched?.plan)} />}
        {plan.userType === 'Student' && <NotesPanel />}
      </Suspense>

      <Suspense fallback={null}>
        {adding && <AddTermDialog whatIfPlanId={whatIfPlanId} onClose={() => setAdding(false)} />}
        {editing && <EditTermDialog whatIfPlanId={whatIfPlanId} term={editing} count={termCount} onClose={() => setEditing(null)} />}
      </Suspense>
    </main>
  );
}
