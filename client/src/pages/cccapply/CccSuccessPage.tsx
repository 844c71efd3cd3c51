/** Congratulations (/cccapply/success): the application is submitted for the student; Next goes to baseline plans or the plan. */
import { useNavigate } from 'react-router-dom';
import { afterCccApplyPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';

export default function CccSuccessPage() {
  const t = useT();
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <main className="page narrow">
      <div className="card stack">
        <h1>{t('cccapply.congratulations')}</h1>
        <p>{t('cccapply.youReAllSetPathwayPlanner')}</p>
        <p>{t('cccapply.youWillReceiveAConfirmationEmail')}</p>
        <button type="button" onClick={() => navigate(afterCccApplyPath(user?.school))}>
          {t('common.next')}
        </button>
      </div>
    </main>
  );
}
