import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JoinSchoolDocument, SchoolsDocument } from '../../graphql/generated';
import { SessionProvider } from '../../session/SessionProvider';
import * as storage from '../../session/storage';
import CreateSchoolPage from './CreateSchoolPage';
import JoinSchoolPage from './JoinSchoolPage';

const school = {
  __typename: 'School',
  id: '1',
  uuid: 'school-1',
  name: 'Lincoln High',
  schoolType: 'HS',
  location: 'CA',
  primaryColor: null,
  dualSchoolEnabled: false,
  fourYearPlanEnabled: true,
  baselinePlansEnabled: false,
  hsFullAccessEnabled: false,
  cccApplyEnabled: false,
  parentFormEnabled: false,
  cccDemoEnabled: false,
  planApprovalEnabled: false,
};
const schools = { request: { query: SchoolsDocument }, result: { data: { schools: [school] } } };
const joined = { request: { query: JoinSchoolDocument, variables: { uuid: 'school-1' } }, result: { data: { joinSchool: school } } };

function renderPage(page: React.ReactNode, mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks']) {
  render(
    <MockedProvider mocks={mocks}>
      <SessionProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </SessionProvider>
    </MockedProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Joining a school (both onboarding pages)', () => {
  for (const [name, page] of [
    ['the student page', <JoinSchoolPage />],
    ['the staff page', <CreateSchoolPage />],
  ] as const) {
    it(`on ${name}: asks for a school first, then joins the one picked and goes to /courses`, async () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      const reloadTo = vi.spyOn(storage, 'reloadTo').mockImplementation(() => {});
      renderPage(page, [schools, joined]);
      fireEvent.click(screen.getByRole('button', { name: 'Join School' }));
      expect(alert).toHaveBeenCalledWith('Please select a school.');
      fireEvent.click(await screen.findByRole('option', { name: /Lincoln High/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Join School' }));
      await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/courses'));
    });
  }

  it('alerts when joining fails, and stays on the page', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reloadTo = vi.spyOn(storage, 'reloadTo').mockImplementation(() => {});
    renderPage(<JoinSchoolPage />, [schools, { request: joined.request, error: new Error('network down') }]);
    fireEvent.click(await screen.findByRole('option', { name: /Lincoln High/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Join School' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to join school. Please try again.'));
    expect(reloadTo).not.toHaveBeenCalled();
  });
});
