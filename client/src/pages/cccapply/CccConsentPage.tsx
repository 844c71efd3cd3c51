/** Community-college application consent (/cccapply/consent): the consent checkboxes and a typed signature. */
import { useMutation } from '@apollo/client/react';
import { CONSENT_KEYS, SIGNATURE_REQUIRED_MESSAGE, type ConsentKey } from '@planner/shared/student-info';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SignCccApplyConsentDocument } from '../../graphql/generated';
import { afterConsentPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';
import { ONBOARDING_ERROR } from '../onboarding/StudentInfoPage';
import { useLocale, useT } from '../../i18n';
import { rich } from '../../i18n/rich';

export const CONSENT_LABELS: Record<ConsentKey, string> = {
  consentDataRelease: 'I allow my school to share my student information (name, date of birth, contact details and demographics) with the community college for this application.',
  consentCCCApply: 'I agree that Pathway Planner may prepare a CCCApply community college application for me.',
  consentVerification: 'I confirm that the information I gave is true and complete, and that the college may verify it.',
  consentPrivacyPolicy: 'I have read and agree to the Privacy Policy.',
  consentSubmitApplication: 'I authorize Pathway Planner to submit the application on my behalf with the answers shown on the application review.',
  consentFinancialAid: 'I understand that this application does not apply for financial aid, which I may apply for separately.',
  consentTermsOfUse: 'I agree to the Terms of Use.',
  consentPathwayPlanner: 'I allow Pathway Planner to use my application status to keep my academic plan up to date.',
};

export default function CccConsentPage() {
  const t = useT();
  const { locale } = useLocale();
  const { user } = useSession();
  const navigate = useNavigate();
  const [sign, { loading }] = useMutation(SignCccApplyConsentDocument);
  const [checked, setChecked] = useState<Record<ConsentKey, boolean>>(
    Object.fromEntries(CONSENT_KEYS.map((k) => [k, false])) as Record<ConsentKey, boolean>,
  );
  const [signature, setSignature] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!signature.trim()) return window.alert(t.text(SIGNATURE_REQUIRED_MESSAGE));
    try {
      await sign({ variables: { input: { ...checked, electronicSignature: signature.trim() } } });
      navigate(afterConsentPath(user?.school));
    } catch (err) {
      console.error('Signing the consent failed', err);
      window.alert(t.text(ONBOARDING_ERROR));
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
              <span>{t.text(CONSENT_LABELS[k])} <span aria-hidden="true" className="error-text">*</span></span>
            </label>
          ))}
        </fieldset>
        <label>{t('cccapply.electronicSignatureTypeYourFullName')}
          <input value={signature} onChange={(e) => setSignature(e.target.value)} autoComplete="name" />
        </label>
        <button type="submit" disabled={loading}>{t('cccapply.signAndContinue')}</button>
      </form>
    </main>
  );
}
