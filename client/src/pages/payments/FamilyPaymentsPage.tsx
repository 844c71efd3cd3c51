/** /admissions/payments: dual-school staff see each family's payments and contract, and record received checks. */
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { fetchFileAsBlobUrl } from '../../components/files';
import { DualSchoolFamiliesDocument, RecordCheckPaymentDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { formatDay, formatMoney } from '../../i18n/formats';
import { useT } from '../../i18n';
import { applicationStatusLabel } from '../../components/applicationStatus';
import { appendPage } from '../../graphql/paging';

const PAGE_SIZE = 25;

export default function FamilyPaymentsPage() {
  const t = useT();
  const { data, loading, error, fetchMore } = useQuery(DualSchoolFamiliesDocument, { variables: { first: PAGE_SIZE }, fetchPolicy: 'network-only' });
  const [recordCheck, recording] = useMutation(RecordCheckPaymentDocument, { refetchQueries: [DualSchoolFamiliesDocument] });
  const page = data?.dualSchoolFamilies;

  async function record(paymentId: number, title: string, family: string) {
    if (!window.confirm(t('payments.recordAReceivedCheckForTitle', { title, family }))) return;
    try {
      await recordCheck({ variables: { paymentId } });
    } catch (e) {
      window.alert(messageOr(e, t('payments.theCheckCouldNotBeRecorded')));
    }
  }

  async function openContract(url: string) {
    try {
      window.open(await fetchFileAsBlobUrl(url), '_blank', 'noopener');
    } catch (e) {
      console.error('Failed to open the contract', e);
      window.alert(t('payments.theContractCouldNotBeOpened'));
    }
  }

  function more() {
    void fetchMore({
      variables: { first: PAGE_SIZE, after: page?.endCursor },
      updateQuery: appendPage('dualSchoolFamilies'),
    });
  }

  return (
    <main className="page stack">
      <h1>{t('payments.familyPayments')}</h1>
      {error && (
        <p className="alert alert-danger" role="alert">
          {messageOr(error, t('payments.familyPaymentsCouldNotBeLoaded'))}
        </p>
      )}
      {loading && !data ? <p>{t('common.loading')}</p> : page && page.nodes.length === 0 ? <p>{t('payments.noAcceptedOrEnrolledFamiliesYet')}</p> : null}
      {page?.nodes.map((f) => (
        <section key={f.parentId} className="card stack" aria-label={f.parentName}>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <div>
              <h2 style={{ margin: 0 }}>{f.parentName}</h2>
              <div className="muted">
                {f.email} {t('payments.student')} {f.contract?.studentName || t('payments.notRecorded')} {t('payments.status')}{' '}
                {applicationStatusLabel(t, f.applicationStatus) || 'N/A'}
              </div>
            </div>
            <Link className="button secondary" to={`/statement?family=${f.parentId}`}>
              {t('payments.viewStatement')}
            </Link>
            {f.contract?.pdfUrl && f.contract.status === 'completed' && (
              <button type="button" className="secondary" onClick={() => openContract(f.contract!.pdfUrl!)}>
                {t('payments.downloadContract')}
              </button>
            )}
          </div>
          {f.payments.length === 0 ? (
            <p className="muted">
              {t('payments.noPaymentsYet')}
              {f.contract?.status === 'completed' ? '' : t('payments.theContractIsNotSigned')}.
            </p>
          ) : (
            <table className="data">
              <thead>
                <tr>
                  <th>{t('common.title')}</th>
                  <th>{t('payments.dueDate')}</th>
                  <th>{t('payments.amount')}</th>
                  <th>{t('payments.statusColumn')}</th>
                  <th>{t('common.action')}</th>
                </tr>
              </thead>
              <tbody>
                {f.payments.map((p) => (
                  <tr key={p.id}>
                    <td>{p.title}</td>
                    <td>{formatDay(p.dueDate)}</td>
                    <td>{formatMoney(p.amount)}</td>
                    <td>{p.status === 'due' ? t('payments.due') : p.status === 'paid' ? t('payments.paid') : t('payments.replacedByMonthlyPlan')}</td>
                    <td>
                      {p.status === 'due' && (
                        <button type="button" onClick={() => record(p.id, p.title, f.parentName)} disabled={recording.loading}>
                          {t('payments.recordCheck')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      {page?.hasNextPage && (
        <div>
          <button type="button" className="secondary" onClick={more}>
            {t('common.loadMore')}
          </button>
        </div>
      )}
    </main>
  );
}
