/** Chooses the header of platform §2 for the current user and view, with the view banners. */
import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { ReturnToAdminViewDocument, ReturnToParentViewDocument } from '../graphql/generated';
import { errorInfo } from '../graphql/errors';
import { applicationProgress, headerKind, navItems, type HeaderKind } from '../session/routing';
import { useSession } from '../session/SessionProvider';
import { APPLICATION_STEP_EVENT, clearSession, endViewAs, getApplicationStep, KEYS, reloadTo } from '../session/storage';
import { PublicHeader } from './PublicHeader';
import { HeaderMenu } from './HeaderMenu';
import { SignOutButton } from '../session/SignOutButton';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { useLocale, useT } from '../i18n';
import { rich } from '../i18n/rich';

export function AppHeader() {
  const t = useT();
  const { user, flags } = useSession();
  const kind = headerKind(user, flags);
  if (kind === 'default') return <PublicHeader />;
  if (kind === 'restricted') return <RestrictedHeader />;
  const items = navItems(kind, user);
  const languageSwitch = kind === 'parent' || kind === 'parent-as-student';
  const initials = user ? `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || '?' : '?';
  return (
    <>
      <header className="app-header" data-header={kind}>
        <div className="inner">
          <Link to="/" className="brand">
            {t('layout.pathwayPlanner')}
          </Link>
          <nav className="collapsible" aria-label={t('layout.main')}>
            {items.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          {languageSwitch && <LanguageSwitch className="language-switch wide-only" />}
          <Link to="/profile" className="profile-icon wide-only" aria-label={t('layout.myProfile')} title={t('layout.myProfile')}>
            {initials}
          </Link>
          {/* On a phone the same items sit in the menu. */}
          <HeaderMenu>
            <nav aria-label={t('layout.menu')}>
              {items.map((item) => (
                <NavLink key={item.to} to={item.to}>
                  {t(item.label)}
                </NavLink>
              ))}
              <NavLink to="/profile">{t('layout.myProfile')}</NavLink>
            </nav>
            {languageSwitch && (
              <>
                <hr />
                <LanguageSwitch />
              </>
            )}
          </HeaderMenu>
        </div>
      </header>
      {(kind === 'admin-as-student' || kind === 'parent-as-student') && <ViewBanner kind={kind} />}
    </>
  );
}

function ViewBanner({ kind }: { kind: Extract<HeaderKind, 'admin-as-student' | 'parent-as-student'> }) {
  const t = useT();
  const { locale } = useLocale();
  const { user } = useSession();
  const [returnToAdmin, adminState] = useMutation(ReturnToAdminViewDocument);
  const [returnToParent, parentState] = useMutation(ReturnToParentViewDocument);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const isBaseline = user?.userType === 'BaselinePlan';
  const busy = adminState.loading || parentState.loading;

  async function back() {
    const role = kind === 'admin-as-student' ? 'admin' : 'parent';
    const held = localStorage.getItem(role === 'admin' ? KEYS.adminToken : KEYS.parentToken) ?? '';
    try {
      const token =
        role === 'admin'
          ? (await returnToAdmin({ variables: { adminToken: held } })).data?.returnToAdminView.token
          : (await returnToParent({ variables: { parentToken: held } })).data?.returnToParentView.token;
      if (!token) throw new Error('No token returned');
      endViewAs(role, token);
      reloadTo(role === 'parent' ? '/parent-students' : isBaseline ? '/auto-gen-plans' : '/students-list');
    } catch (e) {
      console.error('Failed to return to your own view', e);
      // The admin's or parent's own session has ended: the only way back is signing in again.
      const code = errorInfo(e).code;
      if (code === 'FORBIDDEN' || code === 'BAD_USER_INPUT' || code === 'UNAUTHENTICATED') {
        clearSession();
        reloadTo('/log-in');
      }
    }
  }

  return (
    <div className="view-banner" role="status">
      <div className="inner">
        <span>
          {rich(locale, kind === 'admin-as-student' && isBaseline ? 'layout.youAreInBaselinePlanView' : 'layout.youAreInStudentView', { name: <strong>{name}</strong> })}
        </span>
        <button type="button" onClick={back} disabled={busy}>
          {kind === 'admin-as-student' ? t('layout.returnToAdminView') : t('layout.returnToParentView')}
        </button>
      </div>
    </div>
  );
}

/** The dual-school parent's header while the application is unfinished. */
export function RestrictedHeader() {
  const t = useT();
  // Follows the wizard: it stores applicationStep and fires APPLICATION_STEP_EVENT on every step change.
  const [step, setStep] = useState(getApplicationStep);
  useEffect(() => {
    const update = () => setStep(getApplicationStep());
    window.addEventListener(APPLICATION_STEP_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(APPLICATION_STEP_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  const pct = Math.round(applicationProgress(step) * 100);
  return (
    <header className="app-header" data-header="restricted">
      <div className="inner">
        <span className="brand">{t('layout.dualSchoolAdmissionApplication')}</span>
        <LanguageSwitch className="language-switch wide-only" />
        <SignOutButton className="secondary wide-only" />
        <HeaderMenu>
          <LanguageSwitch />
          <SignOutButton />
        </HeaderMenu>
      </div>
      <div className="progress" role="progressbar" aria-label={t('layout.applicationProgress')} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
        <div style={{ width: `${pct}%` }} />
      </div>
    </header>
  );
}
