/**
 * /parent-form — 'Student Signature: Parent Consent Form' (spec 3 §2, §4, §5). Decision: the spec
 * leaves the student screen's route open; it is /parent-form, the onboarding chain's consent step.
 * The form is shown prefilled from field_config; the student types a full name (and may draw a
 * signature), which the server draws onto the form with the record of the signature; then
 * /parent-form-success.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONSENT_TEXT, type ConsentFieldConfig } from '@rules/consent-form';
import { PdfFrame } from './PdfFrame';
import { ParentConsentFormDocument } from '../../graphql/generated';
import { RestError } from '../../api/rest';
import { useSession } from '../../session/SessionProvider';
import { cachedUser } from '../../session/storage';
import { alreadySigned, fetchPdf, sendSignature, shouldReloadOnce, type Stroke } from './consentFlow';
import { isFieldConfig, prefillPdf, type PrefillUser } from './prefill';
import { SignaturePad } from './SignaturePad';
import { useT } from '../../i18n';

export default function StudentConsentPage() {
  const t = useT();
  const navigate = useNavigate();
  const { user: sessionUser, refresh } = useSession();
  const { data, error, loading } = useQuery(ParentConsentFormDocument, { fetchPolicy: 'network-only' });
  const [user, setUser] = useState<PrefillUser | null>(null);
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [name, setName] = useState('');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = data?.parentConsentForm;
  const config: ConsentFieldConfig | null = isFieldConfig(form?.fieldConfig) ? form.fieldConfig : null;

  // Fresh user data for the prefill; on failure the cached user (spec 3 §8).
  useEffect(() => {
    let live = true;
    refresh()
      .catch((e) => {
        console.error('Failed to load user data for the consent form', e);
        return null;
      })
      .then((fresh) => {
        if (!live) return;
        const u = fresh ?? sessionUser ?? cachedUser();
        if (shouldReloadOnce(u)) {
          window.location.reload();
          return;
        }
        setUser(u ?? {});
      });
    return () => {
      live = false;
    };
    // Once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (error) console.error('Failed to load the consent form', error);
  }, [error]);

  useEffect(() => {
    if (!form || !user) return;
    let live = true;
    (async () => {
      const original = await fetchPdf(form.pdf);
      // Only an unsigned form is prefilled: a signed one already carries the fields.
      const shown = form.state === 'admin_signed' && config ? await prefillPdf(original, config, user) : original;
      if (live) setBytes(shown);
    })().catch((e) => console.error('Failed to load the consent form PDF', e));
    return () => {
      live = false;
    };
  }, [form, user, config]);

  async function sign(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!name.trim()) return setMessage(CONSENT_TEXT.studentSignatureMissing);
    if (!config || !bytes) return setMessage(CONSENT_TEXT.configNotLoaded);
    if (alreadySigned(form?.state, 'student')) return setMessage(CONSENT_TEXT.alreadySigned);
    setBusy(true);
    try {
      await sendSignature('/api/parent-consent/', { name, strokes });
      navigate('/parent-form-success');
    } catch (err) {
      console.error('Signing the consent form failed', err);
      if (err instanceof RestError && err.status === 409) setMessage(CONSENT_TEXT.alreadySigned);
      else window.alert(CONSENT_TEXT.studentSignFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page">
      <section className="card stack">
        <h1>{t('consent.studentSignatureParentConsentForm')}</h1>
        {loading && <p role="status">{t('common.loading')}</p>}
        {form && (
          <>
            <p>
              {t('consent.reviewYourInformationOnTheForm')}
            </p>
            <PdfFrame bytes={bytes} title={t('consent.parentConsentFormDocument')} height={800} />
            <form className="stack" onSubmit={sign} noValidate>
              <label htmlFor="student-signature">{t('consent.signatureTypeYourFullName')}</label>
              <input id="student-signature" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} />
              <SignaturePad strokes={strokes} onChange={setStrokes} />
              {message && <div className="alert alert-danger" role="alert">{message}</div>}
              <div className="row">
                <button type="submit" disabled={busy}>{busy ? t('consent.signing') : t('consent.signForm')}</button>
              </div>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
