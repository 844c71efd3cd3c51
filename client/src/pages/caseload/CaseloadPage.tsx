/**
 * Caseload (/caseload, staff): one row per student of the counselor's schools with the pathway they
 * follow, requirements met and missing, prerequisite warnings, completed units, review status and
 * last plan change, and the notes on the plan the counselor has not read. Filters and sorting run on the server before paging (50 a page, "Load more");
 * Export CSV downloads the filtered, sorted list. Opening a row views the plan as the student.
 * Students ticked in the first column can have plans generated for them (CaseloadPlans.tsx).
 */
import { useQuery } from '@apollo/client/react';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { restBlob, saveBlob } from '../../api/rest';
import { CaseloadDocument, type CaseloadSort, type PlanReviewStatus } from '../../graphql/generated';
import { chosen } from '../../components/choice';
import { useT, type MessageKey } from '../../i18n';
import { formatDate } from '../../i18n/formats';
import { useViewAsStudent } from '../../session/useViewAsStudent';
import './caseload.css';
import { appendPage } from '../../graphql/paging';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { SortHeader } from '../../components/SortHeader';
import { REVIEW_STATUSES } from '../plan/PlanReviewPanel';
import { CaseloadPlans } from './CaseloadPlans';

type Sort = CaseloadSort;

export interface CaseloadFilters {
  grade: string;
  pathway: string;
  missing: boolean;
  warnings: boolean;
  review: PlanReviewStatus | '';
  /** Only students with notes the reader has not read. */
  unread: boolean;
}
const EMPTY: CaseloadFilters = { grade: '', pathway: '', missing: false, warnings: false, review: '', unread: false };

/** The REST query string of the same filters and sort (the CSV export). */
export function exportQuery(f: CaseloadFilters, sort: Sort, descending: boolean): string {
  const p = new URLSearchParams();
  if (f.grade) p.set('grade', f.grade);
  if (f.pathway) p.set('pathway', f.pathway);
  if (f.missing) p.set('missing', 'true');
  if (f.warnings) p.set('warnings', 'true');
  if (f.review) p.set('review', f.review);
  if (f.unread) p.set('unread', 'true');
  p.set('sort', sort);
  if (descending) p.set('order', 'desc');
  return p.toString();
}

/** One line of a long list, the whole of it shown on hover or while the row has focus (caseload.css). */
function ClippedList({ text }: { text: string }) {
  return (
    <>
      <span className="clip">{text}</span>
      <span className="full" aria-hidden="true">
        {text}
      </span>
    </>
  );
}

