import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RestError } from '../../api/rest';
import type { Stroke } from './consentFlow';
import { SignConsentForm, type SigningText } from './SignConsentForm';

const TEXT: SigningText = { missing: 'Type your name.', notLoaded: 'Not loaded.', alreadySigned: 'Already signed.', failed: 'Signing failed.' };

function renderForm(send: (name: string, strokes: Stroke[]) => Promise<void>, formState = 'admin_signed', ready = true) {
  render(
    <MemoryRouter initialEntries={['/sign']}>
      <Routes>
        <Route path="/sign" element={<SignConsentForm who="student" text={TEXT} formState={formState} ready={ready} signatureId="sig" send={send} next="/done" />} />
        <Route path="/done" element={<p>Signed page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
const typeName = (value: string) => fireEvent.change(screen.getByLabelText('Signature (type your full name)'), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Form' }));

describe('SignConsentForm', () => {
  it('sends the typed name and goes on to the next screen', async () => {
    const send = vi.fn(async () => {});
    renderForm(send);
    typeName('Ana Ruiz');
    submit();
    expect(await screen.findByText('Signed page')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('Ana Ruiz', []);
  });

  it('asks for a name, and sends nothing, when only spaces were typed', () => {
    const send = vi.fn(async () => {});
    renderForm(send);
    typeName('   ');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Type your name.');
    expect(send).not.toHaveBeenCalled();
  });

  it('does not send a form already signed by this signer, nor one not loaded', () => {
    const send = vi.fn(async () => {});
    renderForm(send, 'student_signed');
    typeName('Ana Ruiz');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Already signed.');
    expect(send).not.toHaveBeenCalled();
  });

  it("shows 'already signed' when the server answers 409, and alerts on any other failure", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = vi.fn().mockRejectedValueOnce(new RestError(409, 'conflict')).mockRejectedValueOnce(new RestError(500, 'boom'));
    renderForm(send);
    typeName('Ana Ruiz');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Already signed.'));
    submit();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Signing failed.'));
    expect(screen.queryByText('Signed page')).toBeNull();
    alert.mockRestore();
  });
});
