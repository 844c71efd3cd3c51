/**
 * /parent-sign/{code} — 'Review and Sign Your Child's Consent Form', no account needed (spec 3 §2, §5).
 * The code of the texted link authorises reading and signing this one form. The typed names (and
 * a drawn signature, if any) are sent; the server draws them onto the form. A load failure is
 * logged and nothing is shown (spec 3 §8).
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CONSENT_TEXT, type ConsentFieldConfig } from '@planner/shared/consent-form';
import { PdfFrame } from './PdfFrame';
import { ParentSignFormDocument } from '../../graphql/generated';
import { fetchPdf, sendSignature } from './consentFlow';
import { formatDate, isFieldConfig } from './prefill';
import { SignConsentForm } from './SignConsentForm';
import { useT } from '../../i18n';

export default function ParentSignPage() {
  const t = useT();
  const { code = '' } = useParams();
  const { data, error, loading } = useQuery(ParentSignFormDocument, { variables: { code }, fetchPolicy: 'network-only' });
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [printedName, setPrintedName] = useState('');
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

  return (
    <main className="page">
      <section className="card stack">
        <h1>{t('consent.reviewAndSignYourChildsConsentForm')}</h1>
        {loading && <p role="status">{t('common.loading')}</p>}
        {form && (
          <>
            <p>{t('consent.yourChildHasSignedThisConsent')}</p>
            <PdfFrame bytes={bytes} title={t('consent.consentFormToSign')} height={800} />
            <SignConsentForm
              who="parent"
              text={{
                missing: CONSENT_TEXT.parentSignatureMissing,
                notLoaded: CONSENT_TEXT.configNotLoaded,
                alreadySigned: CONSENT_TEXT.alreadySigned,
                failed: CONSENT_TEXT.parentSignFailed,
              }}
              formState={form.state}
              ready={!!config && !!bytes}
              signatureId="parent-signature"
              send={(name, strokes) => sendSignature(`/api/sign-parent-form/${encodeURIComponent(code)}/`, { name, printedName, strokes }, false)}
              next="/parent-form-confirmation"
              before={
                <>
                  <label htmlFor="parent-printed-name">{t('consent.printedName')}</label>
                  <input id="parent-printed-name" value={printedName} onChange={(e) => setPrintedName(e.target.value)} autoComplete="name" maxLength={100} />
                </>
              }
              after={
                <>
                  <label htmlFor="parent-date">{t('consent.date')}</label>
                  <input id="parent-date" value={today} readOnly />
                </>
              }
            />
          </>
        )}
      </section>
    </main>
  );
}
