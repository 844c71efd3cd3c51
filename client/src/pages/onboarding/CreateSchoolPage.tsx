/** Create school (staff onboarding, /admin-onboarding); a staff member may also join an existing school here. */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { CreateSchoolDocument, SchoolsDocument, SetSchoolOfRecordDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { reloadTo } from '../../session/storage';
import '../accounts/accounts.css';
import { SchoolPicker } from './SchoolPicker';
import { useJoinSchool } from './useJoinSchool';

export default function CreateSchoolPage() {
  const { user } = useSession();
  const [form, setForm] = useState({ name: '', location: '', schoolType: 'HS' });
  const [error, setError] = useState('');
  const [create, createState] = useMutation(CreateSchoolDocument);
  const [setRecord, recordState] = useMutation(SetSchoolOfRecordDocument);
  const { data } = useQuery(SchoolsDocument);
  const [selected, setSelected] = useState('');
  const { joinSchool, loading: joining } = useJoinSchool();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      const { data: created } = await create({ variables: { input: { name: form.name.trim(), location: form.location.trim(), schoolType: form.schoolType } } });
      if (!created) throw new Error('No answer');
      await setRecord({ variables: { uuid: created.createSchool.uuid } });
      reloadTo('/courses');
    } catch (err) {
      console.error('School creation failed', err);
      setError('School creation failed! Please try again.');
    }
  }

  async function join(e: FormEvent) {
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
    <main className="page narrow stack">
      <form className="card stack" onSubmit={submit}>
        <h1>Create Your School</h1>
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <label>School Name<input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required /></label>
        <label>State<input value={form.location} onChange={(e) => setForm({ ...form, location: e.target.value })} required placeholder="e.g. CA" /></label>
        <label>
          School Type
          <select value={form.schoolType} onChange={(e) => setForm({ ...form, schoolType: e.target.value })}>
            <option value="HS">High School</option>
            <option value="CLG">College</option>
          </select>
        </label>
        <button type="submit" disabled={createState.loading || recordState.loading}>Create School</button>
      </form>
      <form className="card stack" onSubmit={join}>
        <h2>Or join an existing school</h2>
        <SchoolPicker schools={data?.schools ?? []} value={selected} onChange={setSelected} />
        <button type="submit" className="secondary" disabled={joining}>Join School</button>
      </form>
    </main>
  );
}
