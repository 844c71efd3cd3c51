/** Admissions (/admissions): Dual School staff's list of applications with status and submitted date. */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdmissionApplicationsDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';

const PAGE = 50;
const STATUSES = ['complete', 'in_progress', 'not_started', 'accepted', 'declined', 'enrolled'];

export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '');

export default function AdmissionsListPage() {
  const [status, setStatus] = useState('');
  const { data, loading, error, fetchMore } = useQuery(AdmissionApplicationsDocument, {
    variables: { status: status || null, first: PAGE },
    fetchPolicy: 'network-only',
  });
  const page = data?.applications;

  async function more() {
    if (!page?.endCursor) return;
    await fetchMore({
      variables: { after: page.endCursor },
      updateQuery: (prev, { fetchMoreResult }) => ({
        applications: { ...fetchMoreResult.applications, nodes: [...prev.applications.nodes, ...fetchMoreResult.applications.nodes] },
      }),
    });
  }

  return (
    <main className="page stack">
      <h1>Admissions</h1>
      <label style={{ maxWidth: 280 }}>
        Status
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All applications</option>
          {STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </label>
      {error && <div className="alert alert-danger" role="alert">{messageOr(error, 'The applications could not be loaded.')}</div>}
      {loading && !data ? (
        <p role="status">Loading...</p>
      ) : page && page.nodes.length === 0 ? (
        <p>No applications yet.</p>
      ) : page ? (
        <>
          <p className="muted">{page.totalCount} application(s)</p>
          <table className="data">
            <thead><tr><th>Student</th><th>Parent</th><th>Status</th><th>Submitted</th><th>Action</th></tr></thead>
            <tbody>
              {page.nodes.map((a) => (
                <tr key={a.id}>
                  <td>{a.studentName ?? 'N/A'}</td>
                  <td>{a.parent ? `${a.parent.firstName} ${a.parent.lastName}`.trim() : ''}<br /><span className="muted">{a.parent?.email}</span></td>
                  <td>{a.applicationStatus}</td>
                  <td>{formatDate(a.submittedAt)}</td>
                  <td><Link to={`/admissions/${a.id}`} aria-label={`Review application of ${a.studentName ?? a.parent?.email ?? a.id}`}>Review</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.hasNextPage && <button type="button" className="secondary" onClick={more}>Load more</button>}
        </>
      ) : null}
    </main>
  );
}
