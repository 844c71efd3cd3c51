/**
 * Counselor dashboard above the Students List: consent-form states, CCCApply statuses, plan
 * completeness and Dual School application statuses, each bar a button that filters the list
 * below (the filter lives in the address). One GraphQL query (studentDashboard).
 */
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BarChart } from './BarChart';
import '../../components/ops.css';
import { StudentDashboardDocument } from '../../graphql/generated';
import { useT, type MessageKey } from '../../i18n';
import { applicationStatusLabel } from '../../components/applicationStatus';
import { cccApplyStatusLabel, consentStateLabel } from './studentStatusLabels';
import { useSetStudentFilter, useStudentFilters } from './studentFilters';

const CONSENT_LABELS: Record<string, MessageKey> = { none: 'ops.noFormYet', parent_signed: 'ops.needsStudentSignature' };
const PLAN_LABELS: Record<string, MessageKey> = { none: 'ops.noPlanYet', warnings: 'ops.prerequisiteWarnings' };

/** `showCccApply`: the school's CCCApply flag, as for the list's CCCApply column. */
export function StudentDashboard({ showCccApply }: { showCccApply: boolean }) {
  const t = useT();
  const { data, error } = useQuery(StudentDashboardDocument, { fetchPolicy: 'cache-and-network' });
  const filters = useStudentFilters();
  const setFilter = useSetStudentFilter();
  useEffect(() => {
    if (error) console.error('Failed to load the dashboard', error);
  }, [error]);
  const d = data?.studentDashboard;
  if (!d) return null;

  const consentLabel = (key: string) => (CONSENT_LABELS[key] ? t(CONSENT_LABELS[key]) : consentStateLabel(t, key));
  const students = (n: number) => t('ops.studentCount', { count: n });
  const active = filters.consentState
    ? t('ops.filterConsent', { value: consentLabel(filters.consentState) })
    : filters.cccApplyStatus
      ? t('ops.filterCcc', { value: cccApplyStatusLabel(t, filters.cccApplyStatus) })
      : filters.plan
        ? t('ops.filterPlan', { value: PLAN_LABELS[filters.plan] ? t(PLAN_LABELS[filters.plan]) : filters.plan })
        : null;
  const applications = d.applicationStatuses.reduce((s, b) => s + b.count, 0);

  return (
    <section aria-labelledby="dashboard-title" className="stack">
      <h2 id="dashboard-title" style={{ margin: 0 }}>
        {t('ops.dashboard')} <span className="muted">{t('ops.dashboardTotal', { count: d.totalStudents })}</span>
      </h2>
      <div className="dashboard">
        <BarChart
          title={t('ops.parentConsentForms')}
          countText={students}
          bars={d.consentStates.map((b) => ({ key: b.key, count: b.count, label: consentLabel(b.key) }))}
          selected={filters.consentState}
          onSelect={(key) => setFilter('consent_state', key)}
        />
        {showCccApply && (
          <BarChart
            title={t('ops.cccApplyStatus')}
            countText={students}
            bars={d.cccApplyStatuses.map((b) => ({ key: b.key, count: b.count, label: cccApplyStatusLabel(t, b.key) }))}
            selected={filters.cccApplyStatus}
            onSelect={(key) => setFilter('ccc_apply_status', key)}
          />
        )}
        <BarChart
          title={t('ops.planCompleteness')}
          countText={students}
          bars={[
            { key: 'none', label: t('ops.noPlanYet'), count: d.studentsWithoutPlan },
            { key: 'warnings', label: t('ops.prerequisiteWarnings'), count: d.studentsWithWarnings },
          ]}
          selected={filters.plan}
          onSelect={(key) => setFilter('plan', key)}
        />
        {applications > 0 && (
          <div className="stack">
            <BarChart
              title={t('ops.dualSchoolApplications')}
              countText={(n) => t('ops.applicationCount', { count: n })}
              bars={d.applicationStatuses.map((b) => ({ key: b.key, count: b.count, label: applicationStatusLabel(t, b.key) }))}
            />
            <Link to="/admissions">{t('ops.openApplications')}</Link>
          </div>
        )}
      </div>
      {active && (
        <div className="row" role="status">
          <span>{t('ops.showingStudentsWith', { filter: active })}</span>
          <button type="button" className="secondary" onClick={() => setFilter(null)}>
            {t('ops.showAllStudents')}
          </button>
        </div>
      )}
    </section>
  );
}
