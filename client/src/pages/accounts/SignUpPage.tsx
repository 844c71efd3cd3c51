/** Sign Up (platform §2, §4, §5, §8). */
import { useMutation } from '@apollo/client/react';
import { passwordMeetsRules, PASSWORD_RULES_MESSAGE, signupCodeProblem } from '@planner/shared/password';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CreateParentFormDocument, RegisterDocument } from '../../graphql/generated';
import { errorInfo } from '../../graphql/errors';
import { afterSignUpPath } from '../../session/routing';
import { clearSession, reloadTo, setToken } from '../../session/storage';
import { PasswordRules } from './PasswordRules';
import { signUpErrorMessage } from './signUpErrors';
import './accounts.css';
import { translateReason, useT } from '../../i18n';
import { REASONS, type Reason } from '@planner/shared';

/** A rule the page checks before sending, worded as the server would refuse it (translated by its reason). */
const refusal = (reason: Reason) => translateReason({ english: REASONS[reason], reason });

/** The spec reloads 100 ms after sign-up so the new session starts clean. */
export const SIGN_UP_RELOAD_DELAY_MS = 100;

export default function SignUpPage() {
  const t = useT();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirm: '', signupCode: '' });
  const [error, setError] = useState('');
  const [showRules, setShowRules] = useState(false);
  const [register, { loading }] = useMutation(RegisterDocument);
  const [createParentForm] = useMutation(CreateParentFormDocument);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const codeProblem = signupCodeProblem(form.signupCode);
    if (codeProblem) return setError(refusal(codeProblem));
    if (form.password !== form.confirm) return setError(t('accounts.passwordsDoNotMatchSignUp'));
    if (!passwordMeetsRules(form.password, form.firstName, form.lastName)) return setError(refusal(PASSWORD_RULES_MESSAGE));
    try {
      const { data } = await register({
        variables: {
          input: {
            signupCode: form.signupCode.trim(),
            email: form.email.trim(),
            password: form.password,
            firstName: form.firstName.trim(),
            lastName: form.lastName.trim(),
          },
        },
      });
      if (!data) throw new Error('No answer');
      clearSession();
      setToken(data.register.token);
      // Students get a parent consent form; for others the server says no, which is only logged.
      try {
        await createParentForm();
      } catch (err) {
        console.error('Parent consent form was not created', err);
      }
      const path = afterSignUpPath(data.register.userType);
      setTimeout(() => reloadTo(path), SIGN_UP_RELOAD_DELAY_MS);
    } catch (err) {
      setError(signUpErrorMessage(t, errorInfo(err)));
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack auth-form" onSubmit={submit} noValidate>
        <h1>{t('accounts.signUp')}</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            <span>{error}</span>
            <button type="button" aria-label={t('common.dismiss')} onClick={() => setError('')}>
              ×
            </button>
          </div>
        )}
        <label>
          {t('common.firstName')}
          <input value={form.firstName} onChange={set('firstName')} autoComplete="given-name" required />
        </label>
        <label>
          {t('common.lastName')}
          <input value={form.lastName} onChange={set('lastName')} autoComplete="family-name" required />
        </label>
        <label>
          {t('common.email')}
          <input type="email" value={form.email} onChange={set('email')} autoComplete="email" required />
        </label>
        {/* The rules sit beside the label, not inside it, so the field's name stays "Password". */}
        <div className="tooltip-anchor">
          <label>
            {t('accounts.password')}
            <input
              type="password"
              value={form.password}
              onChange={set('password')}
              onFocus={() => setShowRules(true)}
              onBlur={() => setShowRules(false)}
              autoComplete="new-password"
              aria-describedby="password-rules"
              required
            />
          </label>
          {(showRules || form.password.length > 0) && (
            <div className="tooltip" role="tooltip">
              <PasswordRules id="password-rules" password={form.password} firstName={form.firstName} lastName={form.lastName} />
            </div>
          )}
        </div>
        <label>
          {t('accounts.confirmPassword')}
          <input type="password" value={form.confirm} onChange={set('confirm')} autoComplete="new-password" required />
        </label>
        <label>
          {t('accounts.signUpCode')}
          <input value={form.signupCode} onChange={set('signupCode')} autoComplete="off" required />
        </label>
        <button type="submit" disabled={loading}>
          {loading ? t('accounts.signingUp') : t('accounts.signUp')}
        </button>
        <p>
          {t('accounts.alreadyHaveAnAccount')} <Link to="/log-in">{t('common.signIn')}</Link>
        </p>
      </form>
    </main>
  );
}
