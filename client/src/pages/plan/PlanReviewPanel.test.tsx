import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanReviewDocument, ReturnPlanDocument } from '../../graphql/generated';
import { PlanReviewPanel } from './PlanReviewPanel';

const change = (kind: string, courseId: number, title: string, from: string | null, to: string | null) => ({
  __typename: 'PlanChange',
  kind,
  courseId,
  courseCode: `C${courseId}`,
  title,
  fromTermLabel: from,
  toTermLabel: to,
  fromGrade: null,
  toGrade: null,
});
const review = (o: Record<string, unknown> = {}) => ({
  __typename: 'PlanReview',
  studentId: 7,
  enabled: true,
  status: 'changed_since_approval',
  comment: null,
  approvedVersion: 1,
  canSubmit: false,
  canReview: true,
  changes: [change('added', 3, 'Chemistry', null, '11th Grade'), change('moved', 1, 'Algebra 1', '9th Grade', '10th Grade')],
  ...o,
});
const reviewMock = (o: Record<string, unknown> = {}, uses = 3) => ({
  request: { query: PlanReviewDocument },
  result: { data: { planReview: review(o) } },
  maxUsageCount: uses,
});

describe('Plan review panel', () => {
  it('shows nothing where the school has plan review off', async () => {
    const { container } = render(
      <MockedProvider mocks={[reviewMock({ enabled: false, status: 'draft', changes: null })]}>
        <PlanReviewPanel planKey="k" />
      </MockedProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });

  it('shows a counselor the status, the changes since approval, and asks for a comment before returning the plan', async () => {
    const returned = {
      request: { query: ReturnPlanDocument, variables: { comment: 'Keep Algebra in 9th grade.' } },
      result: { data: { returnPlan: review({ status: 'returned', comment: 'Keep Algebra in 9th grade.', canReview: false, changes: [] }) } },
    };
    render(
      <MockedProvider mocks={[reviewMock({}, 1), returned, reviewMock({ status: 'returned', comment: 'Keep Algebra in 9th grade.', canReview: false, changes: [] })]}>
        <PlanReviewPanel planKey="k" />
      </MockedProvider>,
    );
    expect(await screen.findByText('Plan status: Changed since approval')).toBeTruthy();
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Added C3 Chemistry in 11th Grade', 'Moved C1 Algebra 1 from 9th Grade to 10th Grade']);
    expect(screen.getByRole('button', { name: 'Approve plan' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Return with comments' }));
    const dialog = screen.getByRole('dialog', { name: 'Return the plan with comments' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return with comments' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please write a comment telling the student what to change.');
    fireEvent.change(within(dialog).getByLabelText('Comment for the student'), { target: { value: '  Keep Algebra in 9th grade. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return with comments' }));
    expect(await screen.findByText('Plan status: Returned with comments')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Keep Algebra in 9th grade.')).toBeTruthy();
  }, 30_000);

  it('offers the student "Submit plan for review" and no counselor action', async () => {
    render(
      <MockedProvider mocks={[reviewMock({ status: 'draft', approvedVersion: null, canSubmit: true, canReview: false, changes: null })]}>
        <PlanReviewPanel planKey="k" />
      </MockedProvider>,
    );
    expect(await screen.findByText('Plan status: Draft')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit plan for review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Return with comments' })).toBeNull();
  });
});
