import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CurrentUserDocument,
  FollowedPathwaysDocument,
  FollowPathwayDocument,
  PathwaysDocument,
  SchoolGraduationPathwayDocument,
  SetGraduationPathwayDocument,
} from '../../graphql/generated';
import { createCache } from '../../graphql/client';
import { SessionProvider } from '../../session/SessionProvider';
import PathwaysPage from './PathwaysPage';

const lincoln = { __typename: 'School', id: 1, uuid: 's1', name: 'Lincoln High School', primaryColor: '#8b1e3f' };
const valley = { __typename: 'School', id: 2, uuid: 's2', name: 'Valley College', primaryColor: '#1f4e79' };
const sessionSchool = {
  ...lincoln,
  schoolType: 'HS',
  location: 'CA',
  dualSchoolEnabled: false,
  fourYearPlanEnabled: true,
  baselinePlansEnabled: false,
  hsFullAccessEnabled: false,
  cccApplyEnabled: false,
  parentFormEnabled: false,
  cccDemoEnabled: false,
  planApprovalEnabled: false,
};

const me = (userType: 'Student' | 'Staff', readOnly = false) => ({
  request: { query: CurrentUserDocument },
  result: {
    data: {
      currentUser: {
        __typename: 'CurrentUser',
        id: 7,
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'sam@lincoln.example',
        userType,
        applicationStatus: null,
        grade: '10',
        dob: null,
        parentCode: null,
        dualSchoolEnabled: false,
        school: sessionSchool,
        locale: 'en',
        viewingAs: readOnly ? { __typename: 'ViewingAs', readOnly: true } : null,
      },
    },
  },
});

const pathway = (id: number, uuid: string, name: string, school: typeof lincoln) => ({
  __typename: 'Pathway',
  id,
  uuid,
  name,
  description: '',
  color: '',
  canEdit: false,
  school,
  requirements: [],
});
const list = {
  request: { query: PathwaysDocument, variables: { color: null, first: 100 } },
  result: {
    data: {
      pathways: {
        __typename: 'PathwayConnection',
        totalCount: 3,
        endCursor: null,
        hasNextPage: false,
        nodes: [pathway(1, 'p-grad', 'High School Graduation', lincoln), pathway(2, 'p-stem', 'STEM', lincoln), pathway(3, 'p-aa', 'Associate in Arts', valley)],
      },
    },
  },
  maxUsageCount: 3,
};
const followed = (marked: { id: number; uuid: string; name: string }[]) =>
  marked.map((p) => ({ __typename: 'FollowedPathway', marked: true, pathway: { __typename: 'Pathway', ...p } }));
const followedNone = {
  request: { query: FollowedPathwaysDocument },
  result: {
    data: {
      followedPathways: [{ __typename: 'FollowedPathway', marked: false, pathway: { __typename: 'Pathway', id: 1, uuid: 'p-grad', name: 'High School Graduation' } }],
    },
  },
};
const follow = (pathwayUuid: string, on: boolean, after: { id: number; uuid: string; name: string }[]) => ({
  request: { query: FollowPathwayDocument, variables: { pathwayUuid, follow: on } },
  result: { data: { followPathway: followed(after) } },
});

type Mocks = NonNullable<ConstructorParameters<typeof MockedProvider>[0]['mocks']>;

function renderPage(mocks: Mocks, parentViewing = false) {
  localStorage.setItem('token', 't');
  if (parentViewing) localStorage.setItem('isParentViewingAsStudent', 'true');
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <SessionProvider>
        <MemoryRouter>
          <PathwaysPage />
        </MemoryRouter>
      </SessionProvider>
    </MockedProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('Pathways page: following pathways', () => {
  it("gives a student a Follow toggle on each pathway of their school, not on a partner college's", async () => {
    const stem = { id: 2, uuid: 'p-stem', name: 'STEM' };
    renderPage([me('Student'), list, followedNone, follow('p-stem', true, [stem]), follow('p-stem', false, [])]);
    await screen.findByRole('heading', { name: 'STEM' });
    const toggles = await screen.findAllByRole('button', { name: 'Follow' });
    // The graduation pathway followed by default is not marked: it reads "Follow" too.
    expect(toggles.map((b) => b.getAttribute('aria-describedby') && document.getElementById(b.getAttribute('aria-describedby')!)?.textContent)).toEqual([
      'High School Graduation',
      'STEM',
    ]);
    expect(toggles.every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
    const partnerCard = screen.getByRole('heading', { name: 'Associate in Arts' }).closest('li')!;
    expect(within(partnerCard).queryByRole('button')).toBeNull();

    fireEvent.click(toggles[1]);
    const on = await screen.findByRole('button', { name: 'Following' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(document.getElementById(on.getAttribute('aria-describedby')!)?.textContent).toBe('STEM');

    fireEvent.click(on);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Following' })).toBeNull());
    expect(screen.getAllByRole('button', { name: 'Follow' })).toHaveLength(2);
  });

  it('says so when the server refuses, and keeps the toggle as it was', async () => {
    renderPage([
      me('Student'),
      list,
      followedNone,
      {
        request: { query: FollowPathwayDocument, variables: { pathwayUuid: 'p-stem', follow: true } },
        result: { errors: [{ message: 'This pathway belongs to a school you do not have access to.', extensions: { code: 'FORBIDDEN' } }] },
      },
    ]);
    await screen.findByRole('heading', { name: 'STEM' });
    const toggles = await screen.findAllByRole('button', { name: 'Follow' });
    fireEvent.click(toggles[1]);
    expect((await screen.findByRole('alert')).textContent).toContain('This pathway belongs to a school you do not have access to.');
    expect(screen.getAllByRole('button', { name: 'Follow' })[1].getAttribute('aria-pressed')).toBe('false');
  });

  it("shows no toggle in a parent's read-only view", async () => {
    renderPage([me('Student', true), list, followedNone], true);
    await screen.findByRole('heading', { name: 'STEM' });
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });
});

describe('Pathways page: the graduation pathway (staff)', () => {
  it("lets staff choose one of their school's pathways, and says it is saved", async () => {
    renderPage([
      me('Staff'),
      list,
      list,
      {
        request: { query: SchoolGraduationPathwayDocument },
        result: { data: { currentUser: { __typename: 'CurrentUser', id: 7, school: { __typename: 'School', id: 1, graduationPathwayUuid: null } } } },
      },
      {
        request: { query: SetGraduationPathwayDocument, variables: { pathwayUuid: 'p-stem' } },
        result: { data: { setGraduationPathway: { __typename: 'School', id: 1, graduationPathwayUuid: 'p-stem' } } },
      },
    ]);
    const select = await screen.findByRole('combobox', { name: 'Graduation pathway' });
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not chosen: the pathway whose name contains \u201cgraduation\u201d', 'High School Graduation', 'STEM']);
    fireEvent.change(select, { target: { value: 'p-stem' } });
    expect((await screen.findByRole('status')).textContent).toBe('Graduation pathway saved.');
    expect((select as HTMLSelectElement).value).toBe('p-stem');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });
});
