import { passwordChecks } from '@planner/shared/password';
import { useT } from '../../i18n';

/** The live password-requirements tooltip of the sign-up form. */
export function PasswordRules({ password, firstName, lastName, id }: { password: string; firstName: string; lastName: string; id: string }) {
  const t = useT();
  return (
    <ul id={id} className="password-rules" aria-live="polite">
      {passwordChecks(password, firstName, lastName).map((c) => (
        <li key={c.key} className={c.ok ? 'ok' : 'missing'}>
          <span aria-hidden="true">{c.ok ? '✓' : '✗'}</span> {c.label}
          <span className="sr-only">{c.ok ? t('accounts.met') : t('accounts.notMet')}</span>
        </li>
      ))}
    </ul>
  );
}
