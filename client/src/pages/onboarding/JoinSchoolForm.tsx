/**
 * Joining an existing school, the same on both onboarding pages: the student's (/student-onboarding)
 * and, below creating a school, the staff member's (/admin-onboarding). Pick a school, join it.
 */
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { SchoolsDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { SchoolPicker } from './SchoolPicker';
import { useJoinSchool } from './useJoinSchool';
import { useT } from '../../i18n';

export function JoinSchoolForm({ heading, buttonClassName }: { heading: ReactNode; buttonClassName?: string }) {
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
    <form className="card stack" onSubmit={submit}>
      {heading}
      <SchoolPicker schools={data?.schools ?? []} value={selected} onChange={setSelected} />
      <button type="submit" className={buttonClassName} disabled={loading}>
        {t('onboarding.joinSchool')}
      </button>
    </form>
  );
}
