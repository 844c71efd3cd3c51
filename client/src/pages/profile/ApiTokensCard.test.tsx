import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiTokensDocument, CreateApiTokenDocument } from '../../graphql/generated';
import { ApiTokensCard } from './ApiTokensCard';

describe('ApiTokensCard', () => {
  it('creates a token and shows it once, then lists it by name and last four characters', async () => {
    const listed = (tokens: unknown[]): MockLink.MockedResponse => ({ request: { query: ApiTokensDocument }, result: { data: { apiTokens: tokens } } });
    const token = {
      __typename: 'ApiToken',
      id: 't1',
      name: 'Nightly sync',
      lastFour: 'wxyz',
      createdAt: '2026-11-01T00:00:00Z',
      expiresAt: '2027-01-30T00:00:00Z',
      lastUsedAt: null,
      expired: false,
    };
    render(
      <MockedProvider
        mocks={[
          listed([]),
          {
            request: { query: CreateApiTokenDocument, variables: { name: 'Nightly sync', expiresInDays: 90 } },
            result: {
              data: {
                createApiToken: {
                  __typename: 'CreatedApiToken',
                  token: 'secret-abcdwxyz',
                  apiToken: { __typename: 'ApiToken', id: 't1', name: 'Nightly sync', lastFour: 'wxyz' },
                },
              },
            },
          },
          listed([token]),
        ]}
      >
        <MemoryRouter>
          <ApiTokensCard />
        </MemoryRouter>
      </MockedProvider>,
    );
    expect(await screen.findByText('You have no API tokens.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Nightly sync' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    expect((await screen.findByLabelText('New API token')).textContent).toBe('secret-abcdwxyz');
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('…wxyz')).toBeTruthy());
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke Nightly sync' })).toBeTruthy();
  });
});
