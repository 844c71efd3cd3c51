/** Join school (student onboarding, /student-onboarding). */
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { SchoolsDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import '../accounts/accounts.css';
import { SchoolPicker } from './SchoolPicker';
import { useJoinSchool } from './useJoinSchool';
import { useT } from '../../i18n';

export default function JoinSchoolPage() {
  const t = useT();
  const { user } = useSession();
  const { data } = useQuery(SchoolsDocument);
  const [selected, setSelected] = useState('');
  const { joinSchool, loading } = useJoinSchool();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!selected) return window.alert(t('onboarding.pleaseSelectASchool'));
    try {
      await joinSchool(selected, user?.userType);
    } catch (err) {
      console.error('Join school failed', err);
      window.alert(t('onboarding.failedToJoinSchoolPleaseTry'));
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>{t('onboarding.joinYourSchool')}</h1>
        <SchoolPicker schools={data?.schools ?? []} value={selected} onChange={setSelected} />
        <button type="submit" disabled={loading}>{t('onboarding.joinSchool')}</button>
      </form>
    </main>
  );
}
