import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App from './App';
import { createApolloClient } from './graphql/client';
import { I18nProvider } from './i18n';
import { SessionProvider } from './session/SessionProvider';
import './styles.css';

// The first render runs as a transition: React renders it in short slices that yield to the
// browser, instead of one long task while the page starts (total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(
  <StrictMode>
    <ApolloProvider client={createApolloClient()}>
      <SessionProvider>
        <I18nProvider>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </I18nProvider>
      </SessionProvider>
    </ApolloProvider>
  </StrictMode>,
));
