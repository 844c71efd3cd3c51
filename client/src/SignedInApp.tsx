/**
 * Everything past the landing page: the GraphQL client, the session loaded through it, and the
 * route table. main.tsx loads this module on demand, so a signed-out visitor on / never
 * downloads Apollo Client.
 */
import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import App from './App';
import { createApolloClient } from './graphql/client';
import { addEnglish, I18nProvider } from './i18n';
import { en } from './i18n/en';
import enCompiled from './i18n/en?icu-ast';
import { SessionProvider } from './session/SessionProvider';

// The screens past the landing page speak the whole English catalogue.
addEnglish(en, enCompiled);

export default function SignedInApp() {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      <SessionProvider>
        <I18nProvider>
          <App />
        </I18nProvider>
      </SessionProvider>
    </ApolloProvider>
  );
}
