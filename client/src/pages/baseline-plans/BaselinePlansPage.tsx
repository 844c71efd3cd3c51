/** /baseline-plans and /auto-gen-plans: the staff page for staff, the Select a Baseline Plan page for students. */
import { Link } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import BaselinePlansAdminPage from './BaselinePlansAdminPage';
import SelectBaselinePlanPage from './SelectBaselinePlanPage';
import { useT } from '../../i18n';

export default function BaselinePlansPage() {
  const t = useT();
  const { user, flags } = useSession();
  if (user?.userType === 'Staff' && !flags.adminViewing) return <BaselinePlansAdminPage />;
  if (user?.userType === 'Student') return <SelectBaselinePlanPage />;
  return (
    <main className="page stack">
      <h1>{t('baselinePlans.baselinePlans')}</h1>
      <p>{user?.userType === 'BaselinePlan' ? t('baselinePlans.returnToAdminViewToManage') : t('baselinePlans.baselinePlansAreChosenByStudents')}</p>
      <p>
        <Link to="/">{t('baselinePlans.goToYourHomePage')}</Link>
      </p>
    </main>
  );
}
