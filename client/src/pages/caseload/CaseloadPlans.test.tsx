import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AutoPlanBatchDocument, GeneratePlansForStudentsDocument } from './caseload.generated';
import { CaseloadPlans } from './CaseloadPlans';

const result = (studentId: number, firstName: string, o: Record<string, unknown>) => ({
  __typename: 'AutoPlanBatchResult',
  studentId,
  firstName,
  lastName: 'Lee',
  outcome: null,
  planName: null,
  reason: null,
  shortfalls: [],
  ...o,
});

const batch = (state: string, done: number, results: ReturnType<typeof result>[]) => ({ __typename: 'AutoPlanBatch', id: 'b1', state, total: 3, done, results });

const selected = [
  { studentId: 1, name: 'Lee, Ada' },
  { studentId: 2, name: 'Lee, Bo' },
  { studentId: 3, name: 'Lee, Cy' },
];

describe('CaseloadPlans', () => {
  it('takes no room with nothing selected', () => {
    const { container } = render(
      <MockedProvider mocks={[]}>
        <CaseloadPlans selected={[]} />
      </MockedProvider>,
    );
    expect(container.textContent).toBe('');
  });

  it('starts a batch for the selected students and shows its progress and each result in words', async () => {
    const waiting = [result(1, 'Ada', {}), result(2, 'Bo', {}), result(3, 'Cy', {})];
    const finished = [
      result(1, 'Ada', { outcome: 'SAVED', planName: 'High School Graduation' }),
      result(2, 'Bo', {
        outcome: 'INFEASIBLE',
        shortfalls: [
          {
            __typename: 'PlanShortfall',
            requirementId: 9,
            requirementName: 'Mathematics',
            pathwayName: 'STEM',
            missingCourses: 2,
            missingUnits: 0,
            blockedBy: [
              {
                __typename: 'PlanBlocker',
                reason: 'PREREQUISITE_TOO_LATE',
                courseCode: 'MATH 7',
                prerequisiteCode: 'MATH 2',
                requirementName: null,
                offeredTerms: null,
                lastTermLabel: null,
              },
            ],
          },
        ],
      }),
      result(3, 'Cy', {
        outcome: 'NOT_SAVED',
        reason: {
          __typename: 'AutoPlanBatchReason',
          reason: 'WHAT_IF_TOO_MANY',
          params: { max: '5' },
          message: 'You already have 5 what-if plans, the most you can keep. Delete one before starting another.',
        },
      }),
    ];
    const mocks = [
      {
        request: { query: GeneratePlansForStudentsDocument, variables: { studentIds: [1, 2, 3] } },
        result: { data: { generatePlansForStudents: batch('queued', 0, waiting) } },
      },
      { request: { query: AutoPlanBatchDocument, variables: { id: 'b1' } }, result: { data: { autoPlanBatch: batch('done', 3, finished) } } },
    ];
    render(
      <MockedProvider mocks={mocks}>
        <CaseloadPlans selected={selected} />
      </MockedProvider>,
    );
    expect(screen.getByText('3 students selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate plans for their pathways' }));
    expect(await screen.findByText('3 of 3 students done')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(items).toEqual([
      'Lee, Ada: Saved as the what-if plan “High School Graduation”.',
      'Lee, Bo: STEM: Mathematics cannot be met. 2 more courses of Mathematics are needed. MATH 7 needs MATH 2, which does not fit early enough.',
      'Lee, Cy: Not saved: You already have 5 what-if plans, the most you can keep. Delete one before starting another.',
    ]);
  });

  it('offers one selected student their own generated plan with a preview', () => {
    render(
      <MockedProvider mocks={[]}>
        <CaseloadPlans selected={[selected[0]]} />
      </MockedProvider>,
    );
    expect(screen.getByRole('button', { name: 'Generate a plan for Lee, Ada' })).toBeTruthy();
  });
});
