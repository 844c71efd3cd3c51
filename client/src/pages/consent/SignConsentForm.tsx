/**
 * The signing part of both consent screens (spec 3 §5): the typed full name, the optional drawn
 * signature, the checks before sending (a name, a loaded form, not signed yet), the send, and what a
 * refusal shows (409: already signed). The student's screen and the parent's differ only in who signs,
 * where the signature goes and the fields around it (the parent's printed name and date).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { RestError } from '../../api/rest';
import { alreadySigned, type Stroke } from './consentFlow';
import { SignaturePad } from './SignaturePad';
import { useT } from '../../i18n';

/** The screen's messages, from the consent rules' CONSENT_TEXT (each screen has its own wording). */
export interface SigningText {
  missing: string;
  notLoaded: string;
  alreadySigned: string;
  failed: string;
}

export function SignConsentForm({
  who,
  text,
  formState,
  ready,
  signatureId,
  signatureAutoComplete,
  send,
  next,
  before,
  after,
}: {
  who: 'student' | 'parent';
  text: SigningText;
  /** The form's state as loaded (admin_signed, student_signed, ...). */
  formState: string | null | undefined;
  /** The form's field config and PDF are loaded. */
  ready: boolean;
  signatureId: string;
  signatureAutoComplete?: string;
  /** Sends the typed name and drawn strokes; rejects with RestError on a refusal. */
  send: (name: string, strokes: Stroke[]) => Promise<void>;
  /** Where a signed form goes next. */
  next: string;
  /** Fields before the signature (the parent's printed name) and after it (the date). */
  before?: ReactNode;
  after?: ReactNode;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function sign(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!name.trim()) return setMessage(text.missing);
    if (!ready) return setMessage(text.notLoaded);
    if (alreadySigned(formState, who)) return setMessage(text.alreadySigned);
    setBusy(true);
    try {
      await send(name, strokes);
      navigate(next);
    } catch (err) {
      console.error('Signing the consent form failed', err);
      if (err instanceof RestError && err.status === 409) setMessage(text.alreadySigned);
      else window.alert(text.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={sign} noValidate>
      {before}
      <label htmlFor={signatureId}>{t('consent.signatureTypeYourFullName')}</label>
      <input id={signatureId} value={name} onChange={(e) => setName(e.target.value)} autoComplete={signatureAutoComplete} maxLength={100} />
      <SignaturePad strokes={strokes} onChange={setStrokes} />
      {after}
      {message && (
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
      )}
      <div className="row">
        <button type="submit" disabled={busy}>
          {busy ? t('consent.signing') : t('consent.signForm')}
        </button>
      </div>
    </form>
  );
}
