/**
 * Loads the current user at start (with a loading flag), caches it whole in browser storage, and
 * exposes the view-as flags. A failed fetch is logged and the app carries on as logged out.
 * It needs the GraphQL client, so it loads with the signed-in routes (SignedInApp.tsx); screens
 * read the session through useSession (context.ts, re-exported here).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { CurrentUserDocument, UpdateLocaleDocument } from '../graphql/generated';
import { SessionContext, type Session } from './context';
import { cacheUser, getToken, isAdminViewing, isParentViewing, KEYS } from './storage';

export { useSession, type Session } from './context';

export function SessionProvider({ children }: { children: ReactNode }) {
  const hasToken = !!getToken();
  const { data, loading, error, refetch } = useQuery(CurrentUserDocument, { skip: !hasToken, fetchPolicy: 'network-only' });
  const [saveLocale] = useMutation(UpdateLocaleDocument);

  useEffect(() => {
    if (error) console.error('Failed to load the current user', error);
  }, [error]);

  const user = error ? null : (data?.currentUser ?? null);
  useEffect(() => {
    if (loading) return;
    if (user) cacheUser(user);
    // A token the server no longer accepts (signed out elsewhere, expired) is dropped.
    else if (hasToken && data && !data.currentUser) localStorage.removeItem(KEYS.token);
  }, [user, loading, hasToken, data]);

  const value = useMemo<Session>(
    () => ({
      user,
      loading: hasToken && loading && !data,
      flags: { adminViewing: isAdminViewing(), parentViewing: isParentViewing() },
      refresh: async () => {
        const result = await refetch();
        const fresh = result.data?.currentUser ?? null;
        cacheUser(fresh);
        return fresh;
      },
      saveLocale: async (locale) => {
        await saveLocale({ variables: { locale } });
      },
    }),
    [user, loading, hasToken, data, refetch, saveLocale],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
