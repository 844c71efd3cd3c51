/**
 * Personal API tokens on the profile page (staff): create a named token that expires, see it once
 * (with a copy button), list name / created / expires / last used / last four characters, revoke.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiTokensDocument, CreateApiTokenDocument, RevokeApiTokenDocument } from '../graphql/generated';
import './ops.css';

const LIFETIMES = [30, 90, 180, 365];
const day = (iso: unknown) => new Date(String(iso)).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function ApiTokensCard() {
  const { data, error, refetch } = useQuery(ApiTokensDocument, { fetchPolicy: 'cache-and-network' });
  const [create, creating] = useMutation(CreateApiTokenDocument);
  const [revoke] = useMutation(RevokeApiTokenDocument);
  const [name, setName] = useState('');
  const [days, setDays] = useState(90);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (error) console.error('Failed to load API tokens', error);
  }, [error]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    setCopied(false);
    try {
      const res = await create({ variables: { name: name.trim(), expiresInDays: days } });
      const created = res.data?.createApiToken;
      if (created) setSecret({ name: created.apiToken.name, token: created.token });
      setName('');
      await refetch();
    } catch (err) {
      setMessage((err as Error).message || 'The token could not be created.');
    }
  }

  async function remove(id: string, tokenName: string) {
    if (!window.confirm(`Revoke the token "${tokenName}"? Scripts using it stop working at once.`)) return;
    try {
      await revoke({ variables: { id } });
      await refetch();
    } catch (err) {
      setMessage((err as Error).message || 'The token could not be revoked.');
    }
  }

  const tokens = data?.apiTokens ?? [];
  return (
    <section className="card stack" aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title" style={{ margin: 0 }}>API Tokens</h2>
      <p className="muted" style={{ margin: 0 }}>
        For your district's scripts and dashboards: send <code>Authorization: Token &lt;token&gt;</code> to <code>/api/</code> (see <a href="/api/openapi.json">the API description</a>) or <code>/graphql</code>. A token acts as you.
      </p>
      <form className="row" onSubmit={submit}>
        <label>
          Token name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder="Nightly SIS sync" required />
        </label>
        <label>
          Expires after
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {LIFETIMES.map((d) => <option key={d} value={d}>{d} days</option>)}
          </select>
        </label>
        <button type="submit" disabled={creating.loading || !name.trim()}>Create Token</button>
      </form>
      {message && <div className="alert alert-danger" role="alert">{message}</div>}
      {secret && (
        <div className="alert alert-success stack" role="status">
          <span>Token "{secret.name}" created. Copy it now: it will not be shown again.</span>
          <code className="token-secret" aria-label="New API token">{secret.token}</code>
          <div className="row">
            <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(secret.token).then(() => setCopied(true))}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" className="link" onClick={() => setSecret(null)}>Done</button>
          </div>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="muted">You have no API tokens.</p>
      ) : (
        <table className="data">
          <caption className="sr-only">Your API tokens</caption>
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Token</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col"><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>…{t.lastFour}</td>
                <td>{day(t.createdAt)}</td>
                <td>{t.expired ? <strong>Expired</strong> : day(t.expiresAt)}</td>
                <td>{t.lastUsedAt ? day(t.lastUsedAt) : 'Never'}</td>
                <td><button type="button" className="danger" onClick={() => void remove(t.id, t.name)} aria-label={`Revoke ${t.name}`}>Revoke</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
