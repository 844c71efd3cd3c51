/**
 * /parent-payments (spec 3 §2, §4): upcoming payments and history, and the 'Select Payment Option'
 * dialog: annual (default) and monthly start a hosted checkout; check makes no call.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import {
  CheckoutConfigDocument, CreateMonthlyCheckoutSessionDocument, CreateUpfrontCheckoutSessionDocument, PaymentHistoryDocument,
  PaymentsDueDocument,
} from '../../graphql/generated';
import { formatDate, formatDollars, PAYMENT_RELOAD_DELAY_MS, PAYMENT_START_FAILED, returnedFromCheckout } from './format';

type Plan = 'annual' | 'monthly' | 'check';

export default function ParentPaymentsPage() {
  const dueQuery = useQuery(PaymentsDueDocument, { fetchPolicy: 'network-only' });
  const historyQuery = useQuery(PaymentHistoryDocument, { fetchPolicy: 'network-only' });
  const [open, setOpen] = useState(false);
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
      <h1>Payments</h1>
      {returned && <p className="alert alert-success" role="status">Thank you! Your payment is being confirmed; this page updates in a moment.</p>}
      <section className="stack">
        <h2>Upcoming Payments</h2>
        <table className="data">
          <thead><tr><th>Title</th><th>Due Date</th><th>Amount</th><th>Action</th></tr></thead>
          <tbody>
            {dueLoading ? (
              <tr><td colSpan={4}>Loading...</td></tr>
            ) : due.length === 0 ? (
              <tr><td colSpan={4}>No upcoming payments</td></tr>
            ) : (
              due.map((p) => (
                <tr key={p.id}>
                  <td>{p.title}</td>
                  <td>{formatDate(p.dueDate)}</td>
                  <td>{formatDollars(p.amount)}</td>
                  <td>{p.paymentType === 'monthly' ? <span className="muted">Auto-pay scheduled</span> : <button type="button" onClick={() => setOpen(true)}>Pay Now</button>}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <section className="stack">
        <h2>Payment History</h2>
        <table className="data">
          <thead><tr><th>Title</th><th>Date</th><th>Amount</th><th>Status</th></tr></thead>
          <tbody>
            {historyLoading ? (
              <tr><td colSpan={4}>Loading...</td></tr>
            ) : history.length === 0 ? (
              <tr><td colSpan={4}>No payment history</td></tr>
            ) : (
              history.map((p) => (
                <tr key={p.id}>
                  <td>{p.title}</td>
                  <td>{formatDate(p.date)}</td>
                  <td>{formatDollars(p.amount)}</td>
                  <td>{p.status === 'paid' ? 'Paid' : p.status === 'failed' ? 'Failed' : p.status}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {open && <PaymentOptionDialog onClose={() => setOpen(false)} />}
    </main>
  );
}

export function PaymentOptionDialog({ onClose }: { onClose: () => void }) {
  const { data } = useQuery(CheckoutConfigDocument);
  const [plan, setPlan] = useState<Plan>('annual');
  const [busy, setBusy] = useState(false);
  const [upfront] = useMutation(CreateUpfrontCheckoutSessionDocument);
  const [monthly] = useMutation(CreateMonthlyCheckoutSessionDocument);
  const config = data?.checkoutConfig;
  const cents = (c: number | undefined, fallback: number) => formatDollars((c ?? fallback) / 100);

  async function proceed() {
    if (plan === 'check') {
      onClose();
      return;
    }
    setBusy(true);
    try {
      const priceId = plan === 'annual' ? config?.upfrontPriceId : config?.monthlyPriceId;
      if (!priceId) throw new Error('Payment configuration not loaded');
      const result = plan === 'annual'
        ? (await upfront({ variables: { priceId } })).data?.createUpfrontCheckoutSession
        : (await monthly({ variables: { priceId } })).data?.createMonthlyCheckoutSession;
      if (!result?.url) throw new Error('No checkout address');
      window.location.assign(result.url);
    } catch (err) {
      console.error('Failed to start payment', err);
      window.alert(PAYMENT_START_FAILED);
      setBusy(false);
    }
  }

  return (
    // While a checkout starts, closing would leave the redirect running: the dialog stays until it leaves.
    <AccessibleDialog title="Select Payment Option" onClose={() => !busy && onClose()}>
        <fieldset className="stack" style={{ border: 'none', padding: 0 }}>
          <legend className="muted">Tuition for the 2025-26 school year</legend>
          <label className="option">
            <input type="radio" name="plan" value="annual" checked={plan === 'annual'} onChange={() => setPlan('annual')} />
            Annual payment: {cents(config?.upfrontCents, 950_000)} paid now by card (5% upfront discount on {cents(config?.annualCents, 1_000_000)})
          </label>
          <label className="option">
            <input type="radio" name="plan" value="monthly" checked={plan === 'monthly'} onChange={() => setPlan('monthly')} />
            Monthly plan: {cents(config?.monthlyCents, 100_000)} per month for {config?.monthlyInstallments ?? 10} months, by automatic payment
          </label>
          <label className="option">
            <input type="radio" name="plan" value="check" checked={plan === 'check'} onChange={() => setPlan('check')} />
            Pay by check: {cents(config?.upfrontCents, 950_000)} (5% upfront discount)
          </label>
        </fieldset>
        {plan === 'check' && (
          <p className="muted">Make the check payable to Dual School, LP and mail it to the school. Your payment status updates when the check is cashed.</p>
        )}
        <div className="row">
          <button type="button" className="secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button type="button" onClick={proceed} disabled={busy}>
            {plan === 'check' ? "Got It - I'll Send a Check" : busy ? 'Processing...' : 'Continue to Payment'}
          </button>
        </div>
    </AccessibleDialog>
  );
}
