/** Sign In (platform §2, §4, §8), with the district's single sign-on button when one is configured. */
import { useMutation } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoginDocument } from '../../graphql/generated';
import { errorInfo, serverMessage } from '../../graphql/errors';
import { afterSignInPath } from '../../session/routing';
import { clearSession, reloadTo, setToken } from '../../session/storage';
import './accounts.css';
import { useT } from '../../i18n';
import type { SsoRefusal } from '@planner/shared';
import { exchangeSignInCode, fetchSignInOptions, NO_SSO, readSsoFragment, REFUSAL_MESSAGES, SsoExchangeError, type SignInOptions } from './singleSignOn';

export default function LogInPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { loading }] = useMutation(LoginDocument);
  const [sso, setSso] = useState<SignInOptions>(NO_SSO);
  const [refusal, setRefusal] = useState<SsoRefusal | null>(null);
  const [exchanging, setExchanging] = useState(false);

  useEffect(() => {
    fetchSignInOptions().then(setSso, () => setSso(NO_SSO));
    const back = readSsoFragment(window.location.hash);
    if (!back) return;
    // The code is single-use: take it out of the address (and history) before anything else.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if ('refusal' in back) {
      setRefusal(back.refusal);
      return;
    }
    setExchanging(true);
    exchangeSignInCode(back.code).then(
      ({ token, userType }) => {
        clearSession();
        setToken(token);
        reloadTo(afterSignInPath(userType));
      },
      (err: unknown) => {
        setExchanging(false);
        setRefusal(err instanceof SsoExchangeError ? err.refusal : 'provider_error');
      },
    );
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const { data } = await login({ variables: { email: email.trim(), password } });
      if (!data) throw new Error('No answer');
      clearSession();
      setToken(data.login.token);
      reloadTo(afterSignInPath(data.login.userType));
    } catch (err) {
      console.error('Login failed', err);
      // A refusal that is not about the credentials says so: deactivated, this district's students and
      // staff use the button, or too many failures (wait, or sign in from a device used before).
      const info = errorInfo(err);
      const explained = info.code === 'FORBIDDEN' || info.code === 'RATE_LIMITED';
      window.alert((explained && serverMessage(info)) || t('accounts.loginFailed'));
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit}>
        <h1>{t('common.signIn')}</h1>
        {refusal && (
          <p className="alert alert-danger" role="alert">
            {t(REFUSAL_MESSAGES[refusal])}
          </p>
        )}
        {exchanging && <p role="status">{t('accounts.ssoSigningIn')}</p>}
        {sso.enabled && sso.displayName && (
          <>
            {/* A full page load: the server sends the browser on to the district's provider. */}
            <a className="button sso-button" href="/api/auth/oidc/start/">
              {sso.displayName}
            </a>
            <p className="sso-or">{sso.passwordSignIn === 'parents' ? t('accounts.ssoParentsUsePassword') : t('accounts.ssoOrPassword')}</p>
          </>
        )}
        <label>
          {t('common.email')}
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
        </label>
        <label>
          {t('accounts.password')}
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
        </label>
        <button type="submit" disabled={loading || exchanging}>
          {loading ? t('accounts.signingIn') : t('common.signIn')}
        </button>
        <p className="row">
          <Link to="/sign-up">{t('accounts.signUp')}</Link>
          <Link to="/forgot-password">{t('accounts.forgotPassword')}</Link>
        </p>
      </form>
    </main>
  );
}
