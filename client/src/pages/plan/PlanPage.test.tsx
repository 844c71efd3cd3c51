import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CurrentUserDocument,
  FollowedPathwaysDocument,
  MyCourseRequestWindowDocument,
  PlanCourseDocument,
  PlanDocument,
  PlanNotesDocument,
  RequirementProgressDocument,
  WhatIfPlansDocument,
} from '../../graphql/generated';
import { I18nProvider } from '../../i18n';
import { SessionProvider } from '../../session/SessionProvider';
import { CourseRequestsBanner } from './CourseRequestsBanner';
import PlanPage from './PlanPage';
import { StudentCourseControls } from './StudentCourseControls';

const school = {
  __typename: 'School',
  id: 1,
  uuid: 's1',
  name: 'Lincoln High School',
  schoolType: 'HS',
  location: 'CA',
  primaryColor: '#8b1e3f',
  dualSchoolEnabled: false,
  fourYearPlanEnabled: true,
  baselinePlansEnabled: true,
  hsFullAccessEnabled: true,
  cccApplyEnabled: true,
  parentFormEnabled: true,
  cccDemoEnabled: true,
  planApprovalEnabled: false,
};
const me = (readOnly: boolean) => ({
  request: { query: CurrentUserDocument },
  result: {
    data: {
      currentUser: {
        __typename: 'CurrentUser',
        id: 7,
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'student@lincoln.example',
        userType: 'Student',
        applicationStatus: null,
        grade: '10',
        dob: null,
        parentCode: 'LHSDEMO10',
        dualSchoolEnabled: false,
        school,
        locale: 'en',
        viewingAs: readOnly ? { __typename: 'ViewingAs', readOnly: true } : null,
      },
    },
  },
});
const entry = (id: number, courseId: string, title: string, term: string, position: number, grade = '', completed = false, source = 'planned') => ({
  __typename: 'ScheduledCourse',
  id,
  term,
  position,
  grade,
  completed,
  source,
  course: {
    __typename: 'PlanCourse',
    id: id * 10,
    uuid: `uuid-${id}`,
    courseId,
    title,
    units: 1,
    prerequisiteGroups: [],
    school: { __typename: 'School', id: 1, name: 'Lincoln High School', primaryColor: '#8b1e3f' },
  },
});
const planMock = (readOnly: boolean) => ({
  request: { query: PlanDocument, variables: { whatIfPlanId: null } },
  result: {
    data: {
      plan: {
        __typename: 'Plan',
        id: 'plan:7',
        whatIfPlanId: null,
        whatIfName: null,
        userId: 7,
        firstName: 'Sam',
        lastName: 'Lee',
        fullName: 'Sam Lee',
        userType: 'Student',
        readOnly,
        labels: ['9th Grade', '10th Grade'],
        totalUnits: 2,
        completedUnits: 1,
        terms: [
          {
            __typename: 'PlanTerm',
            term: '1',
            position: 1,
            label: '9th Grade',
            units: 2,
            courses: [entry(1, '4401', 'Geometry', '1', 0, 'B+', true, 'self_reported'), entry(2, '2401', 'English 9', '1', 1, 'A', true, 'record')],
          },
          { __typename: 'PlanTerm', term: '2', position: 2, label: '10th Grade', units: 0, courses: [] },
        ],
        warnings: [
          {
            __typename: 'PlanWarning',
            scheduledCourseId: 1,
            courseId: 10,
            title: 'Geometry',
            term: '1',
            termLabel: '9th Grade',
            message: 'Prerequisite not met for "Geometry" in 9th Grade',
          },
        ],
      },
    },
  },
});

const req = (uuid: string, pathwayUuid: string, pathwayName: string, completedCourses: number, isFulfilled: boolean) => ({
  __typename: 'RequirementProgress',
  uuid,
  name: uuid,
  description: '',
  pathwayUuid,
  pathwayName,
  requiredCourses: 1,
  requiredUnits: 0,
  completedCourses,
  completedUnits: completedCourses,
  isFulfilled,
});
// STEM: one of two requirements met by the plan; Graduation: nothing of the plan counts toward it.
const progressMock = (
  rows = [req('r1', 'p-stem', 'STEM at Lincoln', 1, true), req('r2', 'p-stem', 'STEM at Lincoln', 0, false), req('r3', 'p-grad', 'High School Graduation', 0, false)],
) => ({
  request: { query: RequirementProgressDocument },
  result: { data: { requirementProgress: rows } },
  maxUsageCount: 3,
});

