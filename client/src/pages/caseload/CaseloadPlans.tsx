/**
 * Generating plans from the caseload. For the students selected, "Generate plans for their
 * pathways" starts a background batch on the server: each student's plan for the pathways they
 * follow, saved as a what-if plan named for them (official plans never change); the progress and
 * each result are read every second until the batch is done. With one student selected, the
 * counselor can instead generate and preview that student's plan and save it (the plan page's
 * panel, for that student).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { messageOr, rowReasonText } from '../../graphql/errors';
import { useT } from '../../i18n';
import { AutoPlanPanel, ShortfallText } from '../plan/AutoPlanPanel';
import { AutoPlanBatchDocument, GeneratePlansForStudentsDocument, type AutoPlanBatchFieldsFragment } from './caseload.generated';

export interface SelectedStudent {
  studentId: number;
  name: string;
}

export function CaseloadPlans({ selected }: { selected: SelectedStudent[] }) {
  const t = useT();
  const [start, starting] = useMutation(GeneratePlansForStudentsDocument);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [single, setSingle] = useState<SelectedStudent | null>(null);
  const [savedFor, setSavedFor] = useState<string | null>(null);

  async function generate() {
    setError(null);
    setSavedFor(null);
    try {
      const res = await start({ variables: { studentIds: selected.map((s) => s.studentId) } });
      if (res.data) setBatchId(res.data.generatePlansForStudents.id);
    } catch (err) {
      setError(messageOr(err, t('caseload.generateFailed')));
    }
  }

  const one = selected.length === 1 ? selected[0] : null;
  // Nothing selected and nothing under way: no room taken from the table.
  if (!selected.length && !batchId && !single && !savedFor && !error) return null;
  return (
    <section className="stack" aria-label={t('caseload.batchTitle')}>
      <div className="row" style={{ flexWrap: 'wrap', gap: 8 }}>
        <span className="muted">{t('caseload.selected', { count: selected.length })}</span>
        <button type="button" disabled={!selected.length || starting.loading} onClick={generate}>
          {t('caseload.generatePlans')}
        </button>
        {one && (
          <button type="button" onClick={() => (setSingle(one), setSavedFor(null))}>
            {t('caseload.generatePlanFor', { name: one.name })}
          </button>
        )}
      </div>
      {selected.length > 0 && <p className="muted">{t('caseload.generateIntro')}</p>}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {savedFor && (
        <p className="alert alert-success" role="status">
          {t('caseload.planSaved', { name: savedFor })}
        </p>
      )}
      {single && (
        <div className="stack">
          <AutoPlanPanel
            key={single.studentId}
            studentId={single.studentId}
            onSaved={() => {
              setSavedFor(single.name);
              setSingle(null);
            }}
          />
          <div className="row">
            <button type="button" className="secondary" onClick={() => setSingle(null)}>
              {t('caseload.closePanel')}
            </button>
          </div>
        </div>
      )}
      {batchId && <BatchProgress id={batchId} />}
    </section>
  );
}

function BatchProgress({ id }: { id: string }) {
  const t = useT();
  const { data, stopPolling } = useQuery(AutoPlanBatchDocument, { variables: { id }, pollInterval: 1000, fetchPolicy: 'network-only' });
  const batch = data?.autoPlanBatch;
  const finished = batch?.state === 'done' || batch?.state === 'failed';
  useEffect(() => {
    if (finished) stopPolling();
  }, [finished, stopPolling]);
  if (!batch) return <p role="status">{t('common.loading')}</p>;
  return (
    <div className="card stack">
      <h2>{t('caseload.batchTitle')}</h2>
      <progress value={batch.done} max={batch.total} aria-label={t('caseload.batchTitle')} />
      <p role="status">{t('caseload.batchProgress', { done: batch.done, total: batch.total })}</p>
      {batch.state === 'failed' && (
        <div className="alert alert-danger" role="alert">
          {t('caseload.batchFailed')}
        </div>
      )}
      <ul className="batch-results">
        {batch.results.map((r) => (
          <li key={r.studentId}>
            <strong>
              {r.lastName}, {r.firstName}
            </strong>
            : <BatchOutcome result={r} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function BatchOutcome({ result: r }: { result: AutoPlanBatchFieldsFragment['results'][number] }) {
  const t = useT();
  switch (r.outcome) {
    case 'SAVED':
      return <>{t('caseload.batchSaved', { name: r.planName ?? '' })}</>;
    case 'INFEASIBLE':
      return (
        <>
          {r.shortfalls.map((s) => (
            <span key={s.requirementId} className="text-danger">
              <ShortfallText shortfall={s} />{' '}
            </span>
          ))}
        </>
      );
    case 'UNPROVEN':
      return <>{t('caseload.batchUnproven')}</>;
    case 'NO_PATHWAY':
      return <>{t('caseload.batchNoPathway')}</>;
    case 'NOT_SAVED':
      return (
        <>
          {t('caseload.batchNotSaved')} {r.reason ? rowReasonText(r.reason) : ''}
        </>
      );
    default:
      return <span className="muted">{t('caseload.batchWaiting')}</span>;
  }
}
