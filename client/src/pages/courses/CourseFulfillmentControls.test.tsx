import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddCourseFulfillmentDocument, CourseFulfillmentsDocument, FulfillmentOptionsDocument, RemoveCourseFulfillmentDocument } from '../../graphql/generated';
import { CourseFulfillmentControls } from './CourseFulfillmentControls';

const COURSE_UUID = '11111111-1111-4111-8111-111111111111';
const pathway = { __typename: 'Pathway' as const, id: 1, uuid: 'p-1', name: 'UC Prep', color: 'blue' };
const req = (id: number, name: string) => ({ __typename: 'Requirement' as const, id, uuid: `r-${id}`, name });
const fulfillment = (id: number, name: string, group: string | null = null) => ({
  __typename: 'CourseFulfillment' as const,
  nonDuplicableGroup: group,
  requirement: req(id, name),
  pathway,
});

function listMock(items: ReturnType<typeof fulfillment>[]): MockLink.MockedResponse {
  return { request: { query: CourseFulfillmentsDocument, variables: { courseUuid: COURSE_UUID } }, result: { data: { courseFulfillments: items } } };
}

function renderControls(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <CourseFulfillmentControls courseUuid={COURSE_UUID} courseId={7} />
    </MockedProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('CourseFulfillmentControls', () => {
  it('lists the requirements the course fulfils, naming non-duplicable partners', async () => {
    renderControls([listMock([fulfillment(1, 'English', 'g'), fulfillment(2, 'Elective', 'g'), fulfillment(3, 'Arts')])]);
    expect((await screen.findByText(/UC Prep: English/)).textContent).toBe('UC Prep: English (counts once with Elective)');
    expect(screen.getByText(/UC Prep: Arts/).textContent).toBe('UC Prep: Arts');
  });

  it('alerts when nothing is chosen, confirms, removes and reloads the list', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderControls([
      listMock([fulfillment(1, 'English'), fulfillment(3, 'Arts')]),
      {
        request: { query: RemoveCourseFulfillmentDocument, variables: { courseUuid: COURSE_UUID, requirementUuid: 'r-3' } },
        result: { data: { removeCourseFulfillment: [fulfillment(1, 'English')] } },
      },
      listMock([fulfillment(1, 'English')]),
    ]);
    await screen.findByText('UC Prep: Arts');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Course Fulfillment' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Course Fulfillment' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(alert).toHaveBeenCalledWith('Please select a course to remove.');
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Requirement to remove'), { target: { value: 'r-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to remove this course fulfillment?');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('UC Prep: Arts')).toBeNull());
    expect(screen.getByText('UC Prep: English').textContent).toBe('UC Prep: English');
  });

  it('alerts Failed to remove course fulfillment. when the server refuses', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderControls([
      listMock([fulfillment(3, 'Arts')]),
      {
        request: { query: RemoveCourseFulfillmentDocument, variables: { courseUuid: COURSE_UUID, requirementUuid: 'r-3' } },
        result: { errors: [{ message: 'You can only change pathways of your own school.', extensions: { code: 'FORBIDDEN' } }] as never },
      },
    ]);
    await screen.findByText('UC Prep: Arts');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Course Fulfillment' }));
    fireEvent.change(screen.getByLabelText('Requirement to remove'), { target: { value: 'r-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to remove course fulfillment.'));
    // The dialog stays open so the user can try again.
    expect(screen.queryByRole('dialog', { name: 'Remove Course Fulfillment' })).not.toBeNull();
  });

  it('adds a fulfilment with a non-duplicable requirement, sending the numeric course id', async () => {
    renderControls([
      listMock([]),
      {
        request: { query: FulfillmentOptionsDocument },
        result: {
          data: {
            pathways: {
              __typename: 'PathwayConnection',
              nodes: [
                { ...pathway, canEdit: true, requirements: [req(1, 'English'), req(2, 'Elective')] },
                { __typename: 'Pathway', id: 2, uuid: 'p-2', name: 'Partner Track', canEdit: false, requirements: [req(9, 'Locked')] },
              ],
            },
          },
        },
      },
      {
        request: { query: AddCourseFulfillmentDocument, variables: { courseId: 7, requirementUuid: 'r-1', nonDuplicables: ['r-2'] } },
        result: { data: { addCourseFulfillment: [fulfillment(2, 'Elective', 'g'), fulfillment(1, 'English', 'g')] } },
      },
      listMock([fulfillment(2, 'Elective', 'g'), fulfillment(1, 'English', 'g')]),
    ]);
    await screen.findByText('This course does not fulfill any requirement yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Course Fulfillment' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Course Fulfillment' });
    const select = within(dialog).getByLabelText('Pathway Requirement');
    await waitFor(() => expect(within(select).queryByRole('option', { name: 'UC Prep: English' })).not.toBeNull());
    // Only requirements the user may edit are offered.
    expect(within(select).queryByRole('option', { name: 'Partner Track: Locked' })).toBeNull();
    fireEvent.change(select, { target: { value: 'r-1' } });
    fireEvent.click(within(dialog).getByLabelText('UC Prep: Elective'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Fulfillment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByText(/UC Prep: English/)).textContent).toBe('UC Prep: English (counts once with Elective)');
  });

  it('closes its dialog with Escape and moves focus into it on open', async () => {
    renderControls([listMock([fulfillment(3, 'Arts')])]);
    await screen.findByText('UC Prep: Arts');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Course Fulfillment' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Requirement to remove'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
