import { useQuery } from '@apollo/client/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { DeleteStudentDocument, StudentsDocument } from '../../graphql/generated';
import { DeleteStudentDialog } from './DeleteStudentDialog';

/** The students list the dialog is opened from (its count is enough to see it reloaded). MockedProvider takes one child: hence the fragment. */
function StudentCount() {
  const { data } = useQuery(StudentsDocument, { variables: { first: 50 } });
  return <p>{data ? `${data.students.totalCount} students` : 'loading'}</p>;
}
const students = (totalCount: number) => ({
  request: { query: StudentsDocument, variables: { first: 50 } },
  result: { data: { students: { __typename: 'StudentConnection', totalCount, endCursor: null, hasNextPage: false, nodes: [] } } },
});

describe('Delete student dialog', () => {
  it('asks for confirmation, then deletes, reloads the students list and reports', async () => {
    const onDeleted = vi.fn();
    render(
      <MockedProvider mocks={[students(2), { request: { query: DeleteStudentDocument, variables: { id: 7 } }, result: { data: { deleteStudent: true } } }, students(1)]}>
        <>
          <StudentCount />
          <DeleteStudentDialog student={{ id: 7, name: 'Sam Lee' }} onClose={() => {}} onDeleted={onDeleted} />
        </>
      </MockedProvider>,
    );
    expect(await screen.findByText('2 students')).toBeTruthy();
    const dialog = screen.getByRole('dialog', { name: 'Delete student' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Delete Sam Lee and every record about them? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Sam Lee and every record about them were deleted.'));
    expect(screen.getByText('1 students')).toBeTruthy();
  });

  it("shows the server's refusal and closes on Cancel or Escape without deleting", async () => {
    const onClose = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MockedProvider
        mocks={[
          {
            request: { query: DeleteStudentDocument, variables: { id: 8 } },
            result: { errors: [new GraphQLError('Student not found.', { extensions: { code: 'NOT_FOUND' } })] },
          },
        ]}
      >
        <DeleteStudentDialog student={{ id: 8, name: 'Bo Other' }} onClose={onClose} onDeleted={() => {}} />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Student not found.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
