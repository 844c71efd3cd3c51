import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteRequirementDocument, EligibleCoursesDocument } from '../../graphql/generated';
import { EMPTY_ELIGIBLE, RequirementCard, type RequirementCardData, type RequirementProgressData } from './RequirementCard';

const requirement: RequirementCardData = {
  uuid: 'r-1',
  name: 'English',
  description: 'Four years of English',
  numberOfUnits: 6,
  numberOfCourses: 2,
  canEdit: false,
};
const course = (id: number, courseId: string, title: string) => ({ __typename: 'Course' as const, id, uuid: `c-${id}`, courseId, title });

function eligible(nodes: { isScheduled: boolean; course: ReturnType<typeof course> }[]): MockLink.MockedResponse {
  return {
    request: { query: EligibleCoursesDocument, variables: { requirementUuid: 'r-1', first: 100 } },
    result: {
      data: {
        eligibleCourses: {
          __typename: 'EligibleCourseConnection',
          totalCount: nodes.length,
          endCursor: null,
          hasNextPage: false,
          nodes: nodes.map((n) => ({ __typename: 'EligibleCourse', ...n })),
        },
      },
    },
  };
}

function renderCard(props: { progress?: RequirementProgressData | null; data?: RequirementCardData; onChanged?: () => void }, mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <RequirementCard requirement={props.data ?? requirement} progress={props.progress} onChanged={props.onChanged} />
    </MockedProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('RequirementCard', () => {
  it('is collapsed at first and shows a green check named Fulfilled when fulfilled', () => {
    renderCard({ progress: { requiredCourses: 2, requiredUnits: 6, completedCourses: 2, completedUnits: 8.5, isFulfilled: true } }, []);
    const toggle = screen.getByRole('button', { name: 'English Fulfilled' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/Course Requirement/)).toBeNull();
  });

  it('shows no check when not fulfilled, and the numbers and eligible courses when expanded', async () => {
    renderCard({ progress: { requiredCourses: 2, requiredUnits: 6, completedCourses: 1, completedUnits: 3.5, isFulfilled: false } }, [
      eligible([
        { isScheduled: true, course: course(1, 'ENG 9', 'English 9') },
        { isScheduled: false, course: course(2, 'ENG 10', 'English 10') },
      ]),
    ]);
    const toggle = screen.getByRole('button', { name: 'English' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Four years of English')).toBeTruthy();
    expect(screen.getByText('Course Requirement: 1 fulfilled / 2 required')).toBeTruthy();
    expect(screen.getByText('Unit Requirement: 3.5 fulfilled / 6 required')).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['ENG 9 English 9✓ Scheduled', 'ENG 10 English 10']);
    // Students get no edit buttons.
    expect(screen.queryByRole('button', { name: 'Edit Requirement' })).toBeNull();
  });

  it('says so when no course fulfils the requirement', async () => {
    renderCard({ progress: null }, [eligible([])]);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('You do not have any courses that fulfill this requirement in your Four Year Plan.')).toBeTruthy();
    expect(EMPTY_ELIGIBLE).toBe('components.emptyEligible');
  });

  it('lets an editor delete after the confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onChanged = vi.fn();
    renderCard({ data: { ...requirement, canEdit: true }, onChanged }, [
      eligible([]),
      { request: { query: DeleteRequirementDocument, variables: { uuid: 'r-1' } }, result: { data: { deleteRequirement: true } } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Requirement' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this requirement?');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('opens the Edit Requirement dialog with the current values', () => {
    renderCard({ data: { ...requirement, canEdit: true } }, [eligible([])]);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Requirement' }));
    screen.getByRole('dialog', { name: 'Edit Requirement' });
    expect((screen.getByLabelText('Requirement Name') as HTMLInputElement).value).toBe('English');
    expect((screen.getByLabelText('Number of Units Required') as HTMLInputElement).value).toBe('6');
    expect((screen.getByLabelText('Number of Courses Required') as HTMLInputElement).value).toBe('2');
  });
});
