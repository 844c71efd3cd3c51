import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CALCULUS } from '../../test/courseFixtures';
import { CoursesDocument, RequirementFilterOptionsDocument, type CourseCardFieldsFragment } from '../../graphql/generated';
import { CourseList, VIEW_KEY } from './CourseList';

const ALGEBRA: CourseCardFieldsFragment = {
  ...CALCULUS,
  id: 8,
  uuid: '22222222-2222-4222-8222-222222222222',
  courseId: 'MATH 1',
  title: 'Algebra I',
  isScheduled: false,
  prerequisiteGroups: [],
};
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
    result: {
      data: {
        requirementFilterOptions: [{ __typename: 'RequirementFilterOption', uuid: REQ, name: 'Advanced Math', pathwayName: 'STEM', label: 'STEM: Advanced Math' }],
      },
    },
  },
];

function renderList(props: Partial<Parameters<typeof CourseList>[0]> = {}, listMocks: ConstructorParameters<typeof MockedProvider>[0]['mocks'] = mocks) {
  return render(
    <MockedProvider mocks={listMocks}>
      <MemoryRouter>
        <CourseList kind="own" version={0} {...props} />
      </MemoryRouter>
    </MockedProvider>,
  );
}

// A catalogue of 120 courses, of which the first page holds the given ones.
const longPage = (nodes: CourseCardFieldsFragment[]) => ({
  request: { query: CoursesDocument, variables: { search: null, requirement: null, first: 50 } },
  result: { data: { courses: { __typename: 'CourseConnection', totalCount: 120, endCursor: 'Mg', hasNextPage: true, nodes } } },
  maxUsageCount: 5,
});
const longMocks = [longPage([ALGEBRA, CALCULUS])];
const STAFF = { staff: true, schoolUuid: 's-1' };

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

describe('CourseList views', () => {
  it('shows staff a long catalogue as the compact list: one row per course with id, title, units, school, requirements and the transferable mark', async () => {
    renderList({ viewer: STAFF }, longMocks);
    const table = await screen.findByRole('table', { name: 'Courses, one per line' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Course ID', 'Title', 'Units', 'School', 'Requirements', 'Transferable']);
    expect(rows.slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['MATH 1', 'Algebra I', '5', 'Lincoln High School', '2', '✓Transferable'],
      ['MATH 10', 'Calculus', '5', 'Lincoln High School', '2', '✓Transferable'],
    ]);
    expect(within(table).getByRole('link', { name: 'MATH 10' }).getAttribute('href')).toBe(`/course-page/${CALCULUS.uuid}`);
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Showing 2 of 120 courses')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it("marks a partner course transferable only when the viewer's school accepted it", async () => {
    const partner = { ...CALCULUS, school: { ...CALCULUS.school, uuid: 's-2', name: 'Valley Community College' } };
    renderList({ viewer: { staff: true, schoolUuid: 's-3' } }, [longPage([partner])]);
    const table = await screen.findByRole('table', { name: 'Courses, one per line' });
    expect(within(table).getByText('Not transferable')).toBeTruthy();
  });

  it('switches to the cards in one click and remembers the choice', async () => {
    const first = renderList({ viewer: STAFF }, longMocks);
    await screen.findByRole('table', { name: 'Courses, one per line' });
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    expect(screen.queryByRole('table', { name: 'Courses, one per line' })).toBeNull();
    expect(titles()).toEqual(['MATH 1 Algebra I', 'MATH 10 Calculus']);
    expect(localStorage.getItem(VIEW_KEY)).toBe('cards');
    first.unmount();
    renderList({ viewer: STAFF }, longMocks);
    await waitFor(() => expect(titles()).toEqual(['MATH 1 Algebra I', 'MATH 10 Calculus']));
    expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps the compact list when a search finds 50 courses or fewer', async () => {
    const found = { ...longPage([CALCULUS]), request: { query: CoursesDocument, variables: { search: 'calc', requirement: null, first: 50 } } };
    renderList({ viewer: STAFF }, [...longMocks, { ...found, result: { data: { courses: { ...found.result.data.courses, totalCount: 1, hasNextPage: false } } } }]);
    await screen.findByRole('table', { name: 'Courses, one per line' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search courses' }), { target: { value: 'calc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Courses, one per line' })).getAllByRole('row')).toHaveLength(2));
  });

  it('keeps the cards for staff with 50 courses or fewer, and for students', async () => {
    renderList({ viewer: STAFF });
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(screen.queryByRole('table', { name: 'Courses, one per line' })).toBeNull();
    cleanup();
    renderList({ viewer: { staff: false, schoolUuid: 's-1' } }, longMocks);
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(screen.queryByRole('table', { name: 'Courses, one per line' })).toBeNull();
  });
});
