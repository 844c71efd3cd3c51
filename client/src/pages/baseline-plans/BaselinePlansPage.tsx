/** /baseline-plans and /auto-gen-plans: the staff page for staff, the Select a Baseline Plan page for students. */
import { Link } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import BaselinePlansAdminPage from './BaselinePlansAdminPage';
import SelectBaselinePlanPage from './SelectBaselinePlanPage';

export default function BaselinePlansPage() {
  const { user, flags } = useSession();
  if (user?.userType === 2 && !flags.adminViewing) return <BaselinePlansAdminPage />;
  if (user?.userType === 1) return <SelectBaselinePlanPage />;
  return (
    <main className="page stack">
      <h1>Baseline Plans</h1>
      <p>{user?.userType === 4 ? 'Return to Admin View to manage baseline plans.' : 'Baseline plans are chosen by students and managed by school staff.'}</p>
      <p><Link to="/">Go to your home page</Link></p>
    </main>
  );
}
