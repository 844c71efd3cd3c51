/** Student demographics (/student-demographics): the community-college application's questions, then the next onboarding step. */
import { useMutation } from '@apollo/client/react';
import { CITIZENSHIP_OPTIONS, FOSTER_CARE_AGE_OPTIONS, RACE_ETHNICITY_OPTIONS, YES_NO } from '@planner/shared/student-info';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SaveStudentDemographicsDocument, type FosterCareAge, type YesNo } from '../../graphql/generated';
import { chosen } from '../../components/choice';
import { afterDemographicsPath } from '../../session/onboardingRouting';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';

const FOSTER_CARE_AGES: [FosterCareAge, string][] = [
  ['current', 'I am currently in foster care'],
  ['after13', 'I was in foster care at age 13 or older'],
  ['before13', 'I was in foster care only before age 13'],
  ['unknown', "I don't know"],
];
const GENDERS: [string, string][] = [
  ['female', 'Female'],
  ['male', 'Male'],
  ['non-binary', 'Non-binary'],
  ['decline', 'Decline to state'],
];

export default function StudentDemographicsPage() {
  const t = useT();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [save, { loading }] = useMutation(SaveStudentDemographicsDocument);
  const [form, setForm] = useState({
    citizenshipStatus: '',
    fosterCare: '' as YesNo | '',
    fosterCareAge: '' as FosterCareAge | '',
    homelessness: '' as YesNo | '',
    gender: '',
  });
  const [race, setRace] = useState<string[]>([]);
  const set = (k: 'citizenshipStatus' | 'gender') => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const setYesNo = (k: 'fosterCare' | 'homelessness') => (e: { target: { value: string } }) => setForm({ ...form, [k]: chosen(YES_NO, e.target.value) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { fosterCare, homelessness, fosterCareAge } = form;
    // The selects are required: the browser asks for an answer before the form is sent.
    if (!fosterCare || !homelessness) return;
    try {
      await save({
        variables: {
          input: {
            ...form,
            fosterCare,
            homelessness,
            fosterCareAge: fosterCare === 'yes' ? fosterCareAge || null : null,
            raceEthnicity: RACE_ETHNICITY_OPTIONS.filter((o) => race.includes(o)),
          },
        },
      });
      const fresh = await refresh().catch(() => null);
      navigate(afterDemographicsPath(fresh?.school));
    } catch (err) {
      console.error('Saving demographics failed', err);
      window.alert(t('onboarding.onboardingError'));
    }
  }

  const yesNo = (k: 'fosterCare' | 'homelessness', label: string) => (
    <label>
      {label}
      <select value={form[k]} onChange={setYesNo(k)} required>
        <option value="">{t('onboarding.selectAnAnswer')}</option>
        <option value="yes">{t('onboarding.yes')}</option>
        <option value="no">{t('onboarding.no')}</option>
      </select>
    </label>
  );

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>{t('onboarding.studentDemographics')}</h1>
        <p className="muted">{t('onboarding.yourCommunityCollegeApplicationAsksThese')}</p>
        <label>
          {t('onboarding.citizenshipStatus')}
          <select value={form.citizenshipStatus} onChange={set('citizenshipStatus')} required>
            <option value="">{t('onboarding.selectAnAnswer')}</option>
            {CITIZENSHIP_OPTIONS.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
        {yesNo('fosterCare', 'Have you ever been in foster care?')}
        {form.fosterCare === 'yes' && (
          <label>
            {t('onboarding.whenWereYouInFosterCare')}
            <select value={form.fosterCareAge} onChange={(e) => setForm({ ...form, fosterCareAge: chosen(FOSTER_CARE_AGE_OPTIONS, e.target.value) })} required>
              <option value="">{t('onboarding.selectAnAnswer')}</option>
              {FOSTER_CARE_AGES.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )}
        {yesNo('homelessness', 'At any time in the last 24 months, have you been homeless or without a stable place to live?')}
        <label>
          {t('onboarding.gender')}
          <select value={form.gender} onChange={set('gender')} required>
            <option value="">{t('onboarding.selectAnAnswer')}</option>
            {GENDERS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="stack">
          <legend>{t('onboarding.raceEthnicitySelectAllThatApply')}</legend>
          {RACE_ETHNICITY_OPTIONS.map((o) => (
            <label key={o} className="row">
              <input type="checkbox" checked={race.includes(o)} onChange={(e) => setRace(e.target.checked ? [...race, o] : race.filter((r) => r !== o))} />
              {o}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={loading}>
          {t('onboarding.continue')}
        </button>
      </form>
    </main>
  );
}
