import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CheckoutConfigDocument,
  CreateLateFeeCheckoutSessionDocument,
  CreateUpfrontCheckoutSessionDocument,
  PaymentHistoryDocument,
  PaymentsDueDocument,
} from '../../graphql/generated';
import { returnedFromCheckout } from './format';
import ParentPaymentsPage from './ParentPaymentsPage';

const config = {
  request: { query: CheckoutConfigDocument },
  result: {
    data: {
      checkoutConfig: {
        __typename: 'CheckoutConfig',
        publishableKey: '',
        upfrontPriceId: 'price_up',
        monthlyPriceId: 'price_mo',
        testCheckout: true,
        annualCents: 1_000_000,
        upfrontCents: 950_000,
        monthlyCents: 100_000,
        monthlyInstallments: 10,
      },
    },
  },
};
type DueRow = { id: number; title: string; dueDate: string; amount: number; paymentType: string; lateFeeFor?: number | null; monthsLate?: number | null };
const due = (rows: DueRow[]) => ({
  request: { query: PaymentsDueDocument },
  result: { data: { paymentsDue: rows.map((r) => ({ __typename: 'PaymentDue', schoolYear: '2026-27', lateFeeFor: null, monthsLate: null, ...r })) } },
});
const history = (rows: { id: number; title: string; date: string; amount: number; status: string }[]) => ({
  request: { query: PaymentHistoryDocument },
  result: { data: { paymentHistory: rows.map((r) => ({ __typename: 'PaymentHistoryItem', ...r })) } },
});

function renderPage(mocks: unknown[], path = '/parent-payments') {
  render(
    <MockedProvider mocks={mocks as never}>
      <MemoryRouter initialEntries={[path]}>
        <ParentPaymentsPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Payments page', () => {
  it('shows Loading..., then the tables, with Auto-pay scheduled for monthly items', async () => {
    renderPage([
      due([{ id: 1, title: 'Tuition 2025-26 (month 2 of 10)', dueDate: '2025-09-01', amount: 1000, paymentType: 'monthly' }]),
      history([{ id: 7, title: 'Tuition 2025-26 (month 1 of 10)', date: '2025-08-01', amount: 1000, status: 'paid' }]),
    ]);
    expect(screen.getAllByText('Loading...')).toHaveLength(2);
    expect(await screen.findByText('Auto-pay scheduled')).toBeTruthy();
    // The two tables load separately: wait for the history before counting amounts across both.
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.getAllByText('$1,000.00')).toHaveLength(2);
    expect(screen.getByText('Sep 1, 2025')).toBeTruthy();
  });

  it('shows the empty messages, also when loading fails', async () => {
    renderPage([{ request: { query: PaymentsDueDocument }, error: new Error('offline') }, history([])]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await screen.findByText('No upcoming payments')).toBeTruthy();
    expect(await screen.findByText('No payment history')).toBeTruthy();
  });

  it('Pay Now opens Select Payment Option with annual chosen; check makes no call; Escape closes', async () => {
    renderPage([due([{ id: 1, title: 'Tuition 2025-26', dueDate: '2025-08-01', amount: 10000, paymentType: 'annual' }]), history([]), config]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Select Payment Option' });
    // The dialog names the school year the tuition is for.
    expect(within(dialog).getByText('Tuition for the 2026-27 school year')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /Annual payment/ }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: /Annual payment/ }));
    expect(within(dialog).getByRole('button', { name: 'Continue to Payment' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Pay by check/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: "Got It - I'll Send a Check" }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the dialog shows the amounts of the family's contract (the year it signed for), not the spec's", async () => {
    const signed = { ...config.result.data.checkoutConfig, annualCents: 1_200_000, upfrontCents: 1_140_000, monthlyCents: 115_000, monthlyInstallments: 3 };
    renderPage([
      due([{ id: 1, title: 'Tuition 2026-27', dueDate: '2026-08-01', amount: 12000, paymentType: 'annual' }]),
      history([]),
      { ...config, result: { data: { checkoutConfig: signed } } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Select Payment Option' });
    expect(await within(dialog).findByRole('radio', { name: 'Annual payment: $11,400.00 paid now by card (5% upfront discount on $12,000.00)' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Monthly plan: $1,150.00 per month for 3 months, by automatic payment' })).toBeTruthy();
    expect(within(dialog).queryByText(/\$10,000|\$9,500|\$1,000\.00/)).toBeNull();
  });

  it('alerts when the checkout cannot start', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage([
      due([{ id: 1, title: 'Tuition 2025-26', dueDate: '2025-08-01', amount: 10000, paymentType: 'annual' }]),
      history([]),
      config,
      { request: { query: CreateUpfrontCheckoutSessionDocument, variables: { priceId: 'price_up' } }, error: new Error('down') },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await screen.findByText(/Annual payment: \$9,500\.00/);
    // The button waits for the payment configuration (the price ids) before it starts a checkout.
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(proceed.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(proceed);
    });
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to start payment. Please try again.'));
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeTruthy();
  });

  it('a late fee is paid on its own: Pay Now starts its checkout, no plan to choose', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage([
      due([
        { id: 3, title: 'Tuition 2026-27 (month 2 of 10)', dueDate: '2026-09-01', amount: 1000, paymentType: 'monthly' },
        {
          id: 9,
          title: 'Late fee: Tuition 2026-27 (month 2 of 10), 1 month late',
          dueDate: '2026-09-07',
          amount: 50,
          paymentType: 'late_fee',
          lateFeeFor: 3,
          monthsLate: 1,
        },
      ]),
      history([]),
      { request: { query: CreateLateFeeCheckoutSessionDocument, variables: { paymentId: 9 } }, error: new Error('down') },
    ]);
    expect(await screen.findByText('Late fee: Tuition 2026-27 (month 2 of 10), 1 month late')).toBeTruthy();
    expect(screen.getByText('$50.00')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to start payment. Please try again.'));
    expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

it('recognises a return from checkout by payment_intent or session_id', () => {
  expect(returnedFromCheckout('?session_id=cs_test_1')).toBe(true);
  expect(returnedFromCheckout('?payment_intent=pi_1&redirect_status=succeeded')).toBe(true);
  expect(returnedFromCheckout('')).toBe(false);
});
