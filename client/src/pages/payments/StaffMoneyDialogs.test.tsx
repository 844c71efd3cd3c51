import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordWithdrawalDocument, WithdrawalQuoteDocument } from '../../graphql/generated';
import { WithdrawalDialog } from './StaffMoneyDialogs';

const input = { withdrawnOn: '2026-12-06', reason: 'Moving', partnerPaymentsCents: 39_900, guarantee: false };
const quote = {
  __typename: 'RefundQuote',
  contractId: 'c1',
  schoolYear: '2026-27',
  enrolledOn: '2026-11-28',
  withdrawnOn: '2026-12-06',
  daysEnrolled: 8,
  rule: 'half',
  percent: 50,
  paidCents: 115_000,
  partnerPaymentsCents: 39_900,
  refundCents: 17_600,
};

function renderDialog(mocks: unknown[], onClose = vi.fn()) {
  render(
    <MockedProvider mocks={mocks as never}>
      <WithdrawalDialog family={{ parentId: 7, name: 'Casey Morgan' }} onClose={onClose} />
    </MockedProvider>,
  );
  return onClose;
}

function fill() {
  fireEvent.change(screen.getByLabelText('Withdrawal date'), { target: { value: input.withdrawnOn } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: input.reason } });
  fireEvent.change(screen.getByLabelText('Partner payments made for the student ($)'), { target: { value: '399' } });
}

describe('Record a withdrawal', () => {
  it('shows the refund and its calculation first, then issues exactly the amount shown', async () => {
    const issued = vi.fn(() => ({ data: { recordWithdrawal: quote } }));
    const onClose = renderDialog([
      { request: { query: WithdrawalQuoteDocument, variables: { parentId: 7, input } }, result: { data: { withdrawalQuote: quote } } },
      { request: { query: RecordWithdrawalDocument, variables: { parentId: 7, input, confirmRefundCents: 17_600 } }, result: issued },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Record the withdrawal of Casey Morgan' });
    expect(within(dialog).getByRole('button', { name: 'Compute Refund' })).toHaveProperty('disabled', true);
    fill();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compute Refund' }));
    const calculation = await within(dialog).findByTestId('refund-calculation');
    expect(calculation.textContent).toContain('(day 8 of enrollment)');
    expect(calculation.textContent).toContain('Within the half-refund period: 50%');
    expect(calculation.textContent).toContain('Tuition paid$1,150.00');
    expect(calculation.textContent).toContain('Less partner payments$399.00');
    expect(calculation.textContent).toContain('Refund$176.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Issue Refund of $176.00' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(17_600));
    expect(issued).toHaveBeenCalledTimes(1);
  });

  it('a change after the quote takes the quote away: nothing is issued on a stale figure', async () => {
    renderDialog([{ request: { query: WithdrawalQuoteDocument, variables: { parentId: 7, input } }, result: { data: { withdrawalQuote: quote } } }]);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Compute Refund' }));
    await screen.findByTestId('refund-calculation');
    fireEvent.change(screen.getByLabelText('Partner payments made for the student ($)'), { target: { value: '798' } });
    expect(screen.queryByTestId('refund-calculation')).toBeNull();
    expect(screen.queryByRole('button', { name: /Issue Refund/ })).toBeNull();
  });

  it('says why when the refund cannot be computed', async () => {
    renderDialog([
      {
        request: { query: WithdrawalQuoteDocument, variables: { parentId: 7, input } },
        result: { errors: [{ message: 'The withdrawal date must be on or after the enrollment and not in the future.', extensions: { code: 'BAD_USER_INPUT' } }] },
      },
    ]);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Compute Refund' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The withdrawal date must be on or after the enrollment and not in the future.');
    expect(screen.queryByTestId('refund-calculation')).toBeNull();
  });
});
