/** Accept Transferability: the units the course counts for at the user's school. */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { AcceptTransferabilityDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';

export function AcceptTransferabilityDialog({ courseUuid, units, onClose, onAccepted }: { courseUuid: string; units: number; onClose(): void; onAccepted(): void }) {
  const t = useT();
  const [adjusted, setAdjusted] = useState(String(units));
  const [error, setError] = useState<string | null>(null);
  const [accept, { loading }] = useMutation(AcceptTransferabilityDocument);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await accept({ variables: { courseUuid, adjustedUnits: adjusted.trim() === '' ? -1 : Number(adjusted) } });
      onAccepted();
    } catch (err) {
      console.error('Failed to accept transferability', err);
      setError(messageOr(err, t('courses.failedToAcceptTransferability')));
    }
  }
  return (
    <AccessibleDialog title={t('courses.acceptTransferability')} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label>
          {t('courses.adjustedUnits')}
          <input type="number" step="0.01" min="0" value={adjusted} onChange={(e) => setAdjusted(e.target.value)} />
        </label>
        {error && (
          <div className="alert alert-danger" role="alert">
            <span>{error}</span>
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={loading}>
            {t('courses.accept')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}
