/**
 * /parent-form — 'Student Signature: Parent Consent Form' (spec 3 §2, §4, §5). Decision: the spec
 * leaves the student screen's route open; it is /parent-form, the onboarding chain's consent step.
 * The form is shown prefilled from field_config; the student types a full name (and may draw a
 * signature), which the server draws onto the form with the record of the signature; then
 * /parent-form-success.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { CONSENT_TEXT, type ConsentFieldConfig } from '@planner/shared/consent-form';
import { PdfFrame } from './PdfFrame';
import { ParentConsentFormDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { cachedUser } from '../../session/storage';
import { fetchPdf, sendSignature, shouldReloadOnce } from './consentFlow';
import { isFieldConfig, prefillPdf, type PrefillUser } from './prefill';
import { SignConsentForm } from './SignConsentForm';
import { useT } from '../../i18n';

export default function StudentConsentPage() {
  const t = useT();
  const { user: sessionUser, refresh } = useSession();
  const { data, error, loading } = useQuery(ParentConsentFormDocument, { fetchPolicy: 'network-only' });
  const [user, setUser] = useState<PrefillUser | null>(null);
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
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

  return (
    <main className="page">
      <section className="card stack">
        <h1>{t('consent.studentSignatureParentConsentForm')}</h1>
        {loading && <p role="status">{t('common.loading')}</p>}
        {form && (
          <>
            <p>{t('consent.reviewYourInformationOnTheForm')}</p>
            <PdfFrame bytes={bytes} title={t('consent.parentConsentFormDocument')} height={800} />
            <SignConsentForm
              who="student"
              text={{
                missing: CONSENT_TEXT.studentSignatureMissing,
                notLoaded: CONSENT_TEXT.configNotLoaded,
                alreadySigned: CONSENT_TEXT.alreadySigned,
                failed: CONSENT_TEXT.studentSignFailed,
              }}
              formState={form.state}
              ready={!!config && !!bytes}
              signatureId="student-signature"
              signatureAutoComplete="name"
              send={(name, strokes) => sendSignature('/api/parent-consent/', { name, strokes })}
              next="/parent-form-success"
            />
          </>
        )}
      </section>
    </main>
  );
}
