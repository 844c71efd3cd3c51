/** Join school (student onboarding, /student-onboarding). */
import '../accounts/accounts.css';
import { JoinSchoolForm } from './JoinSchoolForm';
import { useT } from '../../i18n';

export default function JoinSchoolPage() {
  const t = useT();
  return (
    <main className="page narrow">
      <JoinSchoolForm heading={<h1>{t('onboarding.joinYourSchool')}</h1>} />
    </main>
  );
}
