/** /admissions/payments: dual-school staff see each family's payments and contract, and record received checks. */
import { useMutation, useQuery } from '@apollo/client/react';
import { fetchFileAsBlobUrl } from '../../components/files';
import { DualSchoolFamiliesDocument, RecordCheckPaymentDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { formatDate, formatDollars } from './format';

const PAGE_SIZE = 25;

export default function FamilyPaymentsPage() {
  const { data, loading, error, fetchMore } = useQuery(DualSchoolFamiliesDocument, { variables: { first: PAGE_SIZE }, fetchPolicy: 'network-only' });
  const [recordCheck, recording] = useMutation(RecordCheckPaymentDocument, { refetchQueries: [DualSchoolFamiliesDocument] });
  const page = data?.dualSchoolFamilies;

  async function record(paymentId: number, title: string, family: string) {
    if (!window.confirm(`Record a received check for "${title}" (${family})?`)) return;
    try {
      await recordCheck({ variables: { paymentId } });
    } catch (e) {
      window.alert(messageOr(e, 'The check could not be recorded. Please try again.'));
    }
  }

  async function openContract(url: string) {
    try {
      window.open(await fetchFileAsBlobUrl(url), '_blank', 'noopener');
    } catch (e) {
      console.error('Failed to open the contract', e);
      window.alert('The contract could not be opened. Please try again.');
    }
  }

  function more() {
    void fetchMore({
      variables: { first: PAGE_SIZE, after: page?.endCursor },
      updateQuery: (prev, { fetchMoreResult }) => ({
        dualSchoolFamilies: { ...fetchMoreResult.dualSchoolFamilies, nodes: [...prev.dualSchoolFamilies.nodes, ...fetchMoreResult.dualSchoolFamilies.nodes] },
      }),
    });
  }

  return (
    <main className="page stack">
      <h1>Family Payments</h1>
      {error && <p className="alert alert-danger" role="alert">{messageOr(error, 'Family payments could not be loaded.')}</p>}
      {loading && !data ? <p>Loading...</p> : page && page.nodes.length === 0 ? <p>No accepted or enrolled families yet.</p> : null}
      {page?.nodes.map((f) => (
        <section key={f.parentId} className="card stack" aria-label={f.parentName}>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <div>
              <h2 style={{ margin: 0 }}>{f.parentName}</h2>
              <div className="muted">{f.email} · Student: {f.contract?.studentName || 'not recorded'} · Status: {f.applicationStatus ?? 'N/A'}</div>
            </div>
            {f.contract?.pdfUrl && f.contract.status === 'completed' && (
              <button type="button" className="secondary" onClick={() => openContract(f.contract!.pdfUrl!)}>Download Contract</button>
            )}
          </div>
          {f.payments.length === 0 ? (
            <p className="muted">No payments yet{f.contract?.status === 'completed' ? '' : ': the contract is not signed'}.</p>
          ) : (
            <table className="data">
              <thead><tr><th>Title</th><th>Due Date</th><th>Amount</th><th>Status</th><th>Action</th></tr></thead>
              <tbody>
                {f.payments.map((p) => (
                  <tr key={p.id}>
                    <td>{p.title}</td><td>{formatDate(p.dueDate)}</td><td>{formatDollars(p.amount)}</td>
                    <td>{p.status === 'due' ? 'Due' : p.status === 'paid' ? 'Paid' : 'Replaced by monthly plan'}</td>
                    <td>{p.status === 'due' && (
                      <button type="button" onClick={() => record(p.id, p.title, f.parentName)} disabled={recording.loading}>Record Check</button>
                    )}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      {page?.hasNextPage && <div><button type="button" className="secondary" onClick={more}>Load more</button></div>}
    </main>
  );
}
