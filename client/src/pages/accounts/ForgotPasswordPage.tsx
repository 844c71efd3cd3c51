/** Forgot Your Password? (platform §2, §8). The answer is the same whether or not the email has an account. */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { RequestPasswordResetDocument } from '../../graphql/generated';
import './accounts.css';
import { useT } from '../../i18n';

export default function ForgotPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [request, { loading }] = useMutation(RequestPasswordResetDocument);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await request({ variables: { email: email.trim() } });
      setResult({ ok: true, text: t('accounts.aPasswordResetLinkHasBeen') });
    } catch (err) {
      console.error('Reset request failed', err);
      setResult({ ok: false, text: t('accounts.thereWasAnIssueWithYour') });
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit}>
        <h1>{t('accounts.forgotYourPassword')}</h1>
        <p className="muted">{t('accounts.enterTheEmailOfYourAccount')}</p>
        {result && (
          <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role="status">
            {result.text}
          </div>
        )}
        <label>
          {t('common.email')}
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
        </label>
        <button type="submit" disabled={loading}>
          {t('accounts.sendResetLink')}
        </button>
      </form>
    </main>
  );
}
