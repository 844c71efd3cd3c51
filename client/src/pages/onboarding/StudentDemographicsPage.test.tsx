import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SaveStudentDemographicsDocument } from '../../graphql/generated';
import { SessionProvider } from '../../session/SessionProvider';
import StudentDemographicsPage from './StudentDemographicsPage';

const input = {
  citizenshipStatus: 'Non US Citizen', fosterCare: 'no', fosterCareAge: null, homelessness: 'yes', gender: 'decline',
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

const choose = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillAll() {
  choose('Citizenship Status', 'Non US Citizen');
  choose('Have you ever been in foster care?', 'no');
  choose(/last 24 months/, 'yes');
  choose('Gender', 'decline');
  fireEvent.click(screen.getByLabelText('White'));
  fireEvent.click(screen.getByLabelText('Hispanic or Latino'));
}

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
    renderPage([{ request: { query: SaveStudentDemographicsDocument, variables: { input } }, result: { data: { saveStudentDemographics: { __typename: 'StudentDemographics', fosterCare: 'no' } } } }]);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Plan page')).toBeTruthy();
  });

  it("alerts 'An error occurred. Please try again.' when saving fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderPage([{ request: { query: SaveStudentDemographicsDocument, variables: { input } }, error: new Error('offline') }]);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An error occurred. Please try again.'));
    expect(screen.queryByText('Plan page')).toBeNull();
  });
});
