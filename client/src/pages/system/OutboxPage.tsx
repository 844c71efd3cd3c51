/**
 * Outbox (/outbox), for staff: every email and text message with its delivery state — sent,
 * pending (waiting, or retrying with the next attempt's time) or failed (with the last error) —
 * filterable by status, 50 a page. Bodies show only where the server allows it (development).
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import '../../components/ops.css';
import { OutboxMessagesDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';

const PAGE = 50;
const when = (iso: unknown) => (iso ? new Date(String(iso)).toLocaleString('en-US') : '');
const STATUS_LABEL: Record<string, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };

export default function OutboxPage() {
  const { user } = useSession();
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, loading, error } = useQuery(OutboxMessagesDocument, {
    variables: { status: status || null, limit: PAGE, offset },
    skip: user?.userType !== 2,
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error('Failed to load the outbox', error);
  }, [error]);

  if (user?.userType !== 2) return <main className="page"><h1>Outbox</h1><p>This page is for staff.</p></main>;
  const page = data?.outboxMessages;
  return (
    <main className="page stack">
      <h1>Outbox</h1>
      <p className="muted" style={{ margin: 0 }}>Emails and text messages, newest first. A failed send is retried with growing delays, then marked Failed.</p>
      <label style={{ maxWidth: 240 }}>
        Status
        <select value={status} onChange={(e) => { setStatus(e.target.value); setOffset(0); }}>
          <option value="">All</option>
          <option value="pending">Pending</option>
          <option value="sent">Sent</option>
          <option value="failed">Failed</option>
        </select>
      </label>
      {error && <div className="alert alert-danger" role="alert">The outbox could not be loaded.</div>}
      {loading && !page ? (
        <p role="status">Loading...</p>
      ) : page && page.nodes.length === 0 ? (
        <p>No messages.</p>
      ) : page ? (
        <>
          <p className="muted" aria-live="polite">{page.totalCount} messages</p>
          <div style={{ overflowX: 'auto' }}>
            <table className="data">
              <thead>
                <tr><th scope="col">Queued</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Details</th></tr>
              </thead>
              <tbody>
                {page.nodes.map((m) => (
                  <tr key={m.id}>
                    <td>{when(m.createdAt)}</td>
                    <td>{m.channel === 'sms' ? `Text: ${m.recipient}` : m.recipient}</td>
                    <td>
                      {m.subject || <span className="muted">(text message)</span>}
                      {m.body && (
                        <details>
                          <summary>Message</summary>
                          <div className="outbox-body">{m.body}</div>
                        </details>
                      )}
                    </td>
                    <td>{STATUS_LABEL[m.status] ?? m.status}</td>
                    <td>{m.attempts}</td>
                    <td>
                      {m.status === "sent" && m.sentAt ? <>Sent {when(m.sentAt)}</> : null}
                      {m.lastError && <div>Last error: {m.lastError}</div>}
                      {m.status === "pending" && m.attempts > 0 && m.nextAttemptAt ? <div>Next attempt {when(m.nextAttemptAt)}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="row">
            <button type="button" className="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
            <button type="button" className="secondary" disabled={offset + PAGE >= page.totalCount} onClick={() => setOffset(offset + PAGE)}>Older</button>
          </div>
        </>
      ) : null}
    </main>
  );
}
