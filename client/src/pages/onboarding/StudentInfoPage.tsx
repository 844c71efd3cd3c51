/** Student Information (/student-info): grade, date of birth and the parent or guardian, then the next onboarding step. */
import { useMutation } from '@apollo/client/react';
import { dateInputToDob, GRADE_OPTIONS } from '@planner/shared/student-info';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SaveStudentInfoDocument } from '../../graphql/generated';
import { afterStudentInfoPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';

export default function StudentInfoPage() {
  const t = useT();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [save, { loading }] = useMutation(SaveStudentInfoDocument);
  const [form, setForm] = useState({ grade: '', dob: '', guardianFirstName: '', guardianLastName: '', guardianPhone: '' });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await save({ variables: { input: { ...form, dob: dateInputToDob(form.dob) } } });
      const fresh = await refresh().catch(() => null);
      navigate(afterStudentInfoPath(fresh?.school));
    } catch (err) {
      console.error('Saving student information failed', err);
      window.alert(t('onboarding.onboardingError'));
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>{t('onboarding.studentInformation')}</h1>
        <label>
          {t('onboarding.currentGrade')}
          <select value={form.grade} onChange={set('grade')} required>
            <option value="">{t('onboarding.selectYourGrade')}</option>
            {GRADE_OPTIONS.map((g) => (
              <option key={g} value={g}>
                {g === 'college' ? t('onboarding.college') : g === 'other' ? t('onboarding.other') : g}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('onboarding.dateOfBirth')}
          <input type="date" value={form.dob} onChange={set('dob')} required />
        </label>
        <label>
          {t('onboarding.parentGuardianFirstName')}
          <input value={form.guardianFirstName} onChange={set('guardianFirstName')} required autoComplete="off" />
        </label>
        <label>
          {t('onboarding.parentGuardianLastName')}
          <input value={form.guardianLastName} onChange={set('guardianLastName')} required autoComplete="off" />
        </label>
        <label>
          {t('onboarding.parentGuardianPhoneNumber')}
          <input type="tel" value={form.guardianPhone} onChange={set('guardianPhone')} required autoComplete="off" />
        </label>
        <button type="submit" disabled={loading}>
          {t('onboarding.continue')}
        </button>
      </form>
    </main>
  );
}
