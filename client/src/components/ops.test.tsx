import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiTokensDocument, CreateApiTokenDocument, StudentDashboardDocument } from '../graphql/generated';
import { StudentDashboard } from '../pages/students/StudentDashboard';
import { ApiTokensCard } from './ApiTokensCard';
import { BarChart } from './BarChart';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('is a progressbar with its numbers in text, full when nothing is required', () => {
    render(<><ProgressBar label="Units" value={3.5} max={6} text="3.5 of 6 units" /><ProgressBar label="Courses" value={0} max={0} text="0 of 0 courses" /></>);
    const [units, courses] = screen.getAllByRole('progressbar');
    expect(units.getAttribute('value')).toBe('3.5');
    expect(units.getAttribute('max')).toBe('6');
    expect(screen.getByText('3.5 of 6 units (58%)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Courses' })).toBe(courses);
    expect(screen.getByText('0 of 0 courses (100%)')).toBeTruthy();
  });
});

describe('BarChart', () => {
  it('names each bar with its label and count and reports the one pressed', () => {
    const picked: string[] = [];
    render(<BarChart title="Plans" countText={(n) => (n === 1 ? '1 student' : `${n} students`)} bars={[{ key: 'none', label: 'No Plan Yet', count: 1 }, { key: 'warnings', label: 'Warnings', count: 4 }]} selected="warnings" onSelect={(k) => picked.push(k)} />);
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
        __typename: 'StudentDashboard', totalStudents: 3, studentsWithoutPlan: 1, studentsWithWarnings: 2,
        consentStates: [{ __typename: 'DashboardBucket', key: 'none', count: 3 }],
        cccApplyStatuses: [{ __typename: 'DashboardBucket', key: 'Not Set', count: 3 }],
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
    // No applications: that chart is not shown.
    expect(screen.queryByText('Dual School Applications')).toBeNull();
  });
});

describe('ApiTokensCard', () => {
  it('creates a token and shows it once, then lists it by name and last four characters', async () => {
    const listed = (tokens: unknown[]): MockLink.MockedResponse => ({ request: { query: ApiTokensDocument }, result: { data: { apiTokens: tokens } } });
    const token = { __typename: 'ApiToken', id: 't1', name: 'Nightly sync', lastFour: 'wxyz', createdAt: '2026-11-01T00:00:00Z', expiresAt: '2027-01-30T00:00:00Z', lastUsedAt: null, expired: false };
    render(
      <MockedProvider mocks={[
        listed([]),
        { request: { query: CreateApiTokenDocument, variables: { name: 'Nightly sync', expiresInDays: 90 } },
          result: { data: { createApiToken: { __typename: 'CreatedApiToken', token: 'secret-abcdwxyz', apiToken: { __typename: 'ApiToken', id: 't1', name: 'Nightly sync', lastFour: 'wxyz' } } } } },
        listed([token]),
      ]}>
        <MemoryRouter><ApiTokensCard /></MemoryRouter>
      </MockedProvider>,
    );
    expect(await screen.findByText('You have no API tokens.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Nightly sync' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    expect((await screen.findByLabelText('New API token')).textContent).toBe('secret-abcdwxyz');
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('…wxyz')).toBeTruthy());
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke Nightly sync' })).toBeTruthy();
  });
});
