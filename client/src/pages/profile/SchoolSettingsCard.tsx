/**
 * Staff: their school's settings that they may change here; for now plan review and approval
 * (students submit their plan, counselors approve or return it). The server refuses anyone else.
 */
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { SetPlanApprovalEnabledDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';
import { SaveNoticeLine, type SaveNotice } from '../../components/SaveNotice';

export function SchoolSettingsCard({ schoolName, planApprovalEnabled }: { schoolName: string; planApprovalEnabled: boolean }) {
  const t = useT();
  const [save, { loading }] = useMutation(SetPlanApprovalEnabledDocument);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  async function toggle(enabled: boolean) {
    setNotice(null);
    try {
      await save({ variables: { enabled } });
      setNotice({ ok: true, text: t('profile.schoolSettingsSaved') });
    } catch (e) {
      setNotice({ ok: false, text: messageOr(e, t('profile.schoolSettingsFailed')) });
    }
  }
  return (
    <section className="card stack" aria-labelledby="school-settings-title">
      <h2 id="school-settings-title">{t('profile.schoolSettings', { school: schoolName })}</h2>
      <label className="row">
        <input type="checkbox" checked={planApprovalEnabled} disabled={loading} onChange={(e) => void toggle(e.target.checked)} />
        {t('profile.planApprovalEnabled')}
      </label>
      <SaveNoticeLine notice={notice} />
    </section>
  );
}
