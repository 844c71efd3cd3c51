/** The default header for visitors who are not signed in (platform §2): landing anchors and Sign In. */
import { Link, NavLink } from 'react-router-dom';

const LANDING_LINKS = [
  { hash: 'articles', label: 'Articles' },
  { hash: 'faqs', label: 'FAQs' },
  { hash: 'demo', label: 'Demo' },
  { hash: 'about', label: 'About Us' },
] as const;

export function PublicHeader() {
  return (
    <header className="app-header" data-header="default">
      <div className="inner">
        <Link to="/" className="brand">Pathway Planner</Link>
        {/* "collapsible": the shared stylesheet hides this nav at 767px and below. */}
        <nav className="collapsible" aria-label="Main">
          {LANDING_LINKS.map((item) => (
            <Link key={item.hash} to={{ pathname: '/', hash: item.hash }}>{item.label}</Link>
          ))}
          <NavLink to="/log-in">Sign In</NavLink>
        </nav>
      </div>
    </header>
  );
}
