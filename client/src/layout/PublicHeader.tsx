/** The default header for visitors who are not signed in (platform §2): landing anchors and Sign In. */
import { Link, NavLink } from 'react-router-dom';
import { useT } from '../i18n';
import { LanguageSwitch } from '../i18n/LanguageSwitch';

const LANDING_LINKS = [
  { hash: 'articles', label: 'layout.articles' },
  { hash: 'faqs', label: 'layout.faqs' },
  { hash: 'demo', label: 'layout.demo' },
  { hash: 'about', label: 'layout.aboutUs' },
] as const;

export function PublicHeader() {
  const t = useT();
  return (
    <header className="app-header" data-header="default">
      <div className="inner">
        <Link to="/" className="brand">
          {t('layout.pathwayPlanner')}
        </Link>
        {/* "collapsible": the shared stylesheet hides this nav at 767px and below. */}
        <nav className="collapsible" aria-label={t('layout.main')}>
          {LANDING_LINKS.map((item) => (
            <Link key={item.hash} to={{ pathname: '/', hash: item.hash }}>
              {t(item.label)}
            </Link>
          ))}
          <NavLink to="/log-in">{t('common.signIn')}</NavLink>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
