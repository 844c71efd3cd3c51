/** Forgot Your Password? (platform §2, §8). The answer is the same whether or not the email has an account. */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { RequestPasswordResetDocument } from '../../graphql/generated';
import './accounts.css';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [request, { loading }] = useMutation(RequestPasswordResetDocument);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await request({ variables: { email: email.trim() } });
      setResult({ ok: true, text: 'A password reset link has been sent to your email.' });
    } catch (err) {
      console.error('Reset request failed', err);
      setResult({ ok: false, text: 'There was an issue with your request. Please try again.' });
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit}>
        <h1>Forgot Your Password?</h1>
        <p className="muted">Enter the email of your account and we will send you a link to choose a new password.</p>
        {result && <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role="status">{result.text}</div>}
        <label>Email<input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" /></label>
        <button type="submit" disabled={loading}>Send Reset Link</button>
      </form>
    </main>
  );
}
