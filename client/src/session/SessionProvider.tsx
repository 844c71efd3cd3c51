/**
 * Loads the current user at start (with a loading flag), caches it whole in browser storage, and
 * exposes the view-as flags. A failed fetch is logged and the app carries on as logged out.
 */
import { useQuery } from '@apollo/client/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { CurrentUserDocument } from '../graphql/generated';
import type { ViewFlags } from './routing';
import { cacheUser, getToken, isAdminViewing, isParentViewing, KEYS, type SessionUser } from './storage';

export interface Session {
  user: SessionUser | null;
  loading: boolean;
  flags: ViewFlags;
  refresh(): Promise<SessionUser | null>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const hasToken = !!getToken();
  const { data, loading, error, refetch } = useQuery(CurrentUserDocument, { skip: !hasToken, fetchPolicy: 'network-only' });

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
    }),
    [user, loading, hasToken, data, refetch],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
