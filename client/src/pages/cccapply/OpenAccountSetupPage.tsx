/** Create Open CCC account (/cccapply/open-account-setup): three numbered steps and a skip link. */
import { useMutation } from '@apollo/client/react';
import { openCccPassword } from '@rules/student-info';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmOpenCccAccountDocument } from '../../graphql/generated';
import { afterCccApplyPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';
import { copyText } from './copyText';

/** The external Open CCC login page for the partner college (college code 221). */
export const OPEN_CCC_LOGIN_URL = 'https://www.opencccapply.net/gateway/apply?cccMisCode=221';

export default function OpenAccountSetupPage() {
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
        <h1>Create Open CCC account</h1>
        <p>Your community college application needs an Open CCC account. It takes three steps.</p>
        <ol className="stack">
          <li className="stack">
            <h2>Step 1: Copy your password</h2>
            <p>Use this password for your Open CCC account:</p>
            <div className="row">
              <code aria-label="Generated password">{password}</code>
              <button type="button" className="secondary" onClick={copy}>Copy Password</button>
              {copied && <span role="status" className="muted">Copied!</span>}
            </div>
          </li>
          <li className="stack">
            <h2>Step 2: Create your account</h2>
            <p>Open the Open CCC page, choose Create an Account, and use the password from step 1.</p>
            <p><a href={OPEN_CCC_LOGIN_URL} target="_blank" rel="noopener noreferrer">Open the Open CCC login page</a></p>
          </li>
          <li className="stack">
            <h2>Step 3: Come back here</h2>
            <button type="button" onClick={created} disabled={loading}>I've Created My Open CCC Account</button>
          </li>
        </ol>
        <button type="button" className="link" onClick={() => navigate(afterCccApplyPath(user?.school))}>
          Skip this step (I already have an Open CCC account and have submitted the application)
        </button>
      </div>
    </main>
  );
}
