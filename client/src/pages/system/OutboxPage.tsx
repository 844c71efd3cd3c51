/**
 * Outbox (/outbox), for staff: every email and text message with its delivery state — sent,
 * pending (waiting, or retrying with the next attempt's time) or failed (with the last error) —
 * filterable by status, 50 a page. Bodies show only where the server allows it (development).
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import '../../components/ops.css';
import '../../components/tables.css';
import { OutboxMessagesDocument, type OutboxStatus } from '../../graphql/generated';
import { chosen } from '../../components/choice';
import { useT, type MessageKey } from '../../i18n';
import { formatDateTime } from '../../i18n/formats';
import { useSession } from '../../session/SessionProvider';

const PAGE = 50;
const when = (iso: unknown) => (iso ? formatDateTime(String(iso)) : '');
const STATUS_LABEL: Record<OutboxStatus, MessageKey> = { pending: 'ops.pending', sent: 'ops.sent', failed: 'ops.failed' };
const STATUSES = Object.keys(STATUS_LABEL) as OutboxStatus[];

export default function OutboxPage() {
  const t = useT();
  const { user } = useSession();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const { data, loading, error } = useQuery(OutboxMessagesDocument, {
    variables: { status: status || null, limit: PAGE, offset },
    skip: user?.userType !== 'Staff',
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error('Failed to load the outbox', error);
  }, [error]);

  if (user?.userType !== 'Staff')
    return (
      <main className="page">
        <h1>{t('ops.outbox')}</h1>
        <p>{t('ops.forStaff')}</p>
      </main>
    );
  const page = data?.outboxMessages;
  return (
    <main className="page stack">
      <h1>{t('ops.outbox')}</h1>
      <p className="muted" style={{ margin: 0 }}>
        {t('ops.outboxIntro')}
      </p>
      <label style={{ maxWidth: 240 }}>
        {t('ops.status')}
        <select
          value={status}
          onChange={(e) => {
            setStatus(chosen(STATUSES, e.target.value));
            setOffset(0);
          }}
        >
          <option value="">{t('ops.all')}</option>
          <option value="pending">{t('ops.pending')}</option>
          <option value="sent">{t('ops.sent')}</option>
          <option value="failed">{t('ops.failed')}</option>
        </select>
      </label>
      {error && (
        <div className="alert alert-danger" role="alert">
          {t('ops.outboxLoadFailed')}
        </div>
      )}
      {loading && !page ? (
        <p role="status">{t('common.loading')}</p>
      ) : page && page.nodes.length === 0 ? (
        <p>{t('ops.noMessages')}</p>
      ) : page ? (
        <>
          <p className="muted" aria-live="polite">
            {t('ops.messagesCount', { count: page.totalCount })}
          </p>
          <div className="table-fit">
            <table className="data cards">
              <thead>
                <tr>
                  <th scope="col">{t('ops.queued')}</th>
                  <th scope="col">{t('ops.to')}</th>
                  <th scope="col">{t('ops.subject')}</th>
                  <th scope="col">{t('ops.status')}</th>
                  <th scope="col">{t('ops.attempts')}</th>
                  <th scope="col">{t('ops.details')}</th>
                </tr>
              </thead>
              <tbody>
                {page.nodes.map((m) => (
                  <tr key={m.id}>
                    <td data-label={t('ops.queued')}>{when(m.createdAt)}</td>
                    <td data-label={t('ops.to')} className="cell-break">
                      {m.channel === 'sms' ? t('ops.textTo', { recipient: m.recipient }) : m.recipient}
                    </td>
                    <td data-label={t('ops.subject')} className="cell-break">
                      <div>
                        {m.subject || <span className="muted">{t('ops.textMessage')}</span>}
                        {m.body && (
                          <details>
                            <summary>{t('ops.message')}</summary>
                            <div className="outbox-body">{m.body}</div>
                          </details>
                        )}
                      </div>
                    </td>
                    <td data-label={t('ops.status')}>{STATUS_LABEL[m.status] ? t(STATUS_LABEL[m.status]) : m.status}</td>
                    <td data-label={t('ops.attempts')}>{m.attempts}</td>
                    <td data-label={t('ops.details')} className="cell-break">
                      <div>
                        {m.status === 'sent' && m.sentAt ? t('ops.sentAt', { when: when(m.sentAt) }) : null}
                        {m.lastError && <div>{t('ops.lastError', { error: m.lastError })}</div>}
                        {m.status === 'pending' && m.attempts > 0 && m.nextAttemptAt ? <div>{t('ops.nextAttempt', { when: when(m.nextAttemptAt) })}</div> : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="row">
            <button type="button" className="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              {t('ops.newer')}
            </button>
            <button type="button" className="secondary" disabled={offset + PAGE >= page.totalCount} onClick={() => setOffset(offset + PAGE)}>
              {t('ops.older')}
            </button>
          </div>
        </>
      ) : null}
    </main>
  );
}
