import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyApplicationDocument, SaveApplicationDocument } from '../../graphql/generated';
import { SessionProvider } from '../../session/SessionProvider';
import { APPLICATION_STEP_EVENT } from '../../session/storage';
import ApplicationPage from './ApplicationPage';

/** The first render loads the wizard and the shared rules: generous under a busy machine. */
const WAIT = { timeout: 5000 };

const loaded = (applicationStatus: string, formData: { step: number; title: string; data: Record<string, unknown> }[]) => ({
  request: { query: MyApplicationDocument },
  result: {
    data: {
      application: {
        __typename: 'AdmissionApplication',
        id: 7,
        applicationStatus,
        submittedAt: null,
        formData: formData.map((r) => ({ __typename: 'ApplicationStepRecord', ...r })),
      },
    },
  },
});

function renderPage(mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks']) {
  render(
    <MockedProvider mocks={mocks}>
      <SessionProvider>
        <MemoryRouter>
          <ApplicationPage />
        </MemoryRouter>
      </SessionProvider>
    </MockedProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the application wizard', () => {
  it('resumes at the last step with data, merges it, and tells the header', async () => {
    const events = vi.fn();
    window.addEventListener(APPLICATION_STEP_EVENT, events);
    renderPage([
      loaded('in_progress', [
        { step: 1, title: 'Applicant Information', data: { studentFullName: 'Avery' } },
        { step: 4, title: 'Student Educational Background', data: { schoolName: 'Reno MS', schoolDates: '' } },
        { step: 5, title: 'Academic & Personal Interests', data: { hobbies: '' } },
      ]),
    ]);
    expect(await screen.findByRole('heading', { name: '4. Student Educational Background' }, WAIT)).toBeTruthy();
    expect(screen.getByText('Step 4 of 9')).toBeTruthy();
    expect((screen.getByLabelText(/^Current\/Most Recent School/) as HTMLInputElement).value).toBe('Reno MS');
    expect(localStorage.getItem('applicationStep')).toBe('3');
    expect(events).toHaveBeenCalled();
    window.removeEventListener(APPLICATION_STEP_EVENT, events);
  });

  it('starts a submitted application at step 0, read-only', async () => {
    renderPage([loaded('complete', [{ step: 4, title: 'x', data: { schoolName: 'Reno MS' } }])]);
    expect(await screen.findByText(/Your application has been submitted/, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1. Applicant Information' })).toBeTruthy();
    expect(screen.getByLabelText(/^Full Legal Name/).matches(':disabled')).toBe(true);
  });

  it('starts at step 0 when loading fails', async () => {
    localStorage.setItem('applicationStep', '5');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage([{ request: { query: MyApplicationDocument }, error: new Error('offline') }]);
    await waitFor(() => expect(localStorage.getItem('applicationStep')).toBe('0'), WAIT);
    expect(logged).toHaveBeenCalledWith('Failed to load the application', expect.objectContaining({ message: 'offline' }));
    expect(await screen.findByLabelText(/^Full Legal Name/, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1. Applicant Information' })).toBeTruthy();
  });

  it('alerts when a save fails and still moves on', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage([
      loaded('in_progress', [{ step: 5, title: 'Academic & Personal Interests', data: { hobbies: 'Chess' } }]),
      { request: { query: SaveApplicationDocument, variables: () => true }, error: new Error('offline') },
    ]);
    expect(await screen.findByRole('heading', { name: '5. Academic & Personal Interests' }, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to save application. Please check your connection.'), WAIT);
    expect(logged).toHaveBeenCalledWith('Saving the application failed', expect.objectContaining({ message: 'offline' }));
    expect(await screen.findByRole('heading', { name: '6. Additional Information' }, WAIT)).toBeTruthy();
    expect(localStorage.getItem('applicationStep')).toBe('5');
  });

  it('shows the terms box and Submit Application on the last step', async () => {
    renderPage([loaded('in_progress', [{ step: 10, title: 'Signature & Acknowledgment', data: { parentSignature: 'Pat' } }])]);
    expect(await screen.findByRole('heading', { name: '9. Signature & Acknowledgment' }, WAIT)).toBeTruthy();
    const terms = screen.getByRole('region', { name: 'Terms' }).textContent ?? '';
    expect(terms).toContain('Annual tuition is $10,000');
    expect(terms).toContain('6 participating state university campuses');
    expect(terms).toContain('virtual interview');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).type).toBe('date');
  });
});
