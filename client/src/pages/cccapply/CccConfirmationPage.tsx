/**
 * Verify Email (/cccapply/confirmation), the demo schools' step: the confirmation code is not
 * checked (spec 3 §4) and the student goes straight on to /cccapply/success.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export default function CccConfirmationPage() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    navigate('/cccapply/success');
  }
  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>Verify Email</h1>
        <p>We sent a confirmation code to your email address. Enter it below to confirm your community college application.</p>
        <label>Confirmation Code<input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" /></label>
        <button type="submit">Verify</button>
      </form>
    </main>
  );
}