/** The server's followed pathways: with none marked, the school's graduation pathway (marked: false). */
const followedMock = (list: { uuid: string; name: string; marked: boolean }[] = [{ uuid: 'p-grad', name: 'High School Graduation', marked: false }]) => ({
  request: { query: FollowedPathwaysDocument },
  result: {
    data: {
      followedPathways: list.map((p, i) => ({
        __typename: 'FollowedPathway',
        marked: p.marked,
        pathway: { __typename: 'Pathway', id: i + 1, uuid: p.uuid, name: p.name },
      })),
    },
  },
  maxUsageCount: 3,
});

/** The notes beside the plan: one counselor's note with a link (read-only tokens may not write). */
const notesMock = (readOnly: boolean) => ({
  request: { query: PlanNotesDocument, variables: { studentId: null } },
  result: {
    data: {
      planNotes: {
        __typename: 'PlanNoteThread',
        studentId: 7,
        canWrite: !readOnly,
        canMarkStaffOnly: false,
        notes: [
          {
            __typename: 'PlanNote',
            id: 1,
            body: 'Read <b>this</b>: https://example.org/a-g.',
            authorName: 'Alex Rivera',
            authorRole: 'staff',
            createdAt: '2026-11-25T14:00:00.000Z',
            staffOnly: false,
            canDelete: false,
          },
        ],
      },
    },
  },
  maxUsageCount: 3,
});

/** The student's what-if plans: one, "Engineering"; only the student in their own session changes them. */
const whatIfMock = (canEdit: boolean) => ({
  request: { query: WhatIfPlansDocument },
  result: {
    data: {
      whatIfPlans: {
        __typename: 'WhatIfPlanList',
        studentId: 7,
        canEdit,
        limit: 5,
        plans: [{ __typename: 'WhatIfPlan', id: 3, name: 'Engineering', courseCount: 2, totalUnits: 2 }],
      },
    },
  },
  maxUsageCount: 3,
});

/** The student's course-request window for next year (null: none to show). */
const requestWindow = (state: string | null, kept = state === 'closed') =>
  state === null ? null : { __typename: 'OwnCourseRequestWindow', schoolYear: '2027-2028', opensOn: '2027-03-01', closesOn: '2027-05-01', state, kept };
const requestsMock = (state: string | null, kept?: boolean) => ({
  request: { query: MyCourseRequestWindowDocument },
  result: { data: { myCourseRequestWindow: requestWindow(state, kept) } },
  maxUsageCount: 3,
});

type Mocks = NonNullable<ConstructorParameters<typeof MockedProvider>[0]['mocks']>;

function renderWith(ui: React.ReactNode, readOnly: boolean, extra: Mocks = []) {
  localStorage.setItem('token', 't');
  if (readOnly) localStorage.setItem('isParentViewingAsStudent', 'true');
  render(
    <MockedProvider
      mocks={[
        me(readOnly),
        planMock(readOnly),
        planMock(readOnly),
        whatIfMock(!readOnly),
        ...(extra.some((m) => m.request.query === RequirementProgressDocument) ? [] : [progressMock()]),
        ...(extra.some((m) => m.request.query === FollowedPathwaysDocument) ? [] : [followedMock()]),
        ...(extra.some((m) => m.request.query === MyCourseRequestWindowDocument) ? [] : [requestsMock(null)]),
        notesMock(readOnly),
        ...extra,
      ]}
    >
      <SessionProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </SessionProvider>
    </MockedProvider>,
  );
}

// The panels and dialogs the page loads on demand, compiled before the tests so that the first
// test's time is its own (a loaded machine took seconds to transform them).
beforeAll(async () => {
  await Promise.all([import('../notes/NotesPanel'), import('./PlanReviewPanel'), import('./TermDialogs'), import('./WhatIfDialogs')]);
});

