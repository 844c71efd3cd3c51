/**
 * /parent-payments (spec 3 §2, §4): upcoming payments and history, and the 'Select Payment Option'
 * dialog: annual (default) and monthly start a hosted checkout; check makes no call.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import {
  CheckoutConfigDocument,
  CreateLateFeeCheckoutSessionDocument,
  CreateMonthlyCheckoutSessionDocument,
  CreateUpfrontCheckoutSessionDocument,
  PaymentHistoryDocument,
  PaymentsDueDocument,
} from '../../graphql/generated';
import { formatDay, formatMoney } from '../../i18n/formats';
import { PAYMENT_RELOAD_DELAY_MS, PAYMENT_START_FAILED, returnedFromCheckout } from './format';
import { useT } from '../../i18n';
import { MyWithdrawals } from './MyWithdrawals';
import { ReEnrollmentOffer } from './ReEnrollmentOffer';

type Plan = 'annual' | 'monthly' | 'check';

export default function ParentPaymentsPage() {
  const t = useT();
  const dueQuery = useQuery(PaymentsDueDocument, { fetchPolicy: 'network-only' });
  const historyQuery = useQuery(PaymentHistoryDocument, { fetchPolicy: 'network-only' });
  // The dialog's figures are the family's contract's: read fresh with the page, so the dialog opens with them.
  useQuery(CheckoutConfigDocument, { fetchPolicy: 'network-only' });
  const [open, setOpen] = useState(false);
  const [lateFeeCheckout] = useMutation(CreateLateFeeCheckoutSessionDocument);
  const [paying, setPaying] = useState<number | null>(null);
  // A late fee is paid on its own, through the same hosted checkout (no plan to choose).
  async function payLateFee(paymentId: number) {
    setPaying(paymentId);
    try {
      const url = (await lateFeeCheckout({ variables: { paymentId } })).data?.createLateFeeCheckoutSession.url;
      if (!url) throw new Error('No checkout address');
      window.location.assign(url);
    } catch (err) {
      console.error('Failed to start payment', err);
      window.alert(t(PAYMENT_START_FAILED));
      setPaying(null);
    }
  }
  const location = useLocation();
  const returned = returnedFromCheckout(location.search);
  const { refetch: refetchDue } = dueQuery;
  const { refetch: refetchHistory } = historyQuery;

  useEffect(() => {
    if (dueQuery.error) console.error('Failed to load upcoming payments', dueQuery.error);
    if (historyQuery.error) console.error('Failed to load payment history', historyQuery.error);
  }, [dueQuery.error, historyQuery.error]);

  // Back from checkout: the webhook may land a moment later, so the data reloads after 2 seconds.
  useEffect(() => {
    if (!returned) return;
    const timer = window.setTimeout(() => {
      void refetchDue().catch(() => {});
      void refetchHistory().catch(() => {});
    }, PAYMENT_RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [returned, refetchDue, refetchHistory]);

  const dueLoading = dueQuery.loading && !dueQuery.data;
  const historyLoading = historyQuery.loading && !historyQuery.data;
  const due = dueQuery.error ? [] : (dueQuery.data?.paymentsDue ?? []);
  const history = historyQuery.error ? [] : (historyQuery.data?.paymentHistory ?? []);

  return (
    <main className="page stack">
      <h1>{t('payments.payments')}</h1>
      <p>
        <Link to="/statement">{t('payments.viewStatement')}</Link>
      </p>
      {returned && (
        <p className="alert alert-success" role="status">
          {t('payments.thankYouYourPaymentIsBeing')}
        </p>
      )}
      <ReEnrollmentOffer />
      <section className="stack">
        <h2>{t('payments.upcomingPayments')}</h2>
        <table className="data">
          <thead>
            <tr>
              <th>{t('common.title')}</th>
              <th>{t('payments.dueDate')}</th>
              <th>{t('payments.amount')}</th>
              <th>{t('common.action')}</th>
            </tr>
          </thead>
          <tbody>
            {dueLoading ? (
              <tr>
                <td colSpan={4}>{t('common.loading')}</td>
              </tr>
            ) : due.length === 0 ? (
              <tr>
                <td colSpan={4}>{t('payments.noUpcomingPayments')}</td>
              </tr>
            ) : (
              due.map((p) => (
                <tr key={p.id}>
                  <td>{p.title}</td>
                  <td>{formatDay(p.dueDate)}</td>
                  <td>{formatMoney(p.amount)}</td>
                  <td>
                    {p.paymentType === 'monthly' ? (
                      <span className="muted">{t('payments.autoPayScheduled')}</span>
                    ) : p.paymentType === 'late_fee' ? (
                      <button type="button" onClick={() => void payLateFee(p.id)} disabled={paying !== null}>
                        {paying === p.id ? t('payments.processing') : t('payments.payNow')}
                      </button>
                    ) : (
                      <button type="button" onClick={() => setOpen(true)}>
                        {t('payments.payNow')}
                      </button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <section className="stack">
        <h2>{t('payments.paymentHistory')}</h2>
        <table className="data">
          <thead>
            <tr>
              <th>{t('common.title')}</th>
              <th>{t('payments.date')}</th>
              <th>{t('payments.amount')}</th>
              <th>{t('payments.statusColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {historyLoading ? (
              <tr>
                <td colSpan={4}>{t('common.loading')}</td>
              </tr>
            ) : history.length === 0 ? (
              <tr>
                <td colSpan={4}>{t('payments.noPaymentHistory')}</td>
              </tr>
            ) : (
              history.map((p) => (
                <tr key={p.id}>
                  <td>{p.title}</td>
                  <td>{formatDay(p.date)}</td>
                  <td>{formatMoney(p.amount)}</td>
                  <td>
                    {p.status === 'paid'
                      ? t('payments.paid')
                      : p.status === 'failed'
                        ? t('payments.failed')
                        : p.status === 'refunded'
                          ? t('payments.refunded')
                          : p.status}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <MyWithdrawals />
      {open && <PaymentOptionDialog year={due.find((p) => p.paymentType === 'annual')?.schoolYear ?? ''} onClose={() => setOpen(false)} />}
    </main>
  );
}

export function PaymentOptionDialog({ onClose, year = '' }: { onClose: () => void; year?: string }) {
  const t = useT();
  const { data } = useQuery(CheckoutConfigDocument);
  const [plan, setPlan] = useState<Plan>('annual');
  const [busy, setBusy] = useState(false);
  const [upfront] = useMutation(CreateUpfrontCheckoutSessionDocument);
  const [monthly] = useMutation(CreateMonthlyCheckoutSessionDocument);
  const config = data?.checkoutConfig;
  const cents = (c: number) => formatMoney(c / 100);

  async function proceed() {
    if (plan === 'check') {
      onClose();
      return;
    }
    setBusy(true);
    try {
      const priceId = plan === 'annual' ? config?.upfrontPriceId : config?.monthlyPriceId;
      if (!priceId) throw new Error('Payment configuration not loaded');
      const result =
        plan === 'annual'
          ? (await upfront({ variables: { priceId } })).data?.createUpfrontCheckoutSession
          : (await monthly({ variables: { priceId } })).data?.createMonthlyCheckoutSession;
      if (!result?.url) throw new Error('No checkout address');
      window.location.assign(result.url);
    } catch (err) {
      console.error('Failed to start payment', err);
      window.alert(t(PAYMENT_START_FAILED));
      setBusy(false);
    }
  }

  return (
    // While a checkout starts, closing would leave the redirect running: the dialog stays until it leaves.
    <AccessibleDialog title={t('payments.selectPaymentOption')} onClose={() => !busy && onClose()}>
      {/* The amounts are the family's contract's (the year it signed for): none are shown before they load. */}
      {config ? (
        <fieldset className="stack" style={{ border: 'none', padding: 0 }}>
          <legend className="muted">{t('payments.tuitionForTheSchoolYear', { year })}</legend>
          <label className="option">
            <input type="radio" name="plan" value="annual" checked={plan === 'annual'} onChange={() => setPlan('annual')} />
            {t('payments.annualOption', { upfront: cents(config.upfrontCents), annual: cents(config.annualCents) })}
          </label>
          <label className="option">
            <input type="radio" name="plan" value="monthly" checked={plan === 'monthly'} onChange={() => setPlan('monthly')} />
            {t('payments.monthlyOption', { monthly: cents(config.monthlyCents), months: config.monthlyInstallments })}
          </label>
          <label className="option">
            <input type="radio" name="plan" value="check" checked={plan === 'check'} onChange={() => setPlan('check')} />
            {t('payments.checkOption', { upfront: cents(config.upfrontCents) })}
          </label>
        </fieldset>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
      {plan === 'check' && <p className="muted">{t('payments.makeTheCheckPayableToDual')}</p>}
      <div className="row">
        <button type="button" className="secondary" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </button>
        {/* A card payment needs the configured price ids first: the button waits for them. */}
        <button type="button" onClick={proceed} disabled={busy || (plan !== 'check' && !config)}>
          {plan === 'check' ? t('payments.gotItILlSendA') : busy ? t('payments.processing') : t('payments.continueToPayment')}
        </button>
      </div>
    </AccessibleDialog>
  );
}
