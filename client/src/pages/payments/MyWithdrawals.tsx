/** The family's withdrawals on /parent-payments: the refund and how it was calculated. */
import { useQuery } from '@apollo/client/react';
import { MyWithdrawalsDocument } from '../../graphql/generated';
import { formatDate } from '../../i18n/formats';
import { useT } from '../../i18n';
import { RefundCalculation } from './StaffMoneyDialogs';

export function MyWithdrawals() {
  const t = useT();
  const { data } = useQuery(MyWithdrawalsDocument, { fetchPolicy: 'network-only' });
  const withdrawals = data?.myWithdrawals ?? [];
  if (withdrawals.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">{t('payments.withdrawalAndRefund')}</h2>
      {withdrawals.map((w) => (
        <div key={w.id} className="card stack">
          <p>{t('payments.withdrawalRecordedOn', { date: formatDate(String(w.recordedAt)), reason: w.reason })}</p>
          <RefundCalculation quote={w} />
        </div>
      ))}
    </section>
  );
}
