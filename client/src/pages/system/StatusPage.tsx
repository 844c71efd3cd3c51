/** /test: a system status page for staff — version, database kind, migrations applied, outbox backlog. */
import { useQuery } from '@apollo/client/react';
import { SystemStatusDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';

export default function StatusPage() {
  const { data, error, loading } = useQuery(SystemStatusDocument);
  const s = data?.systemStatus;
  return (
    <main className="page stack">
      <h1>System Status</h1>
      {loading && !s && <p>Loading...</p>}
      {error && <p className="error-text">{messageOr(error, 'The status could not be loaded.')}</p>}
      {s && (
        <table className="data" aria-label="System status">
          <tbody>
            <tr><th scope="row">Version</th><td>{s.version}</td></tr>
            <tr><th scope="row">Database</th><td>{s.databaseKind === 'embedded' ? 'Embedded (PGlite)' : 'PostgreSQL server'}</td></tr>
            <tr><th scope="row">Migrations applied</th><td>{s.migrations.length}: {s.migrations.join(', ')}</td></tr>
            <tr><th scope="row">Outbox backlog</th><td>{s.outboxBacklog} message{s.outboxBacklog === 1 ? '' : 's'} waiting</td></tr>
          </tbody>
        </table>
      )}
    </main>
  );
}
