/** The site footer on every page (platform §2): the year, the Privacy Policy and the other legal pages. */
import { Link } from 'react-router-dom';
import '../pages/landing/landing.css';
import { useT } from '../i18n';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'layout.privacyPolicy' },
  { to: '/terms-of-use', label: 'layout.termsOfUse' },
  { to: '/service-agreement', label: 'layout.serviceAgreement' },
  { to: '/acceptable-use-policy', label: 'layout.acceptableUsePolicy' },
] as const;

export function Footer() {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="inner">
        <p>{t('layout.yearPathwayPlanner', { year })}</p>
        <nav aria-label={t('layout.legal')}>
          {LEGAL_LINKS.map((item) => (
            <Link key={item.to} to={item.to}>
              {t(item.label)}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
