/**
 * Verify Email (/cccapply/confirmation), the demo schools' step: the confirmation code is not
 * checked (spec 3 §4) and the student goes straight on to /cccapply/success.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';

export default function CccConfirmationPage() {
  const t = useT();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    navigate('/cccapply/success');
  }
  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>{t('cccapply.verifyEmail')}</h1>
        <p>{t('cccapply.weSentAConfirmationCodeTo')}</p>
        <label>
          {t('cccapply.confirmationCode')}
          <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" />
        </label>
        <button type="submit">{t('cccapply.verify')}</button>
      </form>
    </main>
  );
}
