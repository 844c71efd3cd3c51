/** Baseline Plans for staff: the table (Title, Description, Action), Create Baseline Plan and Edit dialogs, View as a plan. */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import {
  BaselinePlansDocument,
  CreateBaselinePlanDocument,
  DeleteBaselinePlanDocument,
  DuplicateBaselinePlanDocument,
  UpdateBaselinePlanDocument,
} from '../../graphql/generated';
import { useViewAsStudent } from '../../session/useViewAsStudent';
import { useT } from '../../i18n';

interface Plan {
  id: number;
  title: string;
  description: string;
}

function PlanFields({ title, description, onChange }: { title: string; description: string; onChange(t: string, d: string): void }) {
  const t = useT();
  return (
    <>
      <label>
        {t('common.title')}
        <input value={title} onChange={(e) => onChange(e.target.value, description)} required maxLength={200} />
      </label>
      <label>
        {t('common.description')}
        <textarea value={description} onChange={(e) => onChange(title, e.target.value)} required maxLength={2000} rows={3} />
      </label>
    </>
  );
}

export default function BaselinePlansAdminPage() {
  const t = useT();
  // The largest page the server gives: a school's baseline plans are a handful, not thousands.
  const { data, loading, error } = useQuery(BaselinePlansDocument, { variables: { first: 200 } });
  const refetchQueries = [BaselinePlansDocument];
  const [create, creating] = useMutation(CreateBaselinePlanDocument, { refetchQueries });
  const [update, updating] = useMutation(UpdateBaselinePlanDocument, { refetchQueries });
  const [duplicate, duplicating] = useMutation(DuplicateBaselinePlanDocument, { refetchQueries });
  const [remove, removing] = useMutation(DeleteBaselinePlanDocument, { refetchQueries });
  const { view, loading: viewing } = useViewAsStudent('admin');
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [draft, setDraft] = useState({ title: '', description: '' });
  const [editing, setEditing] = useState<Plan | null>(null);
  const busy = updating.loading || duplicating.loading || removing.loading;

  if (error) console.error('Loading baseline plans failed', error);
  const plans = data?.baselinePlans.nodes ?? [];

  async function submitCreate(e: FormEvent) {
    e.preventDefault();
    try {
      await create({ variables: { title: draft.title.trim(), description: draft.description.trim(), username: `baseline_plan_${Date.now()}` } });
      setCreatingOpen(false);
      setDraft({ title: '', description: '' });
    } catch (err) {
      console.error('Creating the baseline plan failed', err);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    try {
      await update({ variables: { id: editing.id, title: editing.title.trim(), description: editing.description.trim() } });
      setEditing(null);
    } catch (err) {
      console.error('Updating the baseline plan failed', err);
    }
  }

  async function copy() {
    if (!editing) return;
    try {
      await duplicate({ variables: { planId: editing.id } });
      setEditing(null);
    } catch (err) {
      console.error('Duplicating the baseline plan failed', err);
      window.alert(t('baselinePlans.duplicateFailed'));
    }
  }

  async function del() {
    if (!editing || !window.confirm(t('baselinePlans.deleteConfirm'))) return;
    try {
      await remove({ variables: { id: editing.id } });
      setEditing(null);
    } catch (err) {
      console.error('Deleting the baseline plan failed', err);
    }
  }

  return (
    <main className="page stack">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h1>{t('baselinePlans.baselinePlans')}</h1>
        <button type="button" onClick={() => setCreatingOpen(true)}>
          {t('baselinePlans.createBaselinePlan')}
        </button>
      </div>
      {loading && !data ? (
        <p>{t('common.loading')}</p>
      ) : plans.length === 0 ? (
        <p className="muted">{t('baselinePlans.noBaselinePlansYetCreateOne')}</p>
      ) : (
        <table className="data">
          <thead>
            <tr>
              <th>{t('common.title')}</th>
              <th>{t('common.description')}</th>
              <th>{t('common.action')}</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id}>
                <td>{p.title}</td>
                <td>{p.description}</td>
                <td className="row">
                  <button type="button" onClick={() => view(p.id)} disabled={viewing} aria-label={t('baselinePlans.viewTitle', { title: p.title })}>
                    {t('baselinePlans.view')}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setEditing({ id: p.id, title: p.title, description: p.description })}
                    aria-label={t('baselinePlans.editTitle', { title: p.title })}
                  >
                    {t('baselinePlans.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {creatingOpen && (
        <AccessibleDialog title={t('baselinePlans.createBaselinePlan')} onClose={() => setCreatingOpen(false)}>
          <form className="stack" onSubmit={submitCreate}>
            <PlanFields title={draft.title} description={draft.description} onChange={(title, description) => setDraft({ title, description })} />
            <div className="row">
              <button type="submit" disabled={creating.loading}>
                {t('baselinePlans.create')}
              </button>
              <button type="button" className="secondary" onClick={() => setCreatingOpen(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </AccessibleDialog>
      )}

      {editing && (
        <AccessibleDialog title={t('baselinePlans.editBaselinePlan')} onClose={() => setEditing(null)}>
          <form className="stack" onSubmit={save}>
            <PlanFields title={editing.title} description={editing.description} onChange={(title, description) => setEditing({ ...editing, title, description })} />
            <div className="row">
              <button type="submit" disabled={busy}>
                {t('baselinePlans.saveChanges')}
              </button>
              <button type="button" className="secondary" onClick={copy} disabled={busy}>
                {t('baselinePlans.duplicatePlan')}
              </button>
              <button type="button" className="danger" onClick={del} disabled={busy}>
                {t('baselinePlans.deletePlan')}
              </button>
              <button type="button" className="secondary" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </AccessibleDialog>
      )}
    </main>
  );
}
