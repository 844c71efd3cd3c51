/** The language switch: anonymous visitors keep it in localStorage; signed-in people save it with updateLocale. */
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CurrentUserDocument, UpdateLocaleDocument } from '../graphql/generated';
import { PublicHeader } from '../layout/PublicHeader';
import NotFoundPage from '../pages/NotFoundPage';
import { SessionProvider } from '../session/SessionProvider';
import { useSession } from '../session/context';
import { I18nProvider } from '.';
import { LanguageSwitch } from './LanguageSwitch';

function renderWith(mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks'], ui: React.ReactNode) {
  return render(
    <MockedProvider mocks={mocks}>
      <SessionProvider>
        <I18nProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </I18nProvider>
      </SessionProvider>
    </MockedProvider>,
  );
}

function SignedInAs() {
  const { user } = useSession();
  return <p>{user ? `${user.firstName} ${user.lastName}` : ''}</p>;
}

const user = {
  __typename: 'CurrentUser' as const,
  id: 7,
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.com',
  userType: 'Parent' as const,
  applicationStatus: null,
  grade: null,
  dob: null,
  parentCode: null,
  dualSchoolEnabled: false,
  school: null,
  viewingAs: null,
};

describe('LanguageSwitch', () => {
  it('switches the public header to Spanish for an anonymous visitor and remembers it in localStorage', async () => {
    renderWith([], <PublicHeader />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch the language to Español' }));
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Preguntas frecuentes' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar el idioma a English' }));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('en');
  });

  it('offers all four languages, each in its own name and marked with its lang', () => {
    renderWith([], <LanguageSwitch />);
    const group = screen.getByRole('group', { name: 'Language' });
    const offered = [...group.querySelectorAll('button')].map((b) => [b.textContent, b.lang]);
    expect(offered).toEqual([
      ['Español', 'es'],
      ['Tiếng Việt', 'vi'],
      ['中文', 'zh'],
    ]);
    expect(document.documentElement.lang).toBe('en');
  });

  // Loads two catalogues with their compiled messages: more than the default 5 s on a busy machine.
  it('switches a page to Vietnamese, then to Chinese: the heading, the header and the document language follow', { timeout: 15000 }, async () => {
    renderWith(
      [],
      <>
        <PublicHeader />
        <NotFoundPage />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Switch the language to Tiếng Việt' })[0]);
    // The first switch to a language loads its catalogue (a module and its compiled messages).
    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy trang' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi');
    expect(localStorage.getItem('locale')).toBe('vi');

    fireEvent.click(screen.getAllByRole('button', { name: 'Chuyển ngôn ngữ sang 中文' })[0]);
    expect(await screen.findByRole('heading', { level: 1, name: '未找到页面' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh');
    // The way back is offered in each language's own name.
    expect(screen.getAllByRole('button', { name: '将语言切换为 English' })[0].textContent).toBe('English');
  });

  it("shows the signed-in person's saved language and saves a change with updateLocale", async () => {
    localStorage.setItem('token', 'abc');
    let saved = '';
    let reloaded = false;
    const mocks = [
      { request: { query: CurrentUserDocument }, result: { data: { currentUser: { ...user, locale: 'es' } } } },
      {
        request: { query: UpdateLocaleDocument, variables: { locale: 'en' } },
        result: () => {
          saved = 'en';
          return { data: { updateLocale: 'en' } };
        },
      },
      {
        request: { query: CurrentUserDocument },
        result: () => {
          reloaded = true;
          return { data: { currentUser: { ...user, locale: 'en' } } };
        },
      },
    ];
    renderWith(mocks, <LanguageSwitch />);
    const toEnglish = await screen.findByRole('button', { name: 'Cambiar el idioma a English' });
    fireEvent.click(toEnglish);
    await waitFor(() => expect(saved).toBe('en'));
    // The session is read again, so the account's language is the one saved.
    await waitFor(() => expect(reloaded).toBe(true));
    expect(await screen.findByRole('button', { name: 'Switch the language to Español' })).toBeTruthy();
  });

  it('saves Vietnamese on the account of a signed-in parent', async () => {
    localStorage.setItem('token', 'abc');
    let saved = '';
    const mocks = [
      { request: { query: CurrentUserDocument }, result: { data: { currentUser: { ...user, locale: 'en' } } } },
      {
        request: { query: UpdateLocaleDocument, variables: { locale: 'vi' } },
        result: () => {
          saved = 'vi';
          return { data: { updateLocale: 'vi' } };
        },
      },
      { request: { query: CurrentUserDocument }, result: { data: { currentUser: { ...user, locale: 'vi' } } } },
    ];
    renderWith(
      mocks,
      <>
        <SignedInAs />
        <LanguageSwitch />
      </>,
    );
    // The choice is saved once the session knows who is signed in.
    await screen.findByText('Ana Ruiz');
    fireEvent.click(screen.getByRole('button', { name: 'Switch the language to Tiếng Việt' }));
    await waitFor(() => expect(saved).toBe('vi'));
    expect(await screen.findByRole('button', { name: 'Chuyển ngôn ngữ sang English' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi');
  });
});
