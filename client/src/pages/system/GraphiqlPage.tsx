/**
 * GraphiQL explorer (/graphiql) for staff: the schema's documentation and a query editor against
 * /graphql with the signed-in session's token. Bundled with the app (graphiql 5, Monaco editor
 * workers from the same origin): no CDN. Loaded lazily, so other pages do not carry it.
 * Queries run as the staff member, with the same rules and limits as every other caller.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import '../../components/ops.css';
import { GraphiQL } from 'graphiql';
import { useT } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { authHeaders } from '../../api/rest';

const DEFAULT_QUERY = `# Explore the Pathway Planner API. Open the docs (book icon) to browse every type.
# Scripts use the same endpoint with a personal API token (My Profile > API Tokens).
query MyStudents {
  students(first: 10) {
    totalCount
    nodes { firstName lastName email grade }
  }
}
`;

async function fetcher(params: unknown) {
  // GraphiQL's own fetcher (a GraphQL POST that answers JSON, errors included), not a REST call.
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...authHeaders() },
    body: JSON.stringify(params),
  });
  return res.json();
}

export default function GraphiqlPage() {
  const t = useT();
  const { user } = useSession();
  if (user?.userType !== 'Staff') {
    return (
      <main className="page">
        <h1>{t('ops.graphqlExplorer')}</h1>
        <p>{t('ops.forStaff')}</p>
      </main>
    );
  }
  return (
    <main className="graphiql-page" style={{ height: 'calc(100vh - 64px)' }} aria-label={t('ops.graphqlExplorer')}>
      <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
    </main>
  );
}
