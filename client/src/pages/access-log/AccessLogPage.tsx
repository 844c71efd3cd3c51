/**
 * Access Log (/access-log, staff): who read or disclosed which student's record, when and why,
 * newest first. Filters: student (name or email), actor (name or email), action, date range; 50 a
 * page with "Load more". A deleted student's rows stay (the log is append-only) without a name.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { AccessLogDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT, type MessageKey } from '../../i18n';
import { formatDateTime } from '../../i18n/formats';
import '../../components/tables.css';
import { appendPage } from '../../graphql/paging';
import { LoadMoreButton } from '../../components/LoadMoreButton';

export const ACCESS_ACTIONS = [
  'view_as',
  'plan_pdf_export',
  'consent_form_view',
  'consent_form_export',
  'application_view',
  'transcript_download',
  'contract_download',
  'student_deleted',
  'caseload_view',
  'caseload_export',
  'plan_notes_view',
  'what_if_view',
  'plan_review_view',
  'transcript_correction',
] as const;

interface Filters {
  student: string;
  actor: string;
  action: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { student: '', actor: '', action: '', from: '', to: '' };

export default function AccessLogPage() {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const variables = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.trim() || null]));
  const { data, loading, error, fetchMore } = useQuery(AccessLogDocument, { variables: { ...variables, first: 50 } });

  useEffect(() => {
    if (error) console.error('Failed to load the access log', error);
  }, [error]);

  const actionLabel = (a: string) => ((ACCESS_ACTIONS as readonly string[]).includes(a) ? t(`accessLog.action_${a}` as MessageKey) : a);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  function submit(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
  }
  function clear() {
    setDraft(EMPTY);
    setFilters(EMPTY);
  }

  const page = data?.accessLog;
  return (
    <main className="page stack">
      <h1>{t('accessLog.title')}</h1>
      <p className="muted">{t('accessLog.intro')}</p>
      <form className="row" onSubmit={submit} role="search" aria-label={t('accessLog.filters')} style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <div className="stack">
          <label htmlFor={`${id}-student`}>{t('accessLog.student')}</label>
          <input id={`${id}-student`} type="search" value={draft.student} onChange={set('student')} placeholder={t('accessLog.nameOrEmail')} />
        </div>
        <div className="stack">
          <label htmlFor={`${id}-actor`}>{t('accessLog.who')}</label>
          <input id={`${id}-actor`} type="search" value={draft.actor} onChange={set('actor')} placeholder={t('accessLog.nameOrEmail')} />
        </div>
        <div className="stack">
          <label htmlFor={`${id}-action`}>{t('accessLog.action')}</label>
          <select id={`${id}-action`} value={draft.action} onChange={set('action')}>
            <option value="">{t('accessLog.anyAction')}</option>
            {ACCESS_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </div>
        <div className="stack">
          <label htmlFor={`${id}-from`}>{t('accessLog.from')}</label>
          <input id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className="stack">
          <label htmlFor={`${id}-to`}>{t('accessLog.to')}</label>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} />
        </div>
        <button type="submit">{t('accessLog.apply')}</button>
        <button type="button" className="secondary" onClick={clear}>
          {t('accessLog.clear')}
        </button>
      </form>
      {error && (
        <p className="alert alert-danger" role="alert">
          {messageOr(error, error.message)}
        </p>
      )}
      {loading && !page ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        page && (
          <>
            <p className="muted" aria-live="polite">
              {t('accessLog.count', { count: page.totalCount })}
            </p>
            <div className="table-fit">
              <table className="data cards">
                <thead>
                  <tr>
                    <th>{t('accessLog.when')}</th>
                    <th>{t('accessLog.who')}</th>
                    <th>{t('accessLog.actingFor')}</th>
                    <th>{t('accessLog.student')}</th>
                    <th>{t('accessLog.action')}</th>
                    <th>{t('accessLog.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.nodes.map((e) => (
                    <tr key={e.id}>
                      <td data-label={t('accessLog.when')}>{formatDateTime(String(e.createdAt))}</td>
                      <td data-label={t('accessLog.who')} className="cell-break">
                        {e.actorName ?? t('accessLog.unknown')}
                      </td>
                      <td data-label={t('accessLog.actingFor')} className="cell-break">
                        {e.actingName ?? ''}
                      </td>
                      <td data-label={t('accessLog.student')} className="cell-break">
                        {e.studentName ?? t('accessLog.deletedStudent', { id: e.studentId })}
                      </td>
                      <td data-label={t('accessLog.action')}>{actionLabel(e.action)}</td>
                      <td data-label={t('accessLog.reason')} className="cell-break">
                        {e.reason}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMoreButton page={page} onMore={(after) => fetchMore({ variables: { after }, updateQuery: appendPage('accessLog') })} />
          </>
        )
      )}
    </main>
  );
}
