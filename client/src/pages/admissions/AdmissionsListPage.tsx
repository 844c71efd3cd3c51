/** Admissions (/admissions): Dual School staff's list of applications with status and submitted date. */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdmissionApplicationsDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';
import { formatDate } from '../../i18n/formats';
import '../../components/tables.css';
import { APPLICATION_STATUSES, applicationStatusLabel } from '../../components/applicationStatus';
import { appendPage } from '../../graphql/paging';
import { chosen } from '../../components/choice';
import type { ApplicationStatus } from '../../graphql/generated';

const PAGE = 50;

export default function AdmissionsListPage() {
  const t = useT();
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const { data, loading, error, fetchMore } = useQuery(AdmissionApplicationsDocument, {
    variables: { status: status || null, first: PAGE },
    fetchPolicy: 'network-only',
  });
  const page = data?.applications;

  async function more() {
    if (!page?.endCursor) return;
    await fetchMore({
      variables: { after: page.endCursor },
      updateQuery: appendPage('applications'),
    });
  }

  return (
    <main className="page stack">
      <h1>{t('admissions.admissions')}</h1>
      <label style={{ maxWidth: 280 }}>
        {t('admissions.statusColumn')}
        <select value={status} onChange={(e) => setStatus(chosen(APPLICATION_STATUSES, e.target.value))}>
          <option value="">{t('admissions.allApplications')}</option>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {applicationStatusLabel(t, s)}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <div className="alert alert-danger" role="alert">
          {messageOr(error, t('admissions.theApplicationsCouldNotBeLoaded'))}
        </div>
      )}
      {loading && !data ? (
        <p role="status">{t('common.loading')}</p>
      ) : page && page.nodes.length === 0 ? (
        <p>{t('admissions.noApplicationsYet')}</p>
      ) : page ? (
        <>
          <p className="muted">{t('admissions.totalcountApplicationS', { totalCount: page.totalCount })}</p>
          <div className="table-fit">
            <table className="data cards">
              <thead>
                <tr>
                  <th>{t('admissions.student')}</th>
                  <th>{t('admissions.parentColumn')}</th>
                  <th>{t('admissions.statusColumn')}</th>
                  <th>{t('admissions.submittedColumn')}</th>
                  <th>{t('common.action')}</th>
                </tr>
              </thead>
              <tbody>
                {page.nodes.map((a) => (
                  <tr key={a.id}>
                    <td data-label={t('admissions.student')}>{a.studentName ?? 'N/A'}</td>
                    <td data-label={t('admissions.parentColumn')} className="cell-break">
                      <div>
                        {a.parent ? `${a.parent.firstName} ${a.parent.lastName}`.trim() : ''}
                        <br />
                        <span className="muted">{a.parent?.email}</span>
                      </div>
                    </td>
                    <td data-label={t('admissions.statusColumn')}>{applicationStatusLabel(t, a.applicationStatus)}</td>
                    <td data-label={t('admissions.submittedColumn')}>{formatDate(a.submittedAt)}</td>
                    <td data-label={t('common.action')}>
                      <Link to={`/admissions/${a.id}`} aria-label={t('admissions.reviewApplicationOfValue', { value: a.studentName ?? a.parent?.email ?? a.id })}>
                        {t('admissions.review')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.hasNextPage && (
            <button type="button" className="secondary" onClick={more}>
              {t('common.loadMore')}
            </button>
          )}
        </>
      ) : null}
    </main>
  );
}
