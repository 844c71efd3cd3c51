import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoutDocument } from '../graphql/generated';
import { SignOutButton } from './SignOutButton';
import { beginViewAs, KEYS, reloadTo, setToken } from './storage';

vi.mock('./storage', async (original) => ({ ...(await original<typeof import('./storage')>()), reloadTo: vi.fn() }));

const logoutMock: MockLink.MockedResponse = { request: { query: LogoutDocument }, result: { data: { logout: true } } };

describe('SignOutButton', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(reloadTo).mockClear();
    fetchMock = vi.fn(async () => new Response('{"message":"Signed out."}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("while viewing as a student, also signs out the counselor's own token kept aside, then clears storage", async () => {
    setToken('counselor-own-token');
    beginViewAs('admin', 'student-view-token');
    render(
      <MockedProvider mocks={[logoutMock]}>
        <SignOutButton />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/logout/', { method: 'POST', headers: { Authorization: 'Token counselor-own-token' } });
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    expect(localStorage.getItem(KEYS.adminToken)).toBeNull();
  });

  it('signs out only the current token when not viewing as anyone', async () => {
    setToken('own-token');
    render(
      <MockedProvider mocks={[logoutMock]}>
        <SignOutButton />
      </MockedProvider>,
    );
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEYS.token)).toBeNull();
  });
});