describe('Academic Plan page', () => {
  it('shows the heading, the terms with their tiles, the warnings and the list view', async () => {
    renderWith(<PlanPage />, false);
    expect(await screen.findByRole('heading', { name: 'Sam Lee - Academic Plan' })).toBeTruthy();
    // The notes beside the plan: text as typed, the address as a safe link, author and role.
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Alex Rivera')).toBeTruthy();
    expect(within(notes).getByText('Staff')).toBeTruthy();
    expect(notes.textContent).toContain('Read <b>this</b>: https://example.org/a-g.');
    expect(notes.querySelector('b')).toBeNull();
    const link = within(notes).getByRole('link', { name: 'https://example.org/a-g' });
    expect(link.getAttribute('href')).toBe('https://example.org/a-g');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(notes).getByLabelText('New note')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Prerequisite Warnings' })).toBeTruthy();
    expect(screen.getByText('Prerequisite not met for "Geometry" in 9th Grade')).toBeTruthy();
    const tile = screen.getByRole('region', { name: '9th Grade' });
    expect(tile.textContent).toContain('4401');
    expect(tile.textContent).toContain('Grade: B+');
    // English 9's grade is the school's record (a lock, and why on hover); Geometry's the student's own.
    const english = tile.querySelector('[data-course="2401"]')!;
    expect(within(english as HTMLElement).getByTitle(/cannot be changed here/).textContent).toContain("From the school's record");
    expect(tile.querySelector('[data-course="4401"]')!.textContent).toContain('Self-reported');
    expect(screen.getByRole('button', { name: 'Add Term' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit term 9th Grade' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Baseline Plans' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('region', { name: '10th Grade' }).textContent).toContain('No courses scheduled for this year.');
  });

  it('shows where the student stands on each pathway the plan counts toward, linked to its progress page', async () => {
    renderWith(<PlanPage />, false);
    const section = await screen.findByRole('region', { name: 'Where I stand' });
    const bars = within(section).getAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0].getAttribute('aria-valuetext')).toBe('1 of 2 requirements (50%)');
    expect(within(section).getByRole('link', { name: 'STEM at Lincoln' }).getAttribute('href')).toBe('/pathways/p-stem/progress');
    expect(within(section).queryByText('High School Graduation')).toBeNull();
  });

  it('shows the pathways the student marked as followed instead, even one no course counts toward yet', async () => {
    renderWith(<PlanPage />, false, [
      followedMock([
        { uuid: 'p-grad', name: 'High School Graduation', marked: true },
        { uuid: 'p-arts', name: 'Arts', marked: true },
      ]),
    ]);
    const section = await screen.findByRole('region', { name: 'Where I stand' });
    await within(section).findByRole('link', { name: 'High School Graduation' });
    expect(
      within(section)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['High School Graduation', 'Arts']);
    expect(within(section).queryByText('STEM at Lincoln')).toBeNull();
    const bars = within(section).getAllByRole('progressbar');
    expect(bars[0].getAttribute('aria-valuetext')).toBe('0 of 1 requirements (0%)');
  });

  it('says so when no course of the plan counts toward a pathway yet', async () => {
    renderWith(<PlanPage />, false, [progressMock([req('r3', 'p-grad', 'High School Graduation', 0, false)])]);
    const section = await screen.findByRole('region', { name: 'Where I stand' });
    expect(section.textContent).toContain('No course in your plan counts toward a pathway yet.');
    expect(within(section).getByRole('link', { name: 'Explore pathways' }).getAttribute('href')).toBe('/pathways');
  });

  it('opens the Add Term dialog with focus in the label and closes it with Escape', async () => {
    renderWith(<PlanPage />, false);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Term' }));
    // The dialog is a chunk of its own, loaded when first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Add Term' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Enter Label'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a label.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("hides Add Term and the term pencil in a parent's view", async () => {
    renderWith(<PlanPage />, true);
    expect(await screen.findByRole('heading', { name: 'Sam Lee - Academic Plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Term' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit term/ })).toBeNull();
  });

  it("says until when next year's course requests are open, then that they closed and are kept, above the plan", async () => {
    renderWith(<PlanPage />, false, [requestsMock('open')]);
    const open = await screen.findByRole('note');
    expect(open.textContent).toBe('Course requests for 2027-28 are open through May 1, 2027: the courses you plan for 2027-28 are your requests.');
    expect(open.compareDocumentPosition(screen.getByRole('region', { name: '9th Grade' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();

    renderWith(<PlanPage />, false, [requestsMock('closed')]);
    expect((await screen.findByRole('note')).textContent).toBe(
      'Course requests for 2027-28 closed on May 1, 2027. Your requests are kept; ask your counselor to change them.',
    );
    cleanup();

    // Kept while the window is still open (an approved plan, or staff set them).
    renderWith(<PlanPage />, false, [requestsMock('open', true)]);
    expect((await screen.findByRole('note')).textContent).toBe('Your course requests for 2027-28 have been submitted. Ask your counselor to change them.');
  });

  it("tells a parent viewing the plan about the student's requests, and says nothing without a window or before it opens", async () => {
    renderWith(<PlanPage />, true, [requestsMock('closed')]);
    expect((await screen.findByRole('note')).textContent).toBe(
      "Course requests for 2027-28 closed on May 1, 2027. Sam's requests are kept; only school staff can change them.",
    );
    cleanup();
    for (const state of [null, 'upcoming']) {
      renderWith(<PlanPage />, false, [requestsMock(state)]);
      expect(await screen.findByRole('heading', { name: 'Sam Lee - Academic Plan' })).toBeTruthy();
      expect(screen.queryByRole('note')).toBeNull();
      cleanup();
    }
  });

  it("writes the course-request banner's date the reader's way (Spanish)", async () => {
    localStorage.setItem('locale', 'es');
    render(
      <MockedProvider mocks={[]}>
        <SessionProvider>
          <I18nProvider>
            <CourseRequestsBanner window={requestWindow('closed')} viewer={false} name="Sam" />
          </I18nProvider>
        </SessionProvider>
      </MockedProvider>,
    );
    expect((await screen.findByRole('note')).textContent).toBe(
      'Las solicitudes de cursos para 2027-28 se cerraron el 1 de mayo de 2027. Sus solicitudes se conservan; pida a su consejero que las cambie.',
    );
  });
});

describe('StudentCourseControls', () => {
  const courseMock = {
    request: { query: PlanCourseDocument, variables: { uuid: 'uuid-1', whatIfPlanId: null } },
    result: {
      data: {
        planCourse: {
          __typename: 'PlanCourse',
          id: 10,
          uuid: 'uuid-1',
          courseId: '4401',
          title: 'Geometry',
          description: '',
          units: 1,
          prerequisiteGroups: [],
          school: { __typename: 'School', id: 1, name: 'Lincoln High School', primaryColor: '#8b1e3f' },
          scheduled: { __typename: 'ScheduledCourse', id: 1, term: '1', grade: 'B+', completed: true, source: 'self_reported' },
        },
      },
    },
  };

  it('shows the completed grade and the grade and remove controls to the student', async () => {
    renderWith(<StudentCourseControls courseUuid="uuid-1" />, false, [courseMock]);
    expect(await screen.findByText(/Course Completed - Grade: B\+/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Course Grade' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove from Plan' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Course Grade' }));
    expect(screen.getByPlaceholderText('Enter your grade (e.g., A, B+)')).toBeTruthy();
  });

  it("says why a course from the school's record cannot be regraded, moved or removed, and offers no such control", async () => {
    // English 9 (entry 2) is on the record in the plan as well: the page and the plan agree.
    const fromRecord = structuredClone(courseMock);
    fromRecord.request.variables.uuid = 'uuid-2';
    Object.assign(fromRecord.result.data.planCourse, { id: 20, uuid: 'uuid-2', courseId: '2401', title: 'English 9' });
    fromRecord.result.data.planCourse.scheduled = { ...fromRecord.result.data.planCourse.scheduled, id: 2, grade: 'A', source: 'record' };
    renderWith(<StudentCourseControls courseUuid="uuid-2" />, false, [fromRecord]);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain("From the school's record.");
    expect(note.textContent).toContain('Ask your counselor if something is wrong.');
    expect(screen.queryByRole('button', { name: 'Edit Course Grade' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove from Plan' })).toBeNull();
  });

  it("renders nothing in a parent's view", async () => {
    // The plan page beside it shows once the session has loaded the student.
    renderWith(
      <>
        <PlanPage />
        <div data-testid="host">
          <StudentCourseControls courseUuid="uuid-1" />
        </div>
      </>,
      true,
      [courseMock],
    );
    expect(await screen.findByRole('heading', { name: 'Sam Lee - Academic Plan' })).toBeTruthy();
    expect(screen.getByTestId('host').textContent).toBe('');
    expect(screen.queryByRole('button', { name: /Edit Course Grade|Remove from Plan|Add to Plan/ })).toBeNull();
  });
});

describe('what-if plan chooser', () => {
  it("offers the official plan and the student's what-if plans, with the student's changes", async () => {
    renderWith(<PlanPage />, false);
    const chooser = await screen.findByRole('combobox', { name: 'Plan' });
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My official plan', 'What-if: Engineering']);
    expect((chooser as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'New what-if plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/plan/compare?left=official&right=3');
  });

  it("lets a parent's view choose and compare but not start what-if plans", async () => {
    renderWith(<PlanPage />, true);
    await screen.findByRole('combobox', { name: 'Plan' });
    expect(screen.queryByRole('button', { name: 'New what-if plan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Compare plans' })).toBeTruthy();
  });
});
