/**
 * Compare plans (/plan/compare?left=official&right=12): two of the student's plans side by side,
 * each requirement's progress as the server's progress engine computes it for that plan (the
 * numbers the progress page shows for the official plan). Rows whose numbers differ are marked.
 */
import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { ComparePlansDocument, WhatIfPlansDocument, type ComparePlansQuery } from '../../graphql/generated';
import { formatUnits, unitNumber } from '../../components/units';
import { useT } from '../../i18n';
import { withWhatIf } from './what-if-address';
import './plan.css';

type Side = ComparePlansQuery['comparePlans'][number];

const sideValue = (raw: string | null) => (raw && /^[1-9][0-9]{0,9}$/.test(raw) ? raw : 'official');

export default function ComparePlansPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const left = sideValue(params.get('left'));
  const right = sideValue(params.get('right'));
  const plans = useQuery(WhatIfPlansDocument);
  const compared = useQuery(ComparePlansDocument, { variables: { left, right } });
  const choose = (which: 'left' | 'right', value: string) => {
    const next = new URLSearchParams(params);
    next.set(which, value);
    setParams(next, { replace: true });
  };
  const options = [{ value: 'official', label: t('whatIf.officialPlan') }, ...(plans.data?.whatIfPlans.plans ?? []).map((p) => ({ value: String(p.id), label: p.name }))];
  const nameOf = (s: Side) => s.name ?? t('whatIf.officialPlan');

  return (
    <main className="page stack compare-plans">
      <h1>{t('whatIf.compareTitle')}</h1>
      <p>
        <Link to={withWhatIf('/plan', right === 'official' ? null : Number(right))}>{t('whatIf.backToPlan')}</Link>
      </p>
      <div className="row" style={{ flexWrap: 'wrap', gap: 16 }}>
        <label>
          {t('whatIf.leftPlan')}
          <select value={left} onChange={(e) => choose('left', e.target.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('whatIf.rightPlan')}
          <select value={right} onChange={(e) => choose('right', e.target.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {compared.error ? (
        <div className="alert alert-danger" role="alert">
          {t('whatIf.compareFailed')}
        </div>
      ) : !compared.data ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <CompareTable sides={compared.data.comparePlans} nameOf={nameOf} />
      )}
    </main>
  );
}

function CompareTable({ sides, nameOf }: { sides: Side[]; nameOf(s: Side): string }) {
  const t = useT();
  const [a, b] = sides;
  const other = new Map(b.progress.map((r) => [r.uuid, r]));
  const cell = (r: Side['progress'][number] | undefined) => {
    if (!r) return '';
    // What the requirement asks for: courses, units, or both.
    const parts = [r.isFulfilled ? t('whatIf.fulfilled') : t('whatIf.notFulfilled')];
    if (r.requiredCourses > 0 || r.requiredUnits === 0) parts.push(t('whatIf.coursesOf', { done: String(r.completedCourses), required: String(r.requiredCourses) }));
    if (r.requiredUnits > 0) parts.push(t('whatIf.unitsOf', { done: unitNumber(r.completedUnits), required: unitNumber(r.requiredUnits) }));
    return parts.join(' · ');
  };
  const fulfilled = (s: Side) => s.progress.filter((r) => r.isFulfilled).length;
  return (
    <div className="table-scroll">
      <table className="compare-table">
        <caption className="sr-only">{t('whatIf.compareCaption', { left: nameOf(a), right: nameOf(b) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('whatIf.requirement')}</th>
            <th scope="col">{nameOf(a)}</th>
            <th scope="col">{nameOf(b)}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('whatIf.summary')}</th>
            <td>
              {t('whatIf.summaryOf', { met: String(fulfilled(a)), total: String(a.progress.length), courses: String(a.courseCount), units: formatUnits(a.totalUnits) })}
            </td>
            <td>
              {t('whatIf.summaryOf', { met: String(fulfilled(b)), total: String(b.progress.length), courses: String(b.courseCount), units: formatUnits(b.totalUnits) })}
            </td>
          </tr>
          {a.progress.map((r) => {
            const o = other.get(r.uuid);
            const differs = !o || o.completedCourses !== r.completedCourses || o.completedUnits !== r.completedUnits || o.isFulfilled !== r.isFulfilled;
            return (
              <tr key={r.uuid} className={differs ? 'differs' : undefined}>
                <th scope="row">
                  {r.pathwayName}: {r.name}
                  {differs && <span className="sr-only"> {t('whatIf.differs')}</span>}
                </th>
                <td>{cell(r)}</td>
                <td>{cell(o)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