export default function CaseloadPage() {
  const t = useT();
  const id = useId();
  const [filters, setFilters] = useState<CaseloadFilters>(EMPTY);
  const [sort, setSort] = useState<Sort>('last_name');
  const [descending, setDescending] = useState(false);
  const [exportError, setExportError] = useState('');
  const [exporting, setExporting] = useState(false);
  /** Students selected for generating plans, by id, with their names. */
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const filter = {
    grade: filters.grade || null,
    pathway: filters.pathway || null,
    missing: filters.missing ? true : null,
    warnings: filters.warnings ? true : null,
    review: filters.review || null,
    unread: filters.unread ? true : null,
  };
  const { data, loading, error, fetchMore } = useQuery(CaseloadDocument, { variables: { filter, sort, descending, first: 50 } });
  const { view, loading: viewing } = useViewAsStudent('admin');
  useEffect(() => {
    if (error) console.error('Failed to load the caseload', error);
  }, [error]);

  // The table renders from a deferred copy of the answer: React builds it in a transition (short
  // slices that yield), not inside the answer's synchronous store update (total blocking time).
  const page = useDeferredValue(data?.caseload);
  const set = <K extends keyof CaseloadFilters>(key: K, value: CaseloadFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const review = (s: string) => ((REVIEW_STATUSES as readonly string[]).includes(s) ? t(`caseload.review_${s}` as MessageKey) : s);

  const columns: { key: Sort; label: string }[] = [
    { key: 'last_name', label: t('caseload.student') },
    { key: 'grade', label: t('caseload.grade') },
    { key: 'pathway', label: t('caseload.pathway') },
    { key: 'requirements_met', label: t('caseload.requirements') },
    { key: 'missing', label: t('caseload.missing') },
    { key: 'warnings', label: t('caseload.warnings') },
    { key: 'completed_units', label: t('caseload.completedUnits') },
    { key: 'review_status', label: t('caseload.reviewStatus') },
    { key: 'last_plan_change', label: t('caseload.lastPlanChange') },
    { key: 'unread_notes', label: t('caseload.unreadNotes') },
  ];
  const select = (studentId: number, name: string, on: boolean) =>
    setSelected((m) => {
      const next = new Map(m);
      if (on) next.set(studentId, name);
      else next.delete(studentId);
      return next;
    });
  const shown = page?.nodes ?? [];
  const allShown = shown.length > 0 && shown.every((s) => selected.has(s.studentId));
  function toggle(key: Sort) {
    if (key === sort) setDescending(!descending);
    else {
      setSort(key);
      setDescending(false);
    }
  }
  async function exportCsv() {
    setExportError('');
    setExporting(true);
    try {
      const { blob } = await restBlob(`/api/caseload/export/?${exportQuery(filters, sort, descending)}`);
      saveBlob(blob, 'caseload.csv');
    } catch (e) {
      console.error('Caseload export failed', e);
      setExportError(t('caseload.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <main className="page stack wide">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h1>{t('caseload.title')}</h1>
        <div className="row">
          <Link to="/students-list">{t('caseload.studentsList')}</Link>
          <button type="button" onClick={exportCsv} disabled={exporting}>
            {t('caseload.exportCsv')}
          </button>
        </div>
      </div>
      <p className="muted caseload-intro">{t('caseload.intro')}</p>
      <form className="row caseload-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('caseload.filters')}>
        <label htmlFor={`${id}-grade`}>{t('caseload.grade')}</label>
        <select id={`${id}-grade`} value={filters.grade} onChange={(e) => set('grade', e.target.value)}>
          <option value="">{t('caseload.allGrades')}</option>
          {page?.grades.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-pathway`}>{t('caseload.pathway')}</label>
        <select id={`${id}-pathway`} value={filters.pathway} onChange={(e) => set('pathway', e.target.value)}>
          <option value="">{t('caseload.allPathways')}</option>
          {page?.pathways.map((p) => (
            <option key={p.uuid} value={p.uuid}>
              {p.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-review`}>{t('caseload.reviewStatus')}</label>
        <select id={`${id}-review`} value={filters.review} onChange={(e) => set('review', chosen(REVIEW_STATUSES, e.target.value))}>
          <option value="">{t('caseload.allStatuses')}</option>
          {REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {review(s)}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" checked={filters.missing} onChange={(e) => set('missing', e.target.checked)} /> {t('caseload.missingOnly')}
        </label>
        <label>
          <input type="checkbox" checked={filters.warnings} onChange={(e) => set('warnings', e.target.checked)} /> {t('caseload.warningsOnly')}
        </label>
        <label>
          <input type="checkbox" checked={filters.unread} onChange={(e) => set('unread', e.target.checked)} /> {t('caseload.unreadOnly')}
        </label>
      </form>
      <CaseloadPlans selected={[...selected].map(([studentId, name]) => ({ studentId, name }))} />
      {exportError && (
        <div className="alert alert-danger" role="alert">
          {exportError}
        </div>
      )}
      {error && (
        <div className="alert alert-danger" role="alert">
          {t('caseload.loadFailed')}
        </div>
      )}
      {(loading || data?.caseload) && !page ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('caseload.count', { count: page?.totalCount ?? 0 })}
          </p>
          <div style={{ overflowX: 'auto' }}>
            <table className="data caseload">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t('caseload.selectAll')}
                      checked={allShown}
                      onChange={(e) => {
                        for (const s of shown) select(s.studentId, `${s.lastName}, ${s.firstName}`, e.target.checked);
                      }}
                    />
                  </th>
                  {columns.map((c) => (
                    <SortHeader key={c.key} label={c.label} sorted={sort === c.key} descending={descending} onSort={() => toggle(c.key)} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {page?.nodes.map((s) => {
                  const name = `${s.lastName}, ${s.firstName}`;
                  const missing = s.missingRequirements;
                  return (
                    <tr key={s.studentId} className="clickable" onClick={() => !viewing && view(s.studentId)}>
                      <td onClick={(e) => e.stopPropagation()}>
                        <input
                          type="checkbox"
                          aria-label={t('caseload.selectStudent', { name })}
                          checked={selected.has(s.studentId)}
                          onChange={(e) => select(s.studentId, name, e.target.checked)}
                        />
                      </td>
                      <td>
                        <button
                          type="button"
                          className="link student-name"
                          disabled={viewing}
                          title={name}
                          aria-label={t('caseload.openName', { name })}
                          onClick={(e) => {
                            e.stopPropagation();
                            view(s.studentId);
                          }}
                        >
                          {name}
                        </button>
                      </td>
                      <td>{s.grade ?? ''}</td>
                      <td className="clip-cell">
                        {s.pathways.length ? (
                          <ClippedList text={`${s.pathways.map((p) => p.name).join(', ')}${s.pathwaysMarked ? '' : ` ${t('caseload.byDefault')}`}`} />
                        ) : (
                          <span className="muted">{t('caseload.noPathway')}</span>
                        )}
                      </td>
                      <td className="clip-cell">
                        {s.updating ? (
                          <ClippedList text={`${t('caseload.metOf', { met: s.requirementsMet, total: s.requirementsTotal })} (${t('caseload.updating')})`} />
                        ) : (
                          t('caseload.metOf', { met: s.requirementsMet, total: s.requirementsTotal })
                        )}
                      </td>
                      <td className="clip-cell missing">
                        {missing.length > 0 && <ClippedList text={missing.map((m) => (s.pathways.length > 1 ? `${m.pathwayName}: ${m.name}` : m.name)).join(', ')} />}
                      </td>
                      <td title={s.warnings.join('\n')}>{s.warnings.length || ''}</td>
                      <td>{s.completedUnits}</td>
                      <td>{review(s.reviewStatus)}</td>
                      <td>{s.lastPlanChange ? formatDate(String(s.lastPlanChange)) : t('caseload.noPlan')}</td>
                      <td className={s.unreadNotes ? 'unread-notes' : undefined}>{s.unreadNotes || ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMoreButton page={page} onMore={(after) => fetchMore({ variables: { after }, updateQuery: appendPage('caseload') })} />
        </>
      )}
    </main>
  );
}
