import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddTermDocument, DeleteTermDocument } from '../../graphql/generated';
import { I18nProvider, loadCatalogue, setCurrentLocale } from '../../i18n';
import { SessionProvider } from '../../session/SessionProvider';
import type { PlanTermData } from './planMoves';
import { AddTermDialog, EditTermDialog } from './TermDialogs';

afterEach(() => {
  vi.restoreAllMocks();
  setCurrentLocale('en');
});

const emptyTerm = { term: 1, label: 'Summer 2027', position: 2, courses: [] } as unknown as PlanTermData;

describe('Term dialogs show the server answer', () => {
  it("shows the server's validation message when it refuses a label", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const label = 'x'.repeat(60);
    render(
      <MockedProvider
        mocks={[
          {
            request: { query: AddTermDocument, variables: { label, whatIfPlanId: null } },
            result: { errors: [new GraphQLError('A term label is at most 40 characters.', { extensions: { code: 'BAD_USER_INPUT' } })] },
          },
        ]}
      >
        <AddTermDialog onClose={() => {}} />
      </MockedProvider>,
    );
    fireEvent.change(screen.getByLabelText('Enter Label'), { target: { value: label } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A term label is at most 40 characters.'));
  });

  it("shows the server's reason when it refuses to delete a term, a generic line when it gives none", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const request = { query: DeleteTermDocument, variables: { position: 2, whatIfPlanId: null } };
    render(
      <MockedProvider
        mocks={[
          { request, result: { errors: [new GraphQLError('Cannot delete a term that has courses.', { extensions: { code: 'CONFLICT' } })] } },
          { request, result: { errors: [new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] } },
        ]}
      >
        <EditTermDialog term={emptyTerm} count={3} onClose={() => {}} />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Term' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Cannot delete a term that has courses.'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Term' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error deleting the term.'));
  });

  it('refuses a blank label before asking the server, with the catalogue text', () => {
    render(
      <MockedProvider mocks={[]}>
        <AddTermDialog onClose={() => {}} />
      </MockedProvider>,
    );
    fireEvent.change(screen.getByLabelText('Enter Label'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a label.');
  });

  it.each([
    ['es', 'No se puede eliminar un período que tiene cursos.'],
    ['vi', 'Không thể xóa học kỳ đang có môn học.'],
  ] as const)('shows a %s reader the refusal translated by its reason, whatever its English says', async (locale, translated) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await loadCatalogue(locale);
    localStorage.setItem('locale', locale);
    // The server's English was reworded: the reason code alone picks the text.
    const refusal = new GraphQLError('A term with courses in it cannot be deleted.', { extensions: { code: 'CONFLICT', reason: 'TERM_HAS_COURSES' } });
    render(
      <MockedProvider mocks={[{ request: { query: DeleteTermDocument, variables: { position: 2, whatIfPlanId: null } }, result: { errors: [refusal] } }]}>
        <SessionProvider>
          <I18nProvider>
            <EditTermDialog term={emptyTerm} count={3} onClose={() => {}} />
          </I18nProvider>
        </SessionProvider>
      </MockedProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: locale === 'es' ? 'Eliminar período' : 'Xóa học kỳ' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(translated));
  });
});
