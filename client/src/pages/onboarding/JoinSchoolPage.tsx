/** Join school (student onboarding, /student-onboarding). */
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { SchoolsDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import '../accounts/accounts.css';
import { SchoolPicker } from './SchoolPicker';
import { useJoinSchool } from './useJoinSchool';

export default function JoinSchoolPage() {
  const { user } = useSession();
  const { data } = useQuery(SchoolsDocument);
  const [selected, setSelected] = useState('');
  const { joinSchool, loading } = useJoinSchool();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!selected) return window.alert('Please select a school.');
    try {
      await joinSchool(selected, user?.userType);
    } catch (err) {
      console.error('Join school failed', err);
      window.alert('Failed to join school. Please try again.');
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>Join Your School</h1>
        <SchoolPicker schools={data?.schools ?? []} value={selected} onChange={setSelected} />
        <button type="submit" disabled={loading}>Join School</button>
      </form>
    </main>
  );
}
