/**
 * Personal API tokens on the profile page (staff): create a named token that expires, see it once
 * (with a copy button), list name / created / expires / last used / last four characters, revoke.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiTokensDocument, CreateApiTokenDocument, RevokeApiTokenDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';
import { formatDate } from '../../i18n/formats';
import '../../components/ops.css';

const LIFETIMES = [30, 90, 180, 365];
const day = (iso: unknown) => formatDate(String(iso));

export function ApiTokensCard() {
  const t = useT();
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
      setMessage(messageOr(err, t('ops.tokenNotCreated')));
    }
  }

  async function remove(id: string, tokenName: string) {
    if (!window.confirm(t('ops.revokeConfirm', { name: tokenName }))) return;
    try {
      await revoke({ variables: { id } });
      await refetch();
    } catch (err) {
      setMessage(messageOr(err, t('ops.tokenNotRevoked')));
    }
  }

  const tokens = data?.apiTokens ?? [];
  return (
    <section className="card stack" aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title" style={{ margin: 0 }}>
        {t('ops.apiTokens')}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('ops.apiTokensIntro')}
      </p>
      <p style={{ margin: 0 }}>
        <a href="/api/openapi.json">{t('ops.apiDescription')}</a> · <Link to="/graphiql">{t('ops.graphqlExplorer')}</Link>
      </p>
      <form className="row" onSubmit={submit}>
        <label>
          {t('ops.tokenName')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder={t('ops.tokenNamePlaceholder')} required />
        </label>
        <label>
          {t('ops.expiresAfter')}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {LIFETIMES.map((d) => (
              <option key={d} value={d}>
                {t('ops.days', { days: d })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={creating.loading || !name.trim()}>
          {t('ops.createToken')}
        </button>
      </form>
      {message && (
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
      )}
      {secret && (
        <div className="alert alert-success stack" role="status">
          <span>{t('ops.tokenCreated', { name: secret.name })}</span>
          <code className="token-secret" aria-label={t('ops.newApiToken')}>
            {secret.token}
          </code>
          <div className="row">
            <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(secret.token).then(() => setCopied(true))}>
              {copied ? t('ops.copied') : t('ops.copy')}
            </button>
            <button type="button" className="link" onClick={() => setSecret(null)}>
              {t('ops.done')}
            </button>
          </div>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="muted">{t('ops.noApiTokens')}</p>
      ) : (
        <table className="data">
          <caption className="sr-only">{t('ops.yourApiTokens')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ops.name')}</th>
              <th scope="col">{t('ops.token')}</th>
              <th scope="col">{t('ops.created')}</th>
              <th scope="col">{t('ops.expires')}</th>
              <th scope="col">{t('ops.lastUsed')}</th>
              <th scope="col">
                <span className="sr-only">{t('ops.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((tok) => (
              <tr key={tok.id}>
                <td>{tok.name}</td>
                <td>…{tok.lastFour}</td>
                <td>{day(tok.createdAt)}</td>
                <td>{tok.expired ? <strong>{t('ops.expired')}</strong> : day(tok.expiresAt)}</td>
                <td>{tok.lastUsedAt ? day(tok.lastUsedAt) : t('ops.never')}</td>
                <td>
                  <button type="button" className="danger" onClick={() => void remove(tok.id, tok.name)} aria-label={t('ops.revokeNamed', { name: tok.name })}>
                    {t('ops.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
