/**
 * Counselor dashboard above the Students List: consent-form states, CCCApply statuses, plan
 * completeness and Dual School application statuses, each bar a button that filters the list
 * below (the filter lives in the address). One GraphQL query (studentDashboard).
 */
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BarChart } from '../../components/BarChart';
import '../../components/ops.css';
import { StudentDashboardDocument } from '../../graphql/generated';
import { consentStateLabel } from './consentLabels';
import { useSetStudentFilter, useStudentFilters } from './studentFilters';

const CONSENT_LABELS: Record<string, string> = {
  none: 'No Form Yet',
  parent_signed: 'Needs Student Signature',
};
const APPLICATION_LABELS: Record<string, string> = {
  not_started: 'Not Started', in_progress: 'In Progress', complete: 'Submitted', accepted: 'Accepted', enrolled: 'Enrolled', declined: 'Declined',
};
const PLAN_LABELS: Record<string, string> = { none: 'No Plan Yet', warnings: 'Prerequisite Warnings' };

/** `showCccApply`: the school's CCCApply flag, as for the list's CCCApply column. */
export function StudentDashboard({ showCccApply }: { showCccApply: boolean }) {
  const { data, error } = useQuery(StudentDashboardDocument, { fetchPolicy: 'cache-and-network' });
  const filters = useStudentFilters();
  const setFilter = useSetStudentFilter();
  useEffect(() => {
    if (error) console.error('Failed to load the dashboard', error);
  }, [error]);
  const d = data?.studentDashboard;
  if (!d) return null;

  const active = filters.consentState
    ? `Consent form: ${CONSENT_LABELS[filters.consentState] ?? consentStateLabel(filters.consentState)}`
    : filters.cccApplyStatus
      ? `CCCApply status: ${filters.cccApplyStatus}`
      : filters.plan
        ? `Plan: ${PLAN_LABELS[filters.plan] ?? filters.plan}`
        : null;
  const applications = d.applicationStatuses.reduce((s, b) => s + b.count, 0);

  return (
    <section aria-labelledby="dashboard-title" className="stack">
      <h2 id="dashboard-title" style={{ margin: 0 }}>Dashboard <span className="muted">({d.totalStudents} students)</span></h2>
      <div className="dashboard">
        <BarChart
          title="Parent Consent Forms"
          unit="students"
          bars={d.consentStates.map((b) => ({ key: b.key, count: b.count, label: CONSENT_LABELS[b.key] ?? consentStateLabel(b.key) }))}
          selected={filters.consentState}
          onSelect={(key) => setFilter('consent_state', key)}
        />
        {showCccApply && (
          <BarChart
            title="CCCApply Status"
            unit="students"
            bars={d.cccApplyStatuses.map((b) => ({ key: b.key, count: b.count, label: b.key }))}
            selected={filters.cccApplyStatus}
            onSelect={(key) => setFilter('ccc_apply_status', key)}
          />
        )}
        <BarChart
          title="Plan Completeness"
          unit="students"
          bars={[
            { key: 'none', label: PLAN_LABELS.none, count: d.studentsWithoutPlan },
            { key: 'warnings', label: PLAN_LABELS.warnings, count: d.studentsWithWarnings },
          ]}
          selected={filters.plan}
          onSelect={(key) => setFilter('plan', key)}
        />
        {applications > 0 && (
          <div className="stack">
            <BarChart
              title="Dual School Applications"
              unit="applications"
              bars={d.applicationStatuses.map((b) => ({ key: b.key, count: b.count, label: APPLICATION_LABELS[b.key] ?? b.key }))}
            />
            <Link to="/admissions">Open the applications</Link>
          </div>
        )}
      </div>
      {active && (
        <div className="row" role="status">
          <span>Showing students with {active}.</span>
          <button type="button" className="secondary" onClick={() => setFilter(null)}>Show all students</button>
        </div>
      )}
    </section>
  );
}
