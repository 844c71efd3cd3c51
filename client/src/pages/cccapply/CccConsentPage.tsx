/** Community-college application consent (/cccapply/consent): the consent checkboxes and a typed signature. */
import { useMutation } from '@apollo/client/react';
import { CONSENT_KEYS, type ConsentKey } from '@planner/shared/student-info';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SignCccApplyConsentDocument } from '../../graphql/generated';
import { afterConsentPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';
import { useLocale, useT, type MessageKey } from '../../i18n';
import { rich } from '../../i18n/rich';

export const CONSENT_LABELS: Record<ConsentKey, MessageKey> = {
  consentDataRelease: 'cccapply.consentDataRelease',
  consentCCCApply: 'cccapply.consentCCCApply',
  consentVerification: 'cccapply.consentVerification',
  consentPrivacyPolicy: 'cccapply.consentPrivacyPolicy',
  consentSubmitApplication: 'cccapply.consentSubmitApplication',
  consentFinancialAid: 'cccapply.consentFinancialAid',
  consentTermsOfUse: 'cccapply.consentTermsOfUse',
  consentPathwayPlanner: 'cccapply.consentPathwayPlanner',
};

export default function CccConsentPage() {
  const t = useT();
  const { locale } = useLocale();
  const { user } = useSession();
  const navigate = useNavigate();
  const [sign, { loading }] = useMutation(SignCccApplyConsentDocument);
  const [checked, setChecked] = useState<Record<ConsentKey, boolean>>(Object.fromEntries(CONSENT_KEYS.map((k) => [k, false])) as Record<ConsentKey, boolean>);
  const [signature, setSignature] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!signature.trim()) return window.alert(t('cccapply.signatureRequired'));
    try {
      await sign({ variables: { input: { ...checked, electronicSignature: signature.trim() } } });
      navigate(afterConsentPath(user?.school));
    } catch (err) {
      console.error('Signing the consent failed', err);
      window.alert(t('onboarding.onboardingError'));
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('cccapply.communityCollegeApplicationConsent')}</h1>
        <p>
          {rich(locale, 'cccapply.consentIntro', {
            applicationReview: <Link to="/cccapply/application">{t('cccapply.applicationReview')}</Link>,
            privacyPolicy: <Link to="/privacy-policy">{t('cccapply.privacyPolicy')}</Link>,
            termsOfUse: <Link to="/terms-of-use">{t('cccapply.termsOfUse')}</Link>,
          })}
        </p>
        <fieldset className="stack">
          <legend>{t('cccapply.consentsRequired')}</legend>
          {CONSENT_KEYS.map((k) => (
            <label key={k} className="row" style={{ alignItems: 'flex-start', flexWrap: 'nowrap' }}>
              <input type="checkbox" required checked={checked[k]} onChange={(e) => setChecked({ ...checked, [k]: e.target.checked })} />
              <span>
                {t(CONSENT_LABELS[k])}{' '}
                <span aria-hidden="true" className="error-text">
                  *
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <label>
          {t('cccapply.electronicSignatureTypeYourFullName')}
          <input value={signature} onChange={(e) => setSignature(e.target.value)} autoComplete="name" />
        </label>
        <button type="submit" disabled={loading}>
          {t('cccapply.signAndContinue')}
        </button>
      </form>
    </main>
  );
}
