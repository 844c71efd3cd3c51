/**
 * Apply to Dual School: parent sign-up (admissions §2, §4, §5). The sign-up code that puts the
 * parent in the dual school is configuration (VITE_DUAL_SCHOOL_SIGNUP_CODE at build time, the
 * server's DUAL_SCHOOL_SIGNUP_CODE); it is never shown to the person.
 */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { RegisterDocument } from '../../graphql/generated';
import { clearSession, KEYS, reloadTo, setToken } from '../../session/storage';
import './accounts.css';
import { useT } from '../../i18n';

const DUAL_SIGNUP_CODE = (import.meta.env.VITE_DUAL_SCHOOL_SIGNUP_CODE as string | undefined) || 'DUAL-PARENT';

export default function DualParentSignUpPage() {
  const t = useT();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const [failed, setFailed] = useState(false);
  const [register, { loading }] = useMutation(RegisterDocument);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailed(false);
    if (form.password !== form.confirm) return setMismatch(true);
    setMismatch(false);
    try {
      const { data } = await register({
        variables: {
          input: { signupCode: DUAL_SIGNUP_CODE, email: form.email.trim(), password: form.password, firstName: form.firstName.trim(), lastName: form.lastName.trim() },
        },
      });
      if (!data) throw new Error('No answer');
      clearSession();
      setToken(data.register.token);
      localStorage.setItem(KEYS.applicationStep, '0');
      reloadTo('/application');
    } catch (err) {
      console.error('Dual-school registration failed', err);
      setFailed(true);
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit}>
        <h1>{t('accounts.applyToDualSchool')}</h1>
        <p>
          {t('accounts.alreadyHaveAnAccount')} <Link to="/log-in">{t('common.signIn')}</Link>
        </p>
        {failed && (
          <div className="alert alert-danger" role="alert">
            {t('accounts.registrationFailedPleaseCheckYourInforma')}
          </div>
        )}
        <label>
          {t('common.firstName')}
          <input value={form.firstName} onChange={set('firstName')} required autoComplete="given-name" />
        </label>
        <label>
          {t('common.lastName')}
          <input value={form.lastName} onChange={set('lastName')} required autoComplete="family-name" />
        </label>
        <label>
          {t('common.email')}
          <input type="email" value={form.email} onChange={set('email')} required autoComplete="email" />
        </label>
        <label>
          {t('accounts.password')}
          <input type="password" value={form.password} onChange={set('password')} required autoComplete="new-password" />
        </label>
        <label>
          {t('accounts.confirmPassword')}
          <input type="password" value={form.confirm} onChange={set('confirm')} required autoComplete="new-password" />
        </label>
        {mismatch && (
          <p className="error-text" style={{ color: 'red' }}>
            {t('accounts.passwordsDoNotMatch')}
          </p>
        )}
        <button type="submit" disabled={loading}>
          {t('accounts.createAccount')}
        </button>
      </form>
    </main>
  );
}
