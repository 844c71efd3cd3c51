import { useMutation } from '@apollo/client/react';
import { rest } from '../api/rest';
import { LogoutDocument } from '../graphql/generated';
import { clearSession, heldTokens, reloadTo } from './storage';
import { useT } from '../i18n';

/** Revokes the token (and any own token kept aside during a view-as) on the server, clears browser storage, goes to /. */
export function SignOutButton({ className }: { className?: string }) {
  const t = useT();
  const [logout, { loading }] = useMutation(LogoutDocument);
  async function signOut() {
    try {
      await logout();
    } catch (e) {
      // Signing out locally still happens: the token may already be gone on the server.
      console.error('Sign-out request failed', e);
    }
    // Signing out while viewing as a student ends the person's own session kept aside, too.
    await Promise.all(heldTokens().map((token) => rest('/api/logout/', { method: 'POST', token }).catch((e: unknown) => console.error('Sign-out request failed', e))));
    clearSession();
    reloadTo('/');
  }
  return (
    <button type="button" className={className} onClick={signOut} disabled={loading}>
      {t('app.signOut')}
    </button>
  );
}
