/**
 * /parent-sign/{code} — 'Review and Sign Your Child's Consent Form', no account needed (spec 3 §2, §5).
 * The code of the texted link authorises reading and signing this one form. The typed names (and
 * a drawn signature, if any) are sent; the server draws them onto the form. A load failure is
 * logged and nothing is shown (spec 3 §8).
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CONSENT_TEXT, type ConsentFieldConfig } from '@rules/consent-form';
import { PdfFrame } from './PdfFrame';
import { ParentSignFormDocument } from '../../graphql/generated';
import { RestError } from '../../api/rest';
import { alreadySigned, fetchPdf, sendSignature, type Stroke } from './consentFlow';
import { formatDate, isFieldConfig } from './prefill';
import { SignaturePad } from './SignaturePad';
import { useT } from '../../i18n';

export default function ParentSignPage() {
  const t = useT();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, loading } = useQuery(ParentSignFormDocument, { variables: { code }, fetchPolicy: 'network-only' });
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [printedName, setPrintedName] = useState('');
  const [signature, setSignature] = useState('');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = data?.parentSignForm;
  const config: ConsentFieldConfig | null = isFieldConfig(form?.fieldConfig) ? form.fieldConfig : null;
  const today = formatDate(new Date());

  useEffect(() => {
    if (error) console.error('Failed to load the consent form', error);
  }, [error]);

  useEffect(() => {
    if (!form) return;
    let live = true;
    fetchPdf(form.pdf, false)
      .then((b) => live && setBytes(b))
      .catch((e) => console.error('Failed to load the consent form PDF', e));
    return () => {
      live = false;
    };
  }, [form]);

  async function sign(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!signature.trim()) return setMessage(CONSENT_TEXT.parentSignatureMissing);
    if (!config || !bytes) return setMessage(CONSENT_TEXT.configNotLoaded);
    if (alreadySigned(form?.state, 'parent')) return setMessage(CONSENT_TEXT.alreadySigned);
    setBusy(true);
    try {
      await sendSignature(`/api/sign-parent-form/${encodeURIComponent(code)}/`, { name: signature, printedName, strokes }, false);
      navigate('/parent-form-confirmation');
    } catch (err) {
      console.error('Signing the consent form failed', err);
      if (err instanceof RestError && err.status === 409) setMessage(CONSENT_TEXT.alreadySigned);
      else window.alert(CONSENT_TEXT.parentSignFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page">
      <section className="card stack">
        <h1>{t('consent.reviewAndSignYourChildsConsentForm')}</h1>
        {loading && <p role="status">{t('common.loading')}</p>}
        {form && (
          <>
            <p>{t('consent.yourChildHasSignedThisConsent')}</p>
            <PdfFrame bytes={bytes} title={t('consent.consentFormToSign')} height={800} />
            <form className="stack" onSubmit={sign} noValidate>
              <label htmlFor="parent-printed-name">{t('consent.printedName')}</label>
              <input id="parent-printed-name" value={printedName} onChange={(e) => setPrintedName(e.target.value)} autoComplete="name" maxLength={100} />
              <label htmlFor="parent-signature">{t('consent.signatureTypeYourFullName')}</label>
              <input id="parent-signature" value={signature} onChange={(e) => setSignature(e.target.value)} maxLength={100} />
              <SignaturePad strokes={strokes} onChange={setStrokes} />
              <label htmlFor="parent-date">{t('consent.date')}</label>
              <input id="parent-date" value={today} readOnly />
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
