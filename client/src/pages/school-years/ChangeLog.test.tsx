import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchoolYearChangesDocument, type SchoolYearFieldsFragment } from '../../graphql/generated';
import { ChangeLog } from './SchoolYearsPage';

const year = { id: 4, label: '2026-27' } as SchoolYearFieldsFragment;
const change = (c: { id: number; changedBy: number | null; changedByName: string | null; fields: string[]; before: string | null }) => ({
  __typename: 'SchoolYearChangeType',
  changedAt: '2026-11-20T15:30:00.000Z',
  ...c,
});

describe("A school year's change log", () => {
  it("names each change's fields by the form's labels and the person by name", async () => {
    const mocks = [
      {
        request: { query: SchoolYearChangesDocument, variables: { id: 4 } },
        result: {
          data: {
            schoolYearChanges: [
              change({ id: 3, changedBy: 12, changedByName: 'Dana Whitaker', fields: ['monthlyDueDates', 'monthlyInstallmentCents'], before: '{}' }),
              change({ id: 2, changedBy: 99, changedByName: null, fields: ['annualTuitionCents'], before: '{}' }),
              change({ id: 1, changedBy: null, changedByName: null, fields: ['label', 'startsOn'], before: null }),
            ],
          },
        },
      },
    ];
    render(
      <MockedProvider mocks={mocks as never}>
        <ChangeLog year={year} onClose={() => {}} />
      </MockedProvider>,
    );
    const log = await screen.findByRole('table', {}, { timeout: 5000 });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Dana Whitaker', 'Monthly plan due dates, Monthly payment ($)'],
      // An account no longer there keeps its number; the year's creation by the system reads so.
      ['User #99', 'Annual tuition ($)'],
      ['System', 'Created'],
    ]);
  });
});
