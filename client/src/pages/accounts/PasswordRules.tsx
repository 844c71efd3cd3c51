import { passwordChecks } from '@rules/password';

/** The live password-requirements tooltip of the sign-up form. */
export function PasswordRules({ password, firstName, lastName, id }: { password: string; firstName: string; lastName: string; id: string }) {
  return (
    <ul id={id} className="password-rules" aria-live="polite">
      {passwordChecks(password, firstName, lastName).map((c) => (
        <li key={c.key} className={c.ok ? 'ok' : 'missing'}>
          <span aria-hidden="true">{c.ok ? '✓' : '✗'}</span> {c.label}
          <span className="sr-only">{c.ok ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
