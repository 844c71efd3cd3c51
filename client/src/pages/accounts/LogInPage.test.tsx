import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { LoginDocument } from '../../graphql/generated';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as storage from '../../session/storage';
import LogInPage from './LogInPage';
import { readSsoFragment } from './singleSignOn';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
const fetchMock = vi.fn(async (url: string) => {
  const a = answers[url] ?? { status: 404, body: { error: 'Not found.' } };
  return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
});

beforeEach(() => {
  answers = { '/api/auth/oidc/': { status: 200, body: { enabled: false, display_name: null, password_sign_in: 'all' } } };
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function renderAt(hash = '', mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks'] = []) {
  window.history.replaceState(null, '', `/log-in${hash}`);
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <LogInPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('Sign In with the district provider', () => {
  it('shows no district button when none is configured', async () => {
    renderAt();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/oidc/'));
    expect(screen.queryByRole('link', { name: /Lincoln/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("shows the button with the configured text, leading to the server's start route", async () => {
    answers['/api/auth/oidc/'] = { status: 200, body: { enabled: true, display_name: 'Sign in with Lincoln USD', password_sign_in: 'parents' } };
    renderAt();
    const button = await screen.findByRole('link', { name: 'Sign in with Lincoln USD' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/start/');
    expect(screen.getByText('Parents: sign in with your email and password')).toBeTruthy();
  });

  it('explains each refusal the server sends back, and clears the address', async () => {
    renderAt('#sso_error=no_account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No account here uses the email address of your district account. Ask your school to add you, or sign in with the email address your school has.',
    );
    expect(window.location.hash).toBe('');
  });

  it('exchanges the one-time code, keeps the token, removes the code from the address and goes on as after a password sign-in', async () => {
    answers['/api/auth/oidc/exchange/'] = { status: 200, body: { token: 'session-token-1', user_type: 2 } };
    const reload = vi.spyOn(storage, 'reloadTo').mockImplementation(() => {});
    renderAt('#sso_code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(window.location.hash).toBe('');
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/courses'));
    expect(storage.getToken()).toBe('session-token-1');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/oidc/exchange/') as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ code: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' });
  });

  it('says the sign-in expired when the code was already used', async () => {
    answers['/api/auth/oidc/exchange/'] = { status: 400, body: { error: 'This sign-in has expired or was already used. Please sign in again.' } };
    renderAt('#sso_code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in took too long or was already used. Please start again.');
  });

  it('tells a student whose district requires the button why the password was refused', async () => {
    const message = 'Students and staff sign in with the district button on this page, not with a password.';
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('', [
      {
        request: { query: LoginDocument, variables: { email: 'sam@lincoln.example', password: 'Planner#2026' } },
        result: { errors: [new GraphQLError(message, { extensions: { code: 'FORBIDDEN', reason: 'PASSWORD_SIGN_IN_PARENTS_ONLY' } })] },
      },
    ]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@lincoln.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Planner#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
  });

  it('tells someone refused for failures made elsewhere how to get in: a device used before, or a reset', async () => {
    const message =
      'Too many failed sign-ins to this account from other devices. Sign in from a device you have used before, or reset your password by email: the device you reset it on will then be recognized.';
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('', [
      {
        request: { query: LoginDocument, variables: { email: 'sam@lincoln.example', password: 'Planner#2026' } },
        result: { errors: [new GraphQLError(message, { extensions: { code: 'RATE_LIMITED', reason: 'SIGN_IN_NEW_DEVICE_PAUSED', retryAfter: 600 } })] },
      },
    ]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@lincoln.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Planner#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
  });

  it('reads only its own fragment: an unknown refusal is a provider error, other fragments are ignored', () => {
    expect(readSsoFragment('#sso_error=something_new')).toEqual({ refusal: 'provider_error' });
    expect(readSsoFragment('#sso_error=deactivated')).toEqual({ refusal: 'deactivated' });
    expect(readSsoFragment('#section-2')).toBeNull();
    expect(readSsoFragment('#sso_code=short')).toBeNull();
  });
});
