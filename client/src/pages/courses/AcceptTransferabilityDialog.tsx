/** Accept Transferability: the units the course counts for at the user's school. */
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { AcceptTransferabilityDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';

export function AcceptTransferabilityDialog({ courseUuid, units, onClose, onAccepted }: { courseUuid: string; units: number; onClose(): void; onAccepted(): void }) {
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
      setError(messageOr(err, 'Failed to accept transferability.'));
    }
  }
  return (
    <AccessibleDialog title="Accept Transferability" onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label>
          Adjusted Units
          <input type="number" step="0.01" min="0" value={adjusted} onChange={(e) => setAdjusted(e.target.value)} />
        </label>
        {error && <div className="alert alert-danger" role="alert"><span>{error}</span></div>}
        <div className="row">
          <button type="submit" disabled={loading}>Accept</button>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
        </div>
      </form>
    </AccessibleDialog>
  );
}
