/** /parent-form-success — 'Reminder: Parent Signature Needed' with its Next rule (spec 3 §2). */
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { cachedUser } from '../../session/storage';
import { parentReminderNextPath } from '../../session/onboardingRouting';

export default function ParentFormSuccessPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const school = (user ?? cachedUser())?.school;
  return (
    <main className="page narrow">
      <section className="card stack">
        <h1>Reminder: Parent Signature Needed</h1>
        <p>Thank you, your signature has been recorded.</p>
        <p>
          Your parent or guardian will receive a text message with a link to review and sign the consent form. Please
          remind them to sign it: the form is complete only when they have signed too.
        </p>
        <div className="row">
          <button type="button" onClick={() => navigate(parentReminderNextPath(school))}>Next</button>
        </div>
      </section>
    </main>
  );
}
