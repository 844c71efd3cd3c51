/**
 * The session as screens read it (useSession), apart from how it is loaded: this module holds no
 * GraphQL client, so the signed-out landing page can use the session and the language without
 * loading Apollo. SessionProvider.tsx loads the signed-in session through GraphQL.
 */
import { createContext, useContext } from 'react';
import type { Locale } from '@planner/shared';
import type { ViewFlags } from './routing';
import type { SessionUser } from './storage';

export interface Session {
  user: SessionUser | null;
  loading: boolean;
  flags: ViewFlags;
  refresh(): Promise<SessionUser | null>;
  /** Remembers the language on the signed-in account (nothing to do when signed out). */
  saveLocale(locale: Locale): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** A visitor with no token: the landing page's session. */
export const SIGNED_OUT: Session = {
  user: null,
  loading: false,
  flags: { adminViewing: false, parentViewing: false },
  refresh: async () => null,
  saveLocale: async () => {},
};

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
