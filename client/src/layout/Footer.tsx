/** The site footer on every page (platform §2): the year, the Privacy Policy and the other legal pages. */
import { Link } from 'react-router-dom';
import '../pages/landing/landing.css';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-use', label: 'Terms of Use' },
  { to: '/service-agreement', label: 'Service Agreement' },
  { to: '/acceptable-use-policy', label: 'Acceptable Use Policy' },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="inner">
        <p>© {year} Pathway Planner</p>
        <nav aria-label="Legal">
          {LEGAL_LINKS.map((item) => (
            <Link key={item.to} to={item.to}>{item.label}</Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
