/** Sign In (platform §2, §4, §8). */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoginDocument } from '../../graphql/generated';
import { afterSignInPath } from '../../session/routing';
import { clearSession, reloadTo, setToken } from '../../session/storage';
import './accounts.css';

export const LOGIN_FAILED = 'Login failed! Please check your credentials and try again.';

export default function LogInPage() {
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
      window.alert(LOGIN_FAILED);
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit}>
        <h1>Sign In</h1>
        <label>Email<input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required /></label>
        <label>Password<input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required /></label>
        <button type="submit" disabled={loading}>{loading ? 'Signing in...' : 'Sign In'}</button>
        <p className="row">
          <Link to="/sign-up">Sign Up</Link>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      </form>
    </main>
  );
}
