import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StudentDashboardDocument } from '../../graphql/generated';
import { BarChart } from './BarChart';
import { StudentDashboard } from './StudentDashboard';

describe('BarChart', () => {
  it('names each bar with its label and count and reports the one pressed', () => {
    const picked: string[] = [];
    render(
      <BarChart
        title="Plans"
        countText={(n) => (n === 1 ? '1 student' : `${n} students`)}
        bars={[
          { key: 'none', label: 'No Plan Yet', count: 1 },
          { key: 'warnings', label: 'Warnings', count: 4 },
        ]}
        selected="warnings"
        onSelect={(k) => picked.push(k)}
      />,
    );
    const none = screen.getByRole('button', { name: 'No Plan Yet: 1 student. Show them in the list.' });
    expect(screen.getByRole('button', { name: 'Warnings: 4 students. Show them in the list.' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(none);
    expect(picked).toEqual(['none']);
  });
});

const dashboardMock: MockLink.MockedResponse = {
  request: { query: StudentDashboardDocument },
  result: {
    data: {
      studentDashboard: {
        __typename: 'StudentDashboard',
        totalStudents: 3,
        studentsWithoutPlan: 1,
        studentsWithWarnings: 2,
        consentStates: [{ __typename: 'DashboardBucket', key: 'none', count: 3 }],
        cccApplyStatuses: [
          { __typename: 'DashboardBucket', key: 'Not Set', count: 1 },
          { __typename: 'DashboardBucket', key: 'consent_signed', count: 1 },
          { __typename: 'DashboardBucket', key: 'account_created', count: 1 },
        ],
        applicationStatuses: [{ __typename: 'DashboardBucket', key: 'complete', count: 0 }],
      },
    },
  },
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.search}</div>;
}

describe('StudentDashboard', () => {
  it('filters the list through the address when a bar is pressed, and clears it', async () => {
    render(
      <MockedProvider mocks={[dashboardMock]}>
        <MemoryRouter initialEntries={['/students-list']}>
          <StudentDashboard showCccApply />
          <Where />
        </MemoryRouter>
      </MockedProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Prerequisite Warnings: 2 students. Show them in the list.' }));
    expect(screen.getByTestId('where').textContent).toBe('?plan=warnings');
    expect(screen.getByRole('status').textContent).toContain('Showing students with Plan: Prerequisite Warnings.');
    fireEvent.click(screen.getByRole('button', { name: 'Show all students' }));
    expect(screen.getByTestId('where').textContent).toBe('');
    // CCCApply statuses read in words, never as stored (consent_signed).
    fireEvent.click(screen.getByRole('button', { name: 'Consent Signed: 1 student. Show them in the list.' }));
    expect(screen.getByTestId('where').textContent).toBe('?ccc_apply_status=consent_signed');
    expect(screen.getByRole('status').textContent).toContain('Showing students with CCCApply status: Consent Signed.');
    expect(screen.getByRole('button', { name: 'Account Created: 1 student. Show them in the list.' })).toBeTruthy();
    expect(document.querySelector('section')?.textContent).not.toMatch(/consent_signed|account_created/);
    // No applications: that chart is not shown.
    expect(screen.queryByText('Dual School Applications')).toBeNull();
  });
});
