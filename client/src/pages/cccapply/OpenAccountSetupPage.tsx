/** Create Open CCC account (/cccapply/open-account-setup): three numbered steps and a skip link. */
import { useMutation } from '@apollo/client/react';
import { openCccPassword } from '@planner/shared/student-info';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmOpenCccAccountDocument } from '../../graphql/generated';
import { afterCccApplyPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';
import { copyText } from './copyText';
import { useT } from '../../i18n';

/** The external Open CCC login page for the partner college (college code 221). */
export const OPEN_CCC_LOGIN_URL = 'https://www.opencccapply.net/gateway/apply?cccMisCode=221';

export default function OpenAccountSetupPage() {
  const t = useT();
  const { user } = useSession();
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const [confirm, { loading }] = useMutation(ConfirmOpenCccAccountDocument);
  const password = openCccPassword(user?.dob);

  async function copy() {
    // The older method is tried when the clipboard refuses; the confirmation shows either way.
    await copyText(password);
    setCopied(true);
  }

  async function created() {
    try {
      await confirm();
    } catch (err) {
      console.error('Recording the Open CCC account failed', err);
    }
    navigate('/cccapply/success');
  }

  return (
    <main className="page narrow">
      <div className="card stack">
        <h1>{t('cccapply.createOpenCccAccount')}</h1>
        <p>{t('cccapply.yourCommunityCollegeApplicationNeedsAn')}</p>
        <ol className="stack">
          <li className="stack">
            <h2>{t('cccapply.step1CopyYourPassword')}</h2>
            <p>{t('cccapply.useThisPasswordForYourOpen')}</p>
            <div className="row">
              <code aria-label={t('cccapply.generatedPassword')}>{password}</code>
              <button type="button" className="secondary" onClick={copy}>
                {t('cccapply.copyPassword')}
              </button>
              {copied && (
                <span role="status" className="muted">
                  {t('cccapply.copied')}
                </span>
              )}
            </div>
          </li>
          <li className="stack">
            <h2>{t('cccapply.step2CreateYourAccount')}</h2>
            <p>{t('cccapply.openTheOpenCccPageChoose')}</p>
            <p>
              <a href={OPEN_CCC_LOGIN_URL} target="_blank" rel="noopener noreferrer">
                {t('cccapply.openTheOpenCccLoginPage')}
              </a>
            </p>
          </li>
          <li className="stack">
            <h2>{t('cccapply.step3ComeBackHere')}</h2>
            <button type="button" onClick={created} disabled={loading}>
              {t('cccapply.iVeCreatedMyOpenCcc')}
            </button>
          </li>
        </ol>
        <button type="button" className="link" onClick={() => navigate(afterCccApplyPath(user?.school))}>
          {t('cccapply.skipThisStepIAlreadyHave')}
        </button>
      </div>
    </main>
  );
}
