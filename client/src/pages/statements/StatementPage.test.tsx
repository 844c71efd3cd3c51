import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StatementDocument } from '../../graphql/generated';
import { SessionContext, SIGNED_OUT } from '../../session/context';
import type { SessionUser } from '../../session/storage';
import StatementPage from './StatementPage';

const line = (date: string, kind: string, description: string, amountCents: number, balanceCents: number, reference: string | null = null) => ({
  __typename: 'StatementLineType',
  date,
  kind,
  description,
  amountCents,
  balanceCents,
  reference,
  paymentId: 1,
});

const statement = (familyId: number | null, schoolYear: string | null) => ({
  request: { query: StatementDocument, variables: { familyId, schoolYear } },
  result: {
    data: {
      statement: {
        __typename: 'StatementType',
        familyId: 12,
        familyName: 'Robin Avery',
        schoolName: 'Dual School',
        schoolYear: '2026-27',
        schoolYears: ['2025-26', '2026-27'],
        lines: [
          line('2026-09-01', 'due', 'Tuition 2026-27, month 1 of 10', 100_000, 100_000),
          line('2026-09-01', 'payment', 'Payment by card', -100_000, 0, 'pi_123'),
          line('2026-10-12', 'late_fee', 'Late fee on month 2 of 10, 1 month late', 5000, 5000),
          line('2026-10-13', 'waiver', 'Late fee waived: First time late', -5000, 0),
          line('2026-10-20', 'refund', 'Refund to card', 25_000, 25_000, 're_456'),
        ],
        totals: { __typename: 'StatementTotalsType', dueCents: 105_000, paidCents: 100_000, creditedCents: 5000, refundedCents: 25_000, balanceCents: 25_000 },
      },
    },
  },
});

function renderPage(path: string, userType: string) {
  const session = { ...SIGNED_OUT, user: { id: 1, userType } as unknown as SessionUser };
  render(
    <SessionContext.Provider value={session}>
      <MockedProvider mocks={[statement(path.includes('family=12') ? 12 : null, path.includes('year=2026-27') ? '2026-27' : null)]}>
        <MemoryRouter initialEntries={[path]}>
          <StatementPage />
        </MemoryRouter>
      </MockedProvider>
    </SessionContext.Provider>,
  );
}

describe('Statement page', () => {
  it("shows the family's lines with Stripe references, amounts and the running balance", async () => {
    renderPage('/statement', 'Parent');
    expect(await screen.findByRole('heading', { name: 'Statement: Robin Avery' })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sep 1, 2026', 'Payment by card', 'pi_123', '-$1,000.00', '$0.00']);
    expect(
      within(rows[5])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Oct 20, 2026', 'Refund to card', 're_456', '$250.00', '$250.00']);
    expect(screen.getByText('Balance: $250.00')).toBeTruthy();
    expect((screen.getByLabelText('School year') as HTMLSelectElement).value).toBe('2026-27');
    expect(screen.getByRole('button', { name: 'Open as PDF' })).toBeTruthy();
    // The ledger is for staff only.
    expect(screen.queryByRole('button', { name: /ledger/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/parent-payments');
  });

  it("offers staff the year's ledger, for the family they opened", async () => {
    renderPage('/statement?family=12&year=2026-27', 'Staff');
    expect(await screen.findByRole('button', { name: 'Download the 2026-27 ledger (CSV)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/admissions/payments');
  });
});
