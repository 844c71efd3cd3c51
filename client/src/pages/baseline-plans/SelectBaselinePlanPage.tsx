/** Select a Baseline Plan (students): start from scratch or from one of the school's plans, then /plan with a reload. */
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { AssignPlanToStudentDocument, BaselinePlansForSchoolDocument, ClearStudentCoursesDocument, PlanAssignmentStatusDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { reloadTo } from '../../session/storage';
import './baseline-plans.css';
import { useT } from '../../i18n';

export const scratchConfirm = (n: number) =>
  `You currently have ${n} course(s) in your academic plan. Creating a plan from scratch will remove all of your existing courses. Are you sure you want to continue?`;

export default function SelectBaselinePlanPage() {
  const t = useT();
  const { user, flags } = useSession();
  const enabled = !!user?.school?.baselinePlansEnabled;
  const { data, loading, error } = useQuery(BaselinePlansForSchoolDocument, { skip: !enabled });
  const client = useApolloClient();
  const [assign, assigning] = useMutation(AssignPlanToStudentDocument);
  const [clear, clearing] = useMutation(ClearStudentCoursesDocument);
  const busy = assigning.loading || clearing.loading;
  const readOnly = flags.parentViewing;

  if (error) console.error('Loading baseline plans failed', error);

  async function choose(planId: number | null) {
    try {
      const { data: status } = await client.query({ query: PlanAssignmentStatusDocument, fetchPolicy: 'network-only' });
      const s = status?.planAssignmentStatus;
      if (s?.hasCourses && !window.confirm(planId === null ? scratchConfirm(s.courseCount) : t('baselinePlans.planConfirm'))) return;
      if (planId === null) await clear();
      else await assign({ variables: { planId } });
      reloadTo('/plan');
    } catch (err) {
      console.error('Assigning the plan failed', err);
      window.alert(t('baselinePlans.assignFailed'));
    }
  }

  if (!enabled) {
    return (
      <main className="page stack">
        <h1>{t('baselinePlans.selectABaselinePlan')}</h1>
        <p>
          {t('baselinePlans.baselinePlansAreNotAvailableAt')} <Link to="/plan">{t('baselinePlans.goToYourAcademicPlan')}</Link>
        </p>
      </main>
    );
  }
  const plans = data?.baselinePlansForSchool.nodes ?? [];
  return (
    <main className="page stack">
      <h1>{t('baselinePlans.selectABaselinePlan')}</h1>
      <p className="muted">{t('baselinePlans.startFromAPlanYourSchool')}</p>
      {readOnly && <p className="alert alert-danger">{t('baselinePlans.youAreViewingThisStudentS')}</p>}
      {loading && !data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <div className="plan-tiles">
          <article className="card stack plan-tile" aria-label={t('baselinePlans.createYourPlanFromScratch')}>
            <h2>{t('baselinePlans.createYourPlanFromScratch')}</h2>
            <p className="muted">{t('baselinePlans.startWithAnEmptyPlanAnd')}</p>
            {!readOnly && (
              <button type="button" onClick={() => choose(null)} disabled={busy}>
                {t('baselinePlans.selectPlan')}
              </button>
            )}
          </article>
          {plans.map((p) => (
            <article key={p.id} className="card stack plan-tile" aria-label={p.title}>
              <h2>{p.title}</h2>
              <p>{p.description}</p>
              <p className="muted">{t('baselinePlans.courseCount', { count: p.courseCount })}</p>
              {!readOnly && (
                <button type="button" onClick={() => choose(p.id)} disabled={busy}>
                  {t('baselinePlans.selectPlan')}
                </button>
              )}
            </article>
          ))}
        </div>
      )}
    </main>
  );
}
