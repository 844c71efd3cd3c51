/**
 * Add Term and Edit Term dialogs of the plan page (planning §2, §5, §8). The server validates a term
 * (its label, a term with courses) and its answer is what the dialog shows; the checks made here
 * first, to spare a round trip, use the catalogues' texts.
 */
import { useMutation } from '@apollo/client/react';
import { MAX_LABEL_LENGTH } from '@planner/shared';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { AddTermDocument, DeleteTermDocument, UpdateTermDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import type { PlanTermData } from './planMoves';
import { useT } from '../../i18n';

export function AddTermDialog({ onClose, whatIfPlanId = null }: { onClose(): void; whatIfPlanId?: number | null }) {
  const t = useT();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addTerm, { loading }] = useMutation(AddTermDocument);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!label.trim()) {
      setError(t('plan.labelRequired'));
      return;
    }
    try {
      await addTerm({ variables: { label: label.trim(), whatIfPlanId } });
      onClose();
    } catch (err) {
      console.error('Add term failed', err);
      setError(messageOr(err, t('plan.addFailed')));
    }
  }

  return (
    <AccessibleDialog title={t('plan.addTerm')} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <label>
          {t('plan.enterLabel')}
          <input
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            required
            aria-required="true"
            maxLength={MAX_LABEL_LENGTH}
            placeholder={t('plan.eGSummer2027')}
          />
        </label>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={loading}>
            {t('plan.add')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

export function EditTermDialog({ term, count, onClose, whatIfPlanId = null }: { term: PlanTermData; count: number; onClose(): void; whatIfPlanId?: number | null }) {
  const t = useT();
  const position = term.position ?? 1;
  const [label, setLabel] = useState(term.label);
  const [newPosition, setNewPosition] = useState(position);
  const [error, setError] = useState<string | null>(null);
  const [updateTerm, updating] = useMutation(UpdateTermDocument);
  const [deleteTerm, deleting] = useMutation(DeleteTermDocument);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!label.trim()) {
      setError(t('plan.labelRequired'));
      return;
    }
    try {
      await updateTerm({ variables: { position, label: label.trim(), newPosition, whatIfPlanId } });
      onClose();
    } catch (err) {
      console.error('Update term failed', err);
      setError(messageOr(err, t('plan.saveFailed')));
    }
  }

  async function remove() {
    if (term.courses.length > 0) {
      setError(t('plan.hasCourses'));
      return;
    }
    if (!window.confirm(t('plan.confirmDelete'))) return;
    try {
      await deleteTerm({ variables: { position, whatIfPlanId } });
      onClose();
    } catch (err) {
      console.error('Delete term failed', err);
      // The server's answer (a term that has courses is refused with its reason), else a generic line.
      setError(messageOr(err, t('plan.deleteFailed')));
    }
  }

  return (
    <AccessibleDialog title={t('plan.editTerm')} onClose={onClose}>
      <form className="stack" onSubmit={save} noValidate>
        <label>
          {t('plan.termLabel')}
          <input value={label} onChange={(e) => setLabel(e.target.value)} required aria-required="true" maxLength={MAX_LABEL_LENGTH} />
        </label>
        <label>
          {t('plan.termPosition')}
          <select value={newPosition} onChange={(e) => setNewPosition(Number(e.target.value))}>
            {Array.from({ length: count }, (_, i) => i + 1).map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={updating.loading || deleting.loading}>
            {t('plan.save')}
          </button>
          <button type="button" className="danger" onClick={remove} disabled={updating.loading || deleting.loading}>
            {t('plan.deleteTerm')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}
