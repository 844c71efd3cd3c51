import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import DualParentSignUpPage from './DualParentSignUpPage';

function renderPage() {
  render(
    <MockedProvider mocks={[]}>
      <MemoryRouter><DualParentSignUpPage /></MemoryRouter>
    </MockedProvider>,
  );
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('First Name', 'Jamie');
  fill('Last Name', 'Rivers');
  fill('Email', 'jamie@example.org');
  fill('Password', 'Harbor#2031');
  return fill;
}

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

  it('shows the registration failure message when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fill = renderPage();
    fill('Confirm Password', 'Harbor#2031');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed! Please check your information and try again.')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
