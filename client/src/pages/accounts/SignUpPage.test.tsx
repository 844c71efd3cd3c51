import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RegisterDocument } from '../../graphql/generated';
import SignUpPage from './SignUpPage';

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderPage(mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks'] = []) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <SignUpPage />
      </MemoryRouter>
    </MockedProvider>,
  );
  fill('First Name', 'Riley');
  fill('Last Name', 'Nguyen');
  fill('Email', 'riley@example.org');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

describe('Sign Up', () => {
  it('asks for a sign-up code, then for three characters', async () => {
    renderPage();
    fill(/^Password/, 'Sunrise#2031');
    fill('Confirm Password', 'Sunrise#2031');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a sign-up code.');
    fill('Sign-up Code', ' ab ');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-up code must be at least 3 characters long.');
  });

  it('refuses mismatched and weak passwords before calling the server', async () => {
    renderPage();
    fill('Sign-up Code', 'LINCOLN-STUDENT');
    fill(/^Password/, 'Sunrise#2031');
    fill('Confirm Password', 'Sunrise#2032');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Passwords do not match!');
    fill(/^Password/, 'riley#Abc123');
    fill('Confirm Password', 'riley#Abc123');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Your password does not meet the requirements.');
  });

  it('shows the live password rules', () => {
    renderPage();
    fill(/^Password/, 'abc');
    const rules = screen.getByRole('list');
    expect(rules.textContent).toContain('At least 8 characters (not met)');
    expect(rules.textContent).toContain('A lowercase letter (met)');
  });

  it("maps the server's invalid-code refusal, by its reason, to the catalogue message", async () => {
    renderPage([
      {
        request: {
          query: RegisterDocument,
          variables: { input: { signupCode: 'NOPE', email: 'riley@example.org', password: 'Sunrise#2031', firstName: 'Riley', lastName: 'Nguyen' } },
        },
        result: { errors: [{ message: 'Invalid sign-up code.', extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_SIGNUP_CODE' } }] as never },
      },
    ]);
    fill('Sign-up Code', 'NOPE');
    fill(/^Password/, 'Sunrise#2031');
    fill('Confirm Password', 'Sunrise#2031');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('The sign-up code you entered is not valid. Please check the code and try again.');
  });
});
