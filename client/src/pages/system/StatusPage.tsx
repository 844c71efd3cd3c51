/** /test: a system status page for staff — version, database kind, migrations applied, outbox backlog. */
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { SystemStatusDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';

export default function StatusPage() {
  const t = useT();
  const { data, error, loading } = useQuery(SystemStatusDocument);
  const s = data?.systemStatus;
  return (
    <main className="page stack">
      <h1>{t('system.systemStatus')}</h1>
      {loading && !s && <p>{t('common.loading')}</p>}
      {error && <p className="error-text">{messageOr(error, t('system.theStatusCouldNotBeLoaded'))}</p>}
      {s && (
        <table className="data" aria-label={t('system.systemStatusTable')}>
          <tbody>
            <tr>
              <th scope="row">{t('system.version')}</th>
              <td>{s.version}</td>
            </tr>
            <tr>
              <th scope="row">{t('system.database')}</th>
              <td>{s.databaseKind === 'embedded' ? t('system.embeddedPglite') : t('system.postgresqlServer')}</td>
            </tr>
            <tr>
              <th scope="row">{t('system.migrationsApplied')}</th>
              <td>
                {s.migrations.length}: {s.migrations.join(', ')}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('system.outboxBacklog')}</th>
              <td>{t('system.backlog', { count: s.outboxBacklog })}</td>
            </tr>
          </tbody>
        </table>
      )}
      <p>
        <Link to="/outbox">{t('ops.openOutbox')}</Link> · <Link to="/graphiql">{t('ops.graphqlExplorer')}</Link>
      </p>
    </main>
  );
}
