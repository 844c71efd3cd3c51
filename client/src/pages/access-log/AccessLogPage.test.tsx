import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AccessLogDocument } from '../../graphql/generated';
import AccessLogPage from './AccessLogPage';

const entry = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: 'AccessLogEntry',
  id,
  createdAt: '2026-03-02T15:04:00.000Z',
  action: 'view_as',
  reason: 'view-as started by staff',
  studentId: 7,
  studentName: 'Sam Lee',
  actorName: 'Ana Admin',
  actingName: null,
  ...over,
});
const page = (nodes: unknown[], hasNextPage: boolean, endCursor: string | null, totalCount: number) => ({
  data: { accessLog: { __typename: 'AccessLogConnection', totalCount, endCursor, hasNextPage, nodes } },
});
const all = { student: null, actor: null, action: null, from: null, to: null, first: 50 };

function renderPage(mocks: unknown[]) {
  render(
    <MockedProvider mocks={mocks as never}>
      <MemoryRouter initialEntries={['/access-log']}>
        <AccessLogPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('Access Log page', () => {
  it('shows the entries with who, acting for, student, action and reason, and loads more', async () => {
    renderPage([
      {
        request: { query: AccessLogDocument, variables: all },
        result: page(
          [
            entry('3', { action: 'plan_pdf_export', reason: 'plan PDF exported while viewing as the student', actingName: 'Sam Lee' }),
            entry('2', { action: 'student_deleted', studentName: null, studentId: 9, reason: 'student and their records deleted by staff' }),
          ],
          true,
          '2',
          3,
        ),
      },
      { request: { query: AccessLogDocument, variables: { ...all, after: '2' } }, result: page([entry('1')], false, '1', 3) },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByText('3 entries')).toBeTruthy();
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Ana Admin', 'Sam Lee', 'Sam Lee', 'Exported the plan PDF', 'plan PDF exported while viewing as the student'],
      ['Ana Admin', '', 'Deleted student #9', 'Deleted the student', 'student and their records deleted by staff'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('view-as started by staff')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the student, actor, action and date filters', async () => {
    renderPage([
      { request: { query: AccessLogDocument, variables: all }, result: page([entry('1')], false, '1', 1) },
      {
        request: { query: AccessLogDocument, variables: { student: 'sam', actor: 'ana', action: 'view_as', from: '2026-03-01', to: '2026-03-31', first: 50 } },
        result: page([], false, null, 0),
      },
    ]);
    expect(await screen.findByText('1 entry')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Student'), { target: { value: ' sam ' } });
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'view_as' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('0 entries')).toBeTruthy();
  });
});
