import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RosterImportDocument } from '../../graphql/generated';
import { I18nProvider, setCurrentLocale } from '../../i18n';
import { SessionProvider } from '../../session/SessionProvider';
import { ImportRosterDialog } from './ImportRosterDialog';

// The upload itself (XMLHttpRequest) is replaced: it answers the queued import; the dialog then reads it by GraphQL.
vi.mock('./uploadRoster', async (original) => ({
  ...(await original<typeof import('./uploadRoster')>()),
  uploadRoster: vi.fn(async () => ({ status: 202, body: { id: 'r-1', total_rows: 4, done_rows: 2 } })),
}));

afterEach(() => {
  vi.restoreAllMocks();
  setCurrentLocale('en');
});

const finished = {
  __typename: 'RosterImport',
  id: 'r-1',
  state: 'done',
  totalRows: 4,
  doneRows: 4,
  created: 1,
  updated: 0,
  emailed: 1,
  errors: [
    // The server's English was reworded: the reason code alone picks the text.
    {
      __typename: 'RosterImportIssue',
      line: 3,
      sourcedId: 'S-2',
      email: 'ana@example.org',
      reason: 'ROW_SAME_EMAIL',
      params: { line: '2' },
      message: 'Line 2 has this email too.',
    },
    {
      __typename: 'RosterImportIssue',
      line: 4,
      sourcedId: 'S-3',
      email: 'x@example.org',
      reason: 'SOMETHING_NEW',
      params: null,
      message: 'A reason this client does not know.',
    },
    // A row stored before rows kept their reason: its English alone.
    {
      __typename: 'RosterImportIssue',
      line: 5,
      sourcedId: 'S-4',
      email: 'y@example.org',
      reason: null,
      params: null,
      message: 'The email is not a valid email address.',
    },
  ],
  notices: [
    {
      __typename: 'RosterImportNotice',
      line: 6,
      sourcedId: 'P-1',
      reason: 'ROW_NOT_LINKED',
      params: { ids: 'S-9' },
      message: 'Saved, but not linked to S-9: no student of the school has this sourcedId.',
    },
  ],
  error: null,
  reason: null,
};

/** A Spanish reader uploads a file; the dialog then reads the import as given. */
async function uploadAndRead(rosterImport: object) {
  localStorage.setItem('locale', 'es');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <MockedProvider mocks={[{ request: { query: RosterImportDocument, variables: { id: 'r-1' } }, result: { data: { rosterImport } } }]}>
      <SessionProvider>
        <I18nProvider>
          <ImportRosterDialog onClose={() => {}} onImported={() => {}} />
        </I18nProvider>
      </SessionProvider>
    </MockedProvider>,
  );
  const file = new File(['sourcedId,givenName,familyName,email,grade\n'], 'roster.csv', { type: 'text/csv' });
  fireEvent.change(await screen.findByLabelText('Archivo CSV'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Subir' }));
}

describe('Import roster dialog', () => {
  it('shows a Spanish reader each rejected row and notice in Spanish by its reason, and the English where there is no translation', async () => {
    await uploadAndRead(finished);

    const rejected = await screen.findByRole('table', { name: 'Filas rechazadas' });
    const rows = within(rejected)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', 'S-2', 'ana@example.org', 'El mismo correo electrónico está en la línea 2.'],
      ['4', 'S-3', 'x@example.org', 'A reason this client does not know.'],
      ['5', 'S-4', 'y@example.org', 'The email is not a valid email address.'],
    ]);
    const notices = screen.getByRole('table', { name: 'Guardadas, con un aviso' });
    expect(
      within(notices)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', 'P-1', 'Guardado, pero no vinculado a S-9: ningún estudiante de la escuela tiene este sourcedId.']);
  });

  it("says why a failed import stopped in the reader's language, by the reason code the server stored", async () => {
    const failed = {
      ...finished,
      state: 'failed',
      doneRows: 2,
      errors: [],
      notices: [],
      error: 'The import stopped before the end. Rows already saved are kept; upload the file again to finish it.',
      reason: 'ROSTER_IMPORT_STOPPED',
    };
    await uploadAndRead(failed);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La importación se detuvo antes de terminar. Las filas ya guardadas se conservan; suba el archivo de nuevo para terminarla.');
    expect(screen.queryByText(/The import stopped/)).toBeNull();
  });
});
