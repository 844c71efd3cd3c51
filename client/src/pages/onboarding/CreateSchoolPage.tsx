/** Create school (staff onboarding, /admin-onboarding); a staff member may also join an existing school here. */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { CreateSchoolDocument, SetSchoolOfRecordDocument } from '../../graphql/generated';
import { reloadTo } from '../../session/storage';
import '../accounts/accounts.css';
import { JoinSchoolForm } from './JoinSchoolForm';
import { useT } from '../../i18n';

export default function CreateSchoolPage() {
  const t = useT();
  const [form, setForm] = useState({ name: '', location: '', schoolType: 'HS' });
  const [error, setError] = useState('');
  const [create, createState] = useMutation(CreateSchoolDocument);
  const [setRecord, recordState] = useMutation(SetSchoolOfRecordDocument);

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
      setError(t('onboarding.schoolCreationFailedPleaseTryAgain'));
    }
  }

  return (
    <main className="page narrow stack">
      <form className="card stack" onSubmit={submit}>
        <h1>{t('onboarding.createYourSchool')}</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <label>
          {t('onboarding.schoolName')}
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
        </label>
        <label>
          {t('onboarding.state')}
          <input value={form.location} onChange={(e) => setForm({ ...form, location: e.target.value })} required placeholder={t('onboarding.eGCa')} />
        </label>
        <label>
          {t('onboarding.schoolType')}
          <select value={form.schoolType} onChange={(e) => setForm({ ...form, schoolType: e.target.value })}>
            <option value="HS">{t('onboarding.highSchool')}</option>
            <option value="CLG">{t('onboarding.college')}</option>
          </select>
        </label>
        <button type="submit" disabled={createState.loading || recordState.loading}>
          {t('onboarding.createSchool')}
        </button>
      </form>
      <JoinSchoolForm heading={<h2>{t('onboarding.orJoinAnExistingSchool')}</h2>} buttonClassName="secondary" />
    </main>
  );
}
