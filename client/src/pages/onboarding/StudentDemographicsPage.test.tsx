import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserDocument, SaveStudentDemographicsDocument } from '../../graphql/generated';
import { SessionProvider } from '../../session/SessionProvider';
import StudentDemographicsPage from './StudentDemographicsPage';

const input = {
  citizenshipStatus: 'Non US Citizen',
  fosterCare: 'no',
  fosterCareAge: null,
  homelessness: 'yes',
  gender: 'decline',
  raceEthnicity: ['Hispanic or Latino', 'White'],
};

function renderPage(mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks']) {
  render(
    <MockedProvider mocks={mocks}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/student-demographics']}>
          <Routes>
            <Route path="/student-demographics" element={<StudentDemographicsPage />} />
            <Route path="/plan" element={<p>Plan page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </MockedProvider>,
  );
}

// A signed-in student who has not joined a school yet (the session loads it, and again after saving).
const studentWithoutSchool = {
  request: { query: CurrentUserDocument },
  result: {
    data: {
      currentUser: {
        __typename: 'CurrentUser',
        id: 7,
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'sam@example.org',
        userType: 'Student',
        applicationStatus: null,
        grade: '10',
        dob: null,
        parentCode: null,
        dualSchoolEnabled: false,
        school: null,
        viewingAs: null,
        locale: 'en',
      },
    },
  },
};

const choose = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillAll() {
  choose('Citizenship Status', 'Non US Citizen');
  choose('Have you ever been in foster care?', 'no');
  choose(/last 24 months/, 'yes');
  choose('Gender', 'decline');
  fireEvent.click(screen.getByLabelText('White'));
  fireEvent.click(screen.getByLabelText('Hispanic or Latino'));
}

afterEach(() => vi.restoreAllMocks());

describe('Student demographics', () => {
  it('asks the foster-care age only when foster care is yes, and requires it then', () => {
    renderPage([]);
    expect(screen.queryByLabelText('When were you in foster care?')).toBeNull();
    choose('Have you ever been in foster care?', 'yes');
    const age = screen.getByLabelText('When were you in foster care?') as HTMLSelectElement;
    expect(age.required).toBe(true);
    expect([...age.options].map((o) => o.value)).toEqual(['', 'current', 'after13', 'before13', 'unknown']);
    choose('Have you ever been in foster care?', 'no');
    expect(screen.queryByLabelText('When were you in foster care?')).toBeNull();
  });

  it('sends the answers with the race/ethnicity list in the form order, then goes on (no school: the plan)', async () => {
    localStorage.setItem('token', 't');
    renderPage([
      studentWithoutSchool,
      {
        request: { query: SaveStudentDemographicsDocument, variables: { input } },
        result: { data: { saveStudentDemographics: { __typename: 'StudentDemographics', fosterCare: 'no' } } },
      },
      studentWithoutSchool,
    ]);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Plan page')).toBeTruthy();
  });

  it("alerts 'An error occurred. Please try again.' when saving fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage([{ request: { query: SaveStudentDemographicsDocument, variables: { input } }, error: new Error('offline') }]);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An error occurred. Please try again.'));
    expect(logged).toHaveBeenCalledWith('Saving demographics failed', expect.objectContaining({ message: 'offline' }));
    expect(screen.queryByText('Plan page')).toBeNull();
  });
});
