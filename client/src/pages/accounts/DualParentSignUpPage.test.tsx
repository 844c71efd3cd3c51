import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterDocument } from '../../graphql/generated';
import DualParentSignUpPage from './DualParentSignUpPage';

function renderPage(mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks'] = []) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <DualParentSignUpPage />
      </MemoryRouter>
    </MockedProvider>,
  );
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('First Name', 'Jamie');
  fill('Last Name', 'Rivers');
  fill('Email', 'jamie@example.org');
  fill('Password', 'Harbor#2031');
  return fill;
}

afterEach(() => vi.restoreAllMocks());

describe('Apply to Dual School', () => {
  it('has the five required fields, a Sign In link and never shows the sign-up code', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Apply to Dual School' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/log-in');
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    }
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect(document.body.textContent).not.toContain('DUAL-PARENT');
  });

  it('says the passwords do not match, in red, without calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const fill = renderPage();
    fill('Confirm Password', 'Harbor#2032');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const message = await screen.findByText('Passwords do not match.');
    expect(message.style.color).toBe('red');
    expect(screen.queryByText(/Registration failed/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('sends the dual-school code and shows the registration failure message when the server refuses', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fill = renderPage([
      {
        request: {
          query: RegisterDocument,
          variables: { input: { signupCode: 'DUAL-PARENT', email: 'jamie@example.org', password: 'Harbor#2031', firstName: 'Jamie', lastName: 'Rivers' } },
        },
        result: { errors: [{ message: 'An account with this email already exists.', extensions: { code: 'BAD_USER_INPUT' } }] },
      },
    ]);
    fill('Confirm Password', 'Harbor#2031');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed! Please check your information and try again.')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Dual-school registration failed', expect.objectContaining({ message: 'An account with this email already exists.' }));
  });
});
