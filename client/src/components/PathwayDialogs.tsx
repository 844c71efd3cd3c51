/** Create New Pathway and Edit Pathway (with a red Delete Pathway; the progress page adds Pathway Color). */
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { CreatePathwayDocument, DeletePathwayDocument, UpdatePathwayDocument } from '../graphql/generated';
import { reloadTo } from '../session/storage';
import { FormDialog } from './FormDialog';

/** Planning §9: the colours a pathway may carry, plus an empty choice. */
export const PATHWAY_COLORS = ['', 'red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink'] as const;
export const colorLabel = (c: string) => (c ? c[0].toUpperCase() + c.slice(1) : 'None');

function ColorSelect({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {PATHWAY_COLORS.map((c) => (
          <option key={c} value={c}>{colorLabel(c)}</option>
        ))}
      </select>
    </label>
  );
}

export function CreatePathwayDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [color, setColor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreatePathwayDocument);

  async function submit() {
    setError(null);
    try {
      await create({ variables: { input: { name, description, color } } });
      onCreated();
      onClose();
    } catch (e) {
      console.error('Failed to create the pathway', e);
      setError(e instanceof Error ? e.message : 'Failed to create the pathway.');
    }
  }

  return (
    <FormDialog
      title="Create New Pathway"
      onClose={onClose}
      onSubmit={submit}
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" disabled={loading}>Create Pathway</button>
        </>
      }
    >
      {error && <div className="alert alert-danger" role="alert">{error}</div>}
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Description
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <ColorSelect label="Color" value={color} onChange={setColor} />
    </FormDialog>
  );
}

interface EditProps {
  pathway: { uuid: string; name: string; description: string; color: string };
  /** The progress page's variant also edits the colour. */
  withColor?: boolean;
  onClose(): void;
}

export function EditPathwayDialog({ pathway, withColor = false, onClose }: EditProps) {
  const [name, setName] = useState(pathway.name);
  const [description, setDescription] = useState(pathway.description);
  const [color, setColor] = useState(pathway.color);
  const [update, { loading }] = useMutation(UpdatePathwayDocument);
  const [remove, removing] = useMutation(DeletePathwayDocument);

  async function save() {
    try {
      await update({ variables: { uuid: pathway.uuid, input: withColor ? { name, description, color } : { name, description } } });
      onClose();
    } catch (e) {
      // Planning §8: a failed pathway update is only logged.
      console.error('Failed to update the pathway', e);
    }
  }

  async function del() {
    if (!window.confirm('Are you sure you want to delete this pathway?')) return;
    try {
      await remove({ variables: { uuid: pathway.uuid } });
      reloadTo('/pathways');
    } catch (e) {
      console.error('Failed to delete the pathway', e);
    }
  }

  return (
    <FormDialog
      title="Edit Pathway"
      onClose={onClose}
      onSubmit={save}
      actions={
        <>
          <button type="button" className="danger" onClick={del} disabled={removing.loading}>Delete Pathway</button>
          <button type="submit" disabled={loading}>Save Pathway</button>
        </>
      }
    >
      <label>
        Pathway Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Pathway Description
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      {withColor && <ColorSelect label="Pathway Color" value={color} onChange={setColor} />}
    </FormDialog>
  );
}
