/** Create New Pathway and Edit Pathway (with a red Delete Pathway; the progress page adds Pathway Color). */
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { CreatePathwayDocument, DeletePathwayDocument, UpdatePathwayDocument } from '../../graphql/generated';
import { reloadTo } from '../../session/storage';
import { FormDialog } from '../../components/FormDialog';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';

/** Planning §9: the colours a pathway may carry, plus an empty choice. */
import { translate, type MessageKey } from '../../i18n/core';
export const PATHWAY_COLORS = ['', 'red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink'] as const;
const COLOR_KEYS: Record<string, MessageKey> = {
  '': 'components.colorNone',
  red: 'components.colorRed',
  blue: 'components.colorBlue',
  green: 'components.colorGreen',
  yellow: 'components.colorYellow',
  purple: 'components.colorPurple',
  orange: 'components.colorOrange',
  pink: 'components.colorPink',
};
/** A pathway colour's name in the language in effect (colour is never the only signal: cards write it too). */
export const colorLabel = (c: string) => (COLOR_KEYS[c] ? translate(COLOR_KEYS[c]) : c);

function ColorSelect({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {PATHWAY_COLORS.map((c) => (
          <option key={c} value={c}>
            {colorLabel(c)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CreatePathwayDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const t = useT();
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
      setError(messageOr(e, t('pathways.createFailed')));
    }
  }

  return (
    <FormDialog
      title={t('components.createNewPathway')}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={loading}>
            {t('components.createPathway')}
          </button>
        </>
      }
    >
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <label>
        {t('components.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('common.description')}
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <ColorSelect label={t('components.color')} value={color} onChange={setColor} />
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
  const t = useT();
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
    if (!window.confirm(t('components.confirmDeletePathway'))) return;
    try {
      await remove({ variables: { uuid: pathway.uuid } });
      reloadTo('/pathways');
    } catch (e) {
      console.error('Failed to delete the pathway', e);
    }
  }

  return (
    <FormDialog
      title={t('components.editPathway')}
      onClose={onClose}
      onSubmit={save}
      actions={
        <>
          <button type="button" className="danger" onClick={del} disabled={removing.loading}>
            {t('components.deletePathway')}
          </button>
          <button type="submit" disabled={loading}>
            {t('components.savePathway')}
          </button>
        </>
      }
    >
      <label>
        {t('components.pathwayName')}
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('components.pathwayDescription')}
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      {withColor && <ColorSelect label={t('components.pathwayColor')} value={color} onChange={setColor} />}
    </FormDialog>
  );
}
