import { lazy, StrictMode, startTransition, Suspense, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { I18nProvider, warmIntl } from './i18n';
import { Footer } from './layout/Footer';
import { PublicHeader } from './layout/PublicHeader';
import LandingPage from './pages/landing/LandingPage';
import { SessionContext, SIGNED_OUT } from './session/context';
import { getToken } from './session/storage';
import './styles.css';

// The first bundle holds React, the router, the i18n layer and the landing page. A visitor with no
// token on / gets the landing page alone; any other path, or a token, loads the GraphQL client,
// the session and the route table (SignedInApp), and keeps them for the rest of the visit.
const loadSignedInApp = () => import('./SignedInApp');
const SignedInApp = lazy(loadSignedInApp);
// A signed-in start formats with FormatJS from its first screen: the browser's Intl data loads
// while the signed-in app downloads, in short tasks of its own.
if (getToken() || window.location.pathname !== '/') warmIntl();

function Root() {
  const { pathname } = useLocation();
  const signedIn = useRef(false);
  if (getToken() || pathname !== '/') signedIn.current = true;
  if (signedIn.current) {
    return (
      <Suspense fallback={<div className="app-content" aria-busy="true" />}>
        <SignedInApp />
      </Suspense>
    );
  }
  return (
    <SessionContext.Provider value={SIGNED_OUT}>
      <I18nProvider>
        {/* The visitor's first move toward another page starts loading it. */}
        <div onPointerOver={preload} onFocus={preload} onTouchStart={preload}>
          <PublicHeader />
          <div className="app-content">
            <LandingPage />
          </div>
          <Footer />
        </div>
      </I18nProvider>
    </SessionContext.Provider>
  );
}

let preloading = false;
function preload() {
  if (preloading) return;
  preloading = true;
  loadSignedInApp().catch((e) => {
    preloading = false;
    console.error('Failed to load the app', e);
  });
}

// The first render runs as a transition: React renders it in short slices that yield to the
// browser, instead of one long task while the page starts (total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </StrictMode>,
  ),
);
