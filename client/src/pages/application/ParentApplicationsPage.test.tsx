import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MyApplicationDocument, PaymentsDueDocument } from '../../graphql/generated';
import { SessionProvider } from '../../session/SessionProvider';
import ParentApplicationsPage, { statusText } from './ParentApplicationsPage';

type Due = { id: number; title: string; dueDate: string; amount: number; paymentType: string };

function renderWith(applicationStatus: string, paymentsDue: Due[] = []) {
  const dueMock = {
    request: { query: PaymentsDueDocument },
    result: { data: { paymentsDue: paymentsDue.map((p) => ({ __typename: 'PaymentDue' as const, schoolYear: '2026-27', lateFeeFor: null, monthsLate: null, ...p })) } },
  };
  render(
    <MockedProvider
      mocks={[
        dueMock,
        {
          request: { query: MyApplicationDocument },
          result: {
            data: {
              application: {
                __typename: 'AdmissionApplication',
                id: 1,
                applicationStatus,
                submittedAt: null,
                schoolYear: applicationStatus === 'accepted' ? '2027-28' : null,
                formData: [{ __typename: 'ApplicationStepRecord', step: 1, title: 'Applicant Information', data: { studentFullName: 'Avery Rivers' } }],
              },
            },
          },
        },
      ]}
    >
      <SessionProvider>
        <MemoryRouter>
          <ParentApplicationsPage />
        </MemoryRouter>
      </SessionProvider>
    </MockedProvider>,
  );
}

describe('Applications (parent)', () => {
  it('says a complete application is under review and offers View Application', async () => {
    renderWith('complete');
    expect(await screen.findByRole('cell', { name: 'Avery Rivers' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/within 2-3 business days of submitting/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Application' }).getAttribute('href')).toBe('/application-summary');
    expect(screen.queryByText(/Action Required/)).toBeNull();
  });

  it('asks an accepted parent to sign the enrollment contract', async () => {
    renderWith('accepted');
    expect((await screen.findByRole('link', { name: 'Sign Enrollment Contract' }, { timeout: 5000 })).getAttribute('href')).toBe('/enrollment-contract');
    expect(screen.getByText(/Action Required/).parentElement?.textContent).toContain('sign the enrollment contract for the 2027-28 school year');
  });

  it('tells an enrolled parent no action is required while no payment is due', async () => {
    renderWith('enrolled');
    expect(await screen.findByText('Your student is successfully enrolled in Dual School!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No Action Required')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Make Tuition Payment' })).toBeNull();
  });

  it('asks an enrolled parent with tuition due to pay, with the banner', async () => {
    renderWith('enrolled', [{ id: 7, title: 'Tuition 2025-26', dueDate: '2025-08-01', amount: 10000, paymentType: 'annual' }]);
    expect((await screen.findByRole('link', { name: 'Make Tuition Payment' }, { timeout: 5000 })).getAttribute('href')).toBe('/parent-payments');
    expect(screen.getByText(/Action Required/).parentElement?.textContent).toContain('pay tuition before the school year starts');
  });

  it('needs no action from an enrolled parent on the monthly plan', async () => {
    renderWith('enrolled', [{ id: 8, title: 'Tuition 2025-26 (1 of 10)', dueDate: '2025-08-01', amount: 1000, paymentType: 'monthly' }]);
    expect(await screen.findByText('No Action Required', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Action Required:/)).toBeNull();
  });

  it('shows other statuses raw, or N/A', () => {
    expect(statusText('declined')).toBe('declined');
    expect(statusText('in_progress')).toBe('in_progress');
    expect(statusText(null)).toBe('N/A');
  });
});
