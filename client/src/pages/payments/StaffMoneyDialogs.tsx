/**
 * The staff's money dialogs on /admissions/payments: waive a late fee with a reason (kept with who
 * and when), and record a withdrawal: the refund the family's contract gives for that day is
 * computed first and shown with its calculation; only the amount confirmed is issued.
 */
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import {
  DualSchoolFamiliesDocument,
  RecordWithdrawalDocument,
  WaiveLateFeeDocument,
  WithdrawalQuoteDocument,
  type RefundQuoteFieldsFragment,
  type WithdrawalInputType,
} from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { formatDay, formatMoney } from '../../i18n/formats';
import { useT } from '../../i18n';

const money = (cents: number) => formatMoney(cents / 100);

export function WaiveLateFeeDialog({ fee, onClose }: { fee: { id: number; title: string }; onClose(done: boolean): void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [waive, waiving] = useMutation(WaiveLateFeeDocument, { refetchQueries: [DualSchoolFamiliesDocument], awaitRefetchQueries: true });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    try {
      await waive({ variables: { paymentId: fee.id, reason } });
      onClose(true);
    } catch (err) {
      setFailure(messageOr(err, t('payments.waiveFailed')));
    }
  }

  return (
    <AccessibleDialog title={t('payments.waiveLateFee')} onClose={() => !waiving.loading && onClose(false)}>
      <form className="stack" onSubmit={submit}>
        <p>{fee.title}</p>
        {failure && (
          <p className="alert alert-danger" role="alert">
            {failure}
          </p>
        )}
        <label>
          {t('payments.waiveReason')}
          <textarea rows={3} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} required />
        </label>
        <div className="row">
          <button type="button" className="secondary" onClick={() => onClose(false)} disabled={waiving.loading}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={waiving.loading || reason.trim() === ''}>
            {t('payments.waive')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

/** How the refund was reached, line by line, as staff (and the family) read it. */
export function RefundCalculation({ quote }: { quote: Omit<RefundQuoteFieldsFragment, 'contractId' | 'schoolYear' | '__typename'> }) {
  const t = useT();
  const rule =
    quote.rule === 'full'
      ? t('payments.refundRuleFull')
      : quote.rule === 'half'
        ? t('payments.refundRuleHalf')
        : quote.rule === 'guarantee'
          ? t('payments.refundRuleGuarantee')
          : t('payments.refundRuleNone');
  return (
    <dl className="stack" data-testid="refund-calculation" style={{ margin: 0 }}>
      <div>
        <dt>{t('payments.enrolledOn')}</dt>
        <dd>{formatDay(quote.enrolledOn)}</dd>
      </div>
      <div>
        <dt>{t('payments.withdrawnOnDay')}</dt>
        <dd>{t('payments.dayOfEnrollment', { date: formatDay(quote.withdrawnOn), days: quote.daysEnrolled })}</dd>
      </div>
      <div>
        <dt>{t('payments.refundRule')}</dt>
        <dd>{rule}</dd>
      </div>
      <div>
        <dt>{t('payments.tuitionPaid')}</dt>
        <dd>{money(quote.paidCents)}</dd>
      </div>
      <div>
        <dt>{t('payments.refundPercent')}</dt>
        <dd>{quote.percent}%</dd>
      </div>
      <div>
        <dt>{t('payments.lessPartnerPayments')}</dt>
        <dd>{money(quote.partnerPaymentsCents)}</dd>
      </div>
      <div>
        <dt>
          <strong>{t('payments.refund')}</strong>
        </dt>
        <dd>
          <strong>{money(quote.refundCents)}</strong>
        </dd>
      </div>
    </dl>
  );
}

export function WithdrawalDialog({ family, onClose }: { family: { parentId: number; name: string }; onClose(refundCents: number | null): void }) {
  const t = useT();
  const client = useApolloClient();
  const [withdrawnOn, setWithdrawnOn] = useState('');
  const [reason, setReason] = useState('');
  const [partner, setPartner] = useState('0');
  const [guarantee, setGuarantee] = useState(false);
  const [quote, setQuote] = useState<RefundQuoteFieldsFragment | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [record] = useMutation(RecordWithdrawalDocument, { refetchQueries: [DualSchoolFamiliesDocument], awaitRefetchQueries: true });

  const input = (): WithdrawalInputType => ({ withdrawnOn, reason, partnerPaymentsCents: Math.round(Number(partner || '0') * 100), guarantee });
  // Any change after the quote needs a new quote before anything is issued.
  const change =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setQuote(null);
    };

  async function compute(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const { data } = await client.query({ query: WithdrawalQuoteDocument, variables: { parentId: family.parentId, input: input() }, fetchPolicy: 'network-only' });
      setQuote(data?.withdrawalQuote ?? null);
    } catch (err) {
      setFailure(messageOr(err, t('payments.quoteFailed')));
    } finally {
      setBusy(false);
    }
  }

  async function issue() {
    if (!quote) return;
    setFailure(null);
    setBusy(true);
    try {
      const done = (await record({ variables: { parentId: family.parentId, input: input(), confirmRefundCents: quote.refundCents } })).data?.recordWithdrawal;
      onClose(done?.refundCents ?? quote.refundCents);
    } catch (err) {
      setFailure(messageOr(err, t('payments.withdrawalFailed')));
      setBusy(false);
    }
  }

  return (
    <AccessibleDialog title={t('payments.recordWithdrawalOf', { family: family.name })} onClose={() => !busy && onClose(null)} wide>
      <form className="stack" onSubmit={compute}>
        {failure && (
          <p className="alert alert-danger" role="alert">
            {failure}
          </p>
        )}
        <label>
          {t('payments.withdrawalDate')}
          <input type="date" value={withdrawnOn} onChange={(e) => change(setWithdrawnOn)(e.target.value)} required />
        </label>
        <label>
          {t('payments.withdrawalReason')}
          <textarea rows={2} value={reason} maxLength={500} onChange={(e) => change(setReason)(e.target.value)} required />
        </label>
        <label>
          {t('payments.partnerPayments')}
          <input type="number" min={0} step="0.01" value={partner} onChange={(e) => change(setPartner)(e.target.value)} aria-describedby="partner-hint" />
        </label>
        <p id="partner-hint" className="muted">
          {t('payments.partnerPaymentsHint')}
        </p>
        <label>
          <input type="checkbox" checked={guarantee} onChange={(e) => change(setGuarantee)(e.target.checked)} /> {t('payments.guaranteeCase')}
        </label>
        <div className="row">
          <button type="button" className="secondary" onClick={() => onClose(null)} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={quote ? 'secondary' : undefined} disabled={busy || withdrawnOn === '' || reason.trim() === ''}>
            {t('payments.computeRefund')}
          </button>
        </div>
      </form>
      {quote && (
        <section className="stack" aria-labelledby="refund-quote-title">
          <h3 id="refund-quote-title">{t('payments.refundToConfirm')}</h3>
          <RefundCalculation quote={quote} />
          <div>
            <button type="button" className="danger" onClick={() => void issue()} disabled={busy}>
              {t('payments.issueRefund', { refund: money(quote.refundCents) })}
            </button>
          </div>
        </section>
      )}
    </AccessibleDialog>
  );
}
