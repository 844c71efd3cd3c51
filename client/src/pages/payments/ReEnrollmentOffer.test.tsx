import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ReEnrollmentOfferDocument } from '../../graphql/generated';
import { ReEnrollmentOffer } from './ReEnrollmentOffer';

const offer = (value: unknown) => ({ request: { query: ReEnrollmentOfferDocument }, result: { data: { reEnrollmentOffer: value } } });

function renderOffer(mocks: unknown[]) {
  return render(
    <MockedProvider mocks={mocks as never}>
      <MemoryRouter>
        <ReEnrollmentOffer />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('Re-enrollment offer', () => {
  it("names next year, its start, tuition and due date, and leads to the contract's signing", async () => {
    renderOffer([
      offer({ __typename: 'ReEnrollmentOfferType', schoolYear: '2027-28', startsOn: '2027-08-01', annualTuitionCents: 1_100_000, tuitionDueOn: '2027-08-01' }),
    ]);
    const region = await screen.findByRole('region', { name: 'Re-enrollment for 2027-28' }, { timeout: 5000 });
    expect(region.textContent).toContain('continue in the 2027-28 school year, starting Aug 1, 2027. Tuition for the year is $11,000.00, due Aug 1, 2027.');
    expect(screen.getByRole('link', { name: 'Sign the 2027-28 Contract' }).getAttribute('href')).toBe('/enrollment-contract');
  });

  it('shows nothing when no next year is offered', async () => {
    let answered = false;
    const { container } = renderOffer([
      {
        request: { query: ReEnrollmentOfferDocument },
        result: () => {
          answered = true;
          return { data: { reEnrollmentOffer: null } };
        },
      },
    ]);
    await waitFor(() => expect(answered).toBe(true), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(container.innerHTML).toBe('');
  });
});
