import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REASONS } from '@planner/shared';
import { CourseRequestWindowDocument, SetCourseRequestWindowDocument } from '../../graphql/generated';
import { CourseRequestsCard } from './CourseRequestsCard';

const window = (state: string) => ({ __typename: 'CourseRequestWindow', schoolYear: '2027-2028', opensOn: '2027-02-01', closesOn: '2027-03-15', state });
const loaded = (state: string): MockLink.MockedResponse => ({
  request: { query: CourseRequestWindowDocument },
  result: { data: { courseRequestWindow: window(state) } },
});

describe('CourseRequestsCard', () => {
  it('shows the window and says requests are closed once it has closed', async () => {
    render(
      <MockedProvider mocks={[loaded('closed')]}>
        <CourseRequestsCard />
      </MockedProvider>,
    );
    expect(await screen.findByText('Requests closed: they are kept as submitted; only staff change them.')).toBeTruthy();
    expect((screen.getByLabelText('School year (e.g. 2027-2028)') as HTMLInputElement).value).toBe('2027-2028');
    expect((screen.getByLabelText('Closes on') as HTMLInputElement).value).toBe('2027-03-15');
    expect((screen.getByRole('button', { name: 'Download requests (CSV for the SIS)' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's reason when the window is refused", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: SetCourseRequestWindowDocument, variables: { schoolYear: '2027-2028', opensOn: '2027-02-01', closesOn: '2027-01-15' } },
      result: { errors: [new GraphQLError(REASONS.COURSE_REQUEST_DATES_ORDER, { extensions: { code: 'BAD_USER_INPUT', reason: 'COURSE_REQUEST_DATES_ORDER' } })] },
    };
    render(
      <MockedProvider mocks={[loaded('open'), refused]}>
        <CourseRequestsCard />
      </MockedProvider>,
    );
    await screen.findByText("Open: students' planned courses for that year are their requests.");
    fireEvent.change(screen.getByLabelText('Closes on'), { target: { value: '2027-01-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the window' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(REASONS.COURSE_REQUEST_DATES_ORDER));
  });
});
