/** /parent-form-success — 'Reminder: Parent Signature Needed' with its Next rule (spec 3 §2). */
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { cachedUser } from '../../session/storage';
import { parentReminderNextPath } from '../../session/onboardingRouting';
import { useT } from '../../i18n';

export default function ParentFormSuccessPage() {
  const t = useT();
  const navigate = useNavigate();
  const { user } = useSession();
  const school = (user ?? cachedUser())?.school;
  return (
    <main className="page narrow">
      <section className="card stack">
        <h1>{t('consent.reminderParentSignatureNeeded')}</h1>
        <p>{t('consent.thankYouYourSignatureHasBeen')}</p>
        <p>{t('consent.yourParentOrGuardianWillReceive')}</p>
        <div className="row">
          <button type="button" onClick={() => navigate(parentReminderNextPath(school))}>
            {t('common.next')}
          </button>
        </div>
      </section>
    </main>
  );
}
