/** Sign In (platform §2, §4, §8). */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoginDocument } from '../../graphql/generated';
import { afterSignInPath } from '../../session/routing';
import { clearSession, reloadTo, setToken } from '../../session/storage';
import './accounts.css';
import { useT } from '../../i18n';

export const LOGIN_FAILED = 'Login failed! Please check your credentials and try again.';

export default function LogInPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { loading }] = useMutation(LoginDocument);

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
      window.alert(t.text(LOGIN_FAILED));
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit}>
        <h1>{t('common.signIn')}</h1>
        <label>{t('common.email')}<input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required /></label>
        <label>{t('accounts.password')}<input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required /></label>
        <button type="submit" disabled={loading}>{loading ? t('accounts.signingIn') : t('common.signIn')}</button>
        <p className="row">
          <Link to="/sign-up">{t('accounts.signUp')}</Link>
          <Link to="/forgot-password">{t('accounts.forgotPassword')}</Link>
        </p>
      </form>
    </main>
  );
}
