/**
 * Staff: their school's planning settings, which the plan generator follows: the most units and
 * courses one term of a plan holds, and the first grade in which a student may take a partner
 * college course. A cap left empty is the default of the school type (the values used before they
 * were a setting): the field shows the school's own setting, empty with the default as its
 * placeholder, so saving the card unchanged keeps following the default. The server checks each
 * value and says why one is refused.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';
import { SaveNoticeLine, type SaveNotice } from '../../components/SaveNotice';
import { PlanningSettingsDocument, SetAutoPlanSettingsDocument } from './profile.generated';

type Settings = {
  termUnitCap: number;
  termCourseCap: number;
  termUnitCapSetting: number | null;
  termCourseCapSetting: number | null;
  dualEnrollmentFromGrade: number;
  schoolType: string;
};
const field = (setting: number | null) => (setting === null ? '' : String(setting));

export function PlanningSettingsCard() {
  const { data } = useQuery(PlanningSettingsDocument);
  const school = data?.currentUser?.school;
  // The form starts from the saved values once they are read.
  return school ? <PlanningSettingsForm key={school.id} saved={school} /> : null;
}

function PlanningSettingsForm({ saved }: { saved: Settings }) {
  const t = useT();
  const [units, setUnits] = useState(field(saved.termUnitCapSetting));
  const [courses, setCourses] = useState(field(saved.termCourseCapSetting));
  const [grade, setGrade] = useState(saved.dualEnrollmentFromGrade);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const [save, { loading }] = useMutation(SetAutoPlanSettingsDocument);
  const number = (text: string) => (text.trim() === '' ? null : Number(text));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    try {
      const res = await save({ variables: { input: { termUnitCap: number(units), termCourseCap: number(courses), dualEnrollmentFromGrade: grade } } });
      const now = res.data?.setAutoPlanSettings;
      if (now) {
        setUnits(field(now.termUnitCapSetting));
        setCourses(field(now.termCourseCapSetting));
      }
      setNotice({ ok: true, text: t('profile.schoolSettingsSaved') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('profile.schoolSettingsFailed')) });
    }
  }

  return (
    <section className="card stack" aria-labelledby="planning-settings-title">
      <h2 id="planning-settings-title">{t('profile.planningSettings')}</h2>
      {/* The caps in force (the saved school, kept current by the cache) are the empty fields' placeholders. */}
      <form className="stack" onSubmit={submit}>
        <label>
          {t('profile.termUnitCap')}
          <input type="number" step="0.5" min="0.5" value={units} placeholder={String(saved.termUnitCap)} onChange={(e) => setUnits(e.target.value)} />
        </label>
        <label>
          {t('profile.termCourseCap')}
          <input type="number" step="1" min="1" value={courses} placeholder={String(saved.termCourseCap)} onChange={(e) => setCourses(e.target.value)} />
        </label>
        <p className="muted">{saved.schoolType === 'CLG' ? t('profile.termCapsDefaultCollege') : t('profile.termCapsDefaultHigh')}</p>
        <label>
          {t('profile.dualEnrollmentFromGrade')}
          <select value={grade} onChange={(e) => setGrade(Number(e.target.value))}>
            {[9, 10, 11, 12].map((g) => (
              <option key={g} value={g}>
                {t('profile.gradeOption', { grade: g })}
              </option>
            ))}
          </select>
        </label>
        <div className="row">
          <button type="submit" disabled={loading}>
            {t('profile.savePlanningSettings')}
          </button>
        </div>
      </form>
      <SaveNoticeLine notice={notice} />
    </section>
  );
}
