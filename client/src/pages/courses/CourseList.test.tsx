import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CALCULUS } from '../../test/courseFixtures';
import { CoursesDocument, RequirementFilterOptionsDocument, type CourseCardFieldsFragment } from '../../graphql/generated';
import { CourseList } from './CourseList';

const ALGEBRA: CourseCardFieldsFragment = { ...CALCULUS, id: 8, uuid: '22222222-2222-4222-8222-222222222222', courseId: 'MATH 1', title: 'Algebra I', isScheduled: false, prerequisiteGroups: [] };
const REQ = '33333333-3333-4333-8333-333333333333';

const page = (nodes: CourseCardFieldsFragment[]) => ({
  data: { courses: { __typename: 'CourseConnection', totalCount: nodes.length, endCursor: null, hasNextPage: false, nodes } },
});

const mocks = [
  { request: { query: CoursesDocument, variables: { search: null, requirement: null, first: 50 } }, result: page([ALGEBRA, CALCULUS]), maxUsageCount: 5 },
  { request: { query: CoursesDocument, variables: { search: 'calc', requirement: null, first: 50 } }, result: page([CALCULUS]) },
  { request: { query: CoursesDocument, variables: { search: null, requirement: REQ, first: 50 } }, result: page([CALCULUS]) },
  {
    request: { query: RequirementFilterOptionsDocument },
    result: { data: { requirementFilterOptions: [{ __typename: 'RequirementFilterOption', uuid: REQ, name: 'Advanced Math', pathwayName: 'STEM', label: 'STEM: Advanced Math' }] } },
  },
];

function renderList() {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <CourseList kind="own" version={0} />
      </MemoryRouter>
    </MockedProvider>,
  );
}

const titles = () => screen.getAllByRole('link').map((l) => l.getAttribute('aria-label'));

describe('CourseList', () => {
  it('shows the spinner image while loading, then the cards', async () => {
    renderList();
    expect(screen.getByRole('img', { name: 'Loading' }).getAttribute('src')).toBe('/spinner.svg');
    await waitFor(() => expect(titles()).toEqual(['MATH 1 Algebra I', 'MATH 10 Calculus']));
    expect(screen.queryByRole('img', { name: 'Loading' })).toBeNull();
  });

  it('searches on the Search button', async () => {
    renderList();
    await waitFor(() => expect(titles()).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search courses' }), { target: { value: 'calc' } });
    expect(titles()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(titles()).toEqual(['MATH 10 Calculus']));
  });

  it('filters by a requirement chosen in the dialog, shows a chip, and clears it', async () => {
    renderList();
    await waitFor(() => expect(titles()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Requirement' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter by Requirement' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'STEM: Advanced Math' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Requirement: STEM: Advanced Math')).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['MATH 10 Calculus']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter STEM: Advanced Math' }));
    expect(screen.queryByText('Requirement: STEM: Advanced Math')).toBeNull();
    await waitFor(() => expect(titles()).toHaveLength(2));
  });

  it('closes the filter dialog with Escape', async () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Requirement' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
