/** Reset Password from the emailed link /reset-password/{uidb64}/{token} (platform §2, §4, §5, §8). */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ResetPasswordDocument } from '../../graphql/generated';
import './accounts.css';
import { useT } from '../../i18n';

export const RESET_REDIRECT_DELAY_MS = 1500;

export default function ResetPasswordPage() {
  const t = useT();
  const { uidb64 = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [reset, { loading }] = useMutation(ResetPasswordDocument);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password || !confirm || password !== confirm) return setResult({ ok: false, text: t('accounts.passwordsDonTMatch') });
    try {
      await reset({ variables: { uidb64, token, password } });
      setResult({ ok: true, text: t('accounts.passwordResetSuccessfully') });
      setTimeout(() => navigate('/log-in'), RESET_REDIRECT_DELAY_MS);
    } catch (err) {
      console.error('Password reset failed', err);
      setResult({ ok: false, text: t('accounts.failedToResetPasswordPleaseTry') });
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit}>
        <h1>{t('accounts.resetPassword')}</h1>
        {result && (
          <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role="status">
            {result.text}
          </div>
        )}
        <label>
          {t('accounts.newPassword')}
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" required />
        </label>
        <label>
          {t('accounts.confirmPassword')}
          <input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
        </label>
        <button type="submit" disabled={loading}>
          {t('accounts.resetPassword')}
        </button>
      </form>
    </main>
  );
}
