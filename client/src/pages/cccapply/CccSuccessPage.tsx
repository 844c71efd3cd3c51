/** Congratulations (/cccapply/success): the application is submitted for the student; Next goes to baseline plans or the plan. */
import { useNavigate } from 'react-router-dom';
import { afterCccApplyPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';

export default function CccSuccessPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <main className="page narrow">
      <div className="card stack">
        <h1>Congratulations!</h1>
        <p>You're all set. Pathway Planner will submit your community college application on your behalf.</p>
        <p>You will receive a confirmation email from the college in a few days.</p>
        <button type="button" onClick={() => navigate(afterCccApplyPath(user?.school))}>Next</button>
      </div>
    </main>
  );
}
