import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPreferenceDocument, UpdateContactPreferenceDocument } from '../../graphql/generated';
import { I18nProvider, loadCatalogue, setCurrentLocale } from '../../i18n';
import { SessionProvider } from '../../session/SessionProvider';
import { ContactPreferenceCard } from './ContactPreferenceCard';

afterEach(() => {
  vi.restoreAllMocks();
  setCurrentLocale('en');
});

const me = (contactPreference: string, phone: string | null) => ({ __typename: 'CurrentUser', id: 7, contactPreference, phone });
const loaded = (contactPreference: string, phone: string | null): MockLink.MockedResponse => ({
  request: { query: ContactPreferenceDocument },
  result: { data: { currentUser: me(contactPreference, phone) } },
});
const saving = (variables: { contactPreference: string; phone: string | null }, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: UpdateContactPreferenceDocument, variables },
  result,
});
const refusal = (message: string, reason: string) => ({ errors: [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', reason } })] });

const renderCard = (mocks: MockLink.MockedResponse[], wrap: (n: ReactNode) => ReactNode = (n) => n) =>
  render(<MockedProvider mocks={mocks}>{wrap(<ContactPreferenceCard />)}</MockedProvider>);

describe('ContactPreferenceCard', () => {
  it('shows the saved choice, and saves text messages with the phone typed', async () => {
    renderCard([loaded('email', null), saving({ contactPreference: 'sms', phone: '(555) 123-4567' }, { data: { updateContactPreference: me('sms', '5551234567') } })]);
    expect(screen.getByRole('heading', { name: 'How we contact you' })).toBeTruthy();
    const email = await screen.findByRole('radio', { name: 'Email' });
    expect((email as HTMLInputElement).checked).toBe(true);
    const phone = screen.getByRole('textbox', { name: 'Mobile phone number' }) as HTMLInputElement;
    expect(phone.type).toBe('tel');
    expect(phone.autocomplete).toBe('tel');
    expect(phone.value).toBe('');

    fireEvent.click(screen.getByRole('radio', { name: 'Text message' }));
    fireEvent.change(phone, { target: { value: '(555) 123-4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved. We will tell you by text message.');
    expect(phone.value).toBe('5551234567');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of texts without a phone", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCard([
      loaded('email', null),
      saving({ contactPreference: 'sms', phone: null }, refusal('Please enter a mobile phone number to get text messages.', 'SMS_PHONE_REQUIRED')),
    ]);
    fireEvent.click(await screen.findByRole('radio', { name: 'Text message' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a mobile phone number to get text messages.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a Spanish reader the refusal in Spanish, by its reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadCatalogue('es');
    localStorage.setItem('locale', 'es');
    renderCard(
      [
        loaded('sms', '5551234567'),
        saving({ contactPreference: 'sms', phone: '123' }, refusal('Please enter a valid mobile phone number (10 to 15 digits).', 'PHONE_INVALID')),
      ],
      (n) => (
        <SessionProvider>
          <I18nProvider>{n}</I18nProvider>
        </SessionProvider>
      ),
    );
    const phone = await screen.findByRole('textbox', { name: 'Número de teléfono celular' });
    expect((phone as HTMLInputElement).value).toBe('5551234567');
    expect((screen.getByRole('radio', { name: 'Mensaje de texto' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(phone, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Escriba un número de teléfono celular válido (de 10 a 15 dígitos).'));
  });
});
