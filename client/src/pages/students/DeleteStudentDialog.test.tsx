import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { DeleteStudentDocument } from '../../graphql/generated';
import { DeleteStudentDialog } from './DeleteStudentDialog';

describe('Delete student dialog', () => {
  it('asks for confirmation, then deletes and reports', async () => {
    const onDeleted = vi.fn();
    render(
      <MockedProvider mocks={[{ request: { query: DeleteStudentDocument, variables: { id: 7 } }, result: { data: { deleteStudent: true } } }]}>
        <DeleteStudentDialog student={{ id: 7, name: 'Sam Lee' }} onClose={() => {}} onDeleted={onDeleted} />
      </MockedProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete student' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Delete Sam Lee and every record about them? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Sam Lee and every record about them were deleted.'));
  });

  it("shows the server's refusal and closes on Cancel or Escape without deleting", async () => {
    const onClose = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MockedProvider mocks={[{ request: { query: DeleteStudentDocument, variables: { id: 8 } }, result: { errors: [new GraphQLError('Student not found.', { extensions: { code: 'NOT_FOUND' } })] } }]}>
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
