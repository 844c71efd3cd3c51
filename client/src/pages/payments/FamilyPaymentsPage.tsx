/**
 * /admissions/payments: dual-school staff see each family's payments and contract, record received
 * checks, waive a late fee with a reason, and record a withdrawal (the refund is shown to confirm first).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchFileAsBlobUrl } from '../../components/files';
import { DualSchoolFamiliesDocument, RecordCheckPaymentDocument } from '../../graphql/generated';
import { WaiveLateFeeDialog, WithdrawalDialog } from './StaffMoneyDialogs';
import { messageOr } from '../../graphql/errors';
import { formatDate, formatDay, formatMoney } from '../../i18n/formats';
import { useT } from '../../i18n';
import { applicationStatusLabel } from '../../components/applicationStatus';
import { appendPage } from '../../graphql/paging';

const PAGE_SIZE = 25;

export default function FamilyPaymentsPage() {
  const t = useT();
  const { data, loading, error, fetchMore } = useQuery(DualSchoolFamiliesDocument, { variables: { first: PAGE_SIZE }, fetchPolicy: 'network-only' });
  const [recordCheck, recording] = useMutation(RecordCheckPaymentDocument, { refetchQueries: [DualSchoolFamiliesDocument] });
  const page = data?.dualSchoolFamilies;
  const [waiving, setWaiving] = useState<{ id: number; title: string } | null>(null);
  const [withdrawing, setWithdrawing] = useState<{ parentId: number; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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

  function statusLabel(p: { status: string; paymentType: string }): string {
    if (p.status === 'due') return t('payments.due');
    if (p.status === 'paid') return t('payments.paid');
    if (p.status === 'waived') return t('payments.waived');
    // The annual item is cancelled when the monthly plan replaces it; others when the enrollment ends.
    return p.paymentType === 'annual' ? t('payments.replacedByMonthlyPlan') : t('payments.cancelled');
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
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
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
            <div className="row">
              <Link className="button secondary" to={`/statement?family=${f.parentId}`}>
                {t('payments.viewStatement')}
              </Link>
              {f.contract?.pdfUrl && f.contract.status === 'completed' && (
                <button type="button" className="secondary" onClick={() => openContract(f.contract!.pdfUrl!)}>
                  {t('payments.downloadContract')}
                </button>
              )}
              {f.contract?.status === 'completed' &&
                (f.contract.endedAt ? (
                  <span className="muted">{t('payments.withdrawnOn', { date: formatDate(String(f.contract.endedAt)) })}</span>
                ) : (
                  <button type="button" className="secondary" onClick={() => setWithdrawing({ parentId: f.parentId, name: f.parentName })}>
                    {t('payments.recordWithdrawal')}
                  </button>
                ))}
            </div>
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
                    <td>
                      {p.title}
                      {p.waiveReason && <div className="muted">{t('payments.waivedBecause', { reason: p.waiveReason })}</div>}
                    </td>
                    <td>{formatDay(p.dueDate)}</td>
                    <td>{formatMoney(p.amount)}</td>
                    <td>{statusLabel(p)}</td>
                    <td className="row">
                      {p.status === 'due' && (
                        <button type="button" onClick={() => record(p.id, p.title, f.parentName)} disabled={recording.loading}>
                          {t('payments.recordCheck')}
                        </button>
                      )}
                      {p.status === 'due' && p.paymentType === 'late_fee' && (
                        <button type="button" className="secondary" onClick={() => setWaiving({ id: p.id, title: p.title })}>
                          {t('payments.waive')}
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
      {waiving && (
        <WaiveLateFeeDialog
          fee={waiving}
          onClose={(done) => {
            setWaiving(null);
            if (done) setNotice(t('payments.lateFeeWaived', { title: waiving.title }));
          }}
        />
      )}
      {withdrawing && (
        <WithdrawalDialog
          family={withdrawing}
          onClose={(refundCents) => {
            setWithdrawing(null);
            if (refundCents !== null) setNotice(t('payments.withdrawalRecorded', { family: withdrawing.name, refund: formatMoney(refundCents / 100) }));
          }}
        />
      )}
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
