/**
 * The what-if plan dialogs of the plan chooser (WhatIfBar.tsx): start, rename, delete, make official.
 * A chunk of its own, loaded when a dialog is first opened.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import {
  BaselinePlansForSchoolDocument,
  CreateWhatIfPlanDocument,
  DeleteWhatIfPlanDocument,
  MakeWhatIfPlanOfficialDocument,
  PlanDocument,
  RenameWhatIfPlanDocument,
  RequirementProgressDocument,
  WhatIfPlansDocument,
} from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';

export const WHAT_IF_MAX_NAME = 80;

export function NewWhatIfDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
  const t = useT();
  const { user } = useSession();
  const baselinesOn = user?.school?.baselinePlansEnabled === true;
  const baselines = useQuery(BaselinePlansForSchoolDocument, { skip: !baselinesOn });
  const [name, setName] = useState('');
  const [start, setStart] = useState('official');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateWhatIfPlanDocument, { refetchQueries: [WhatIfPlansDocument], awaitRefetchQueries: true });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const baseline = start.startsWith('baseline:') ? Number(start.slice('baseline:'.length)) : null;
    try {
      const res = await create({ variables: { name: name.trim(), start: baseline ? 'baseline' : start === 'empty' ? 'empty' : 'official', baselineId: baseline } });
      if (res.data) onCreated(res.data.createWhatIfPlan.id);
    } catch (err) {
      setError(messageOr(err, t('whatIf.createFailed')));
    }
  }

  return (
    <AccessibleDialog title={t('whatIf.new')} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label>
          {t('whatIf.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={WHAT_IF_MAX_NAME} required placeholder={t('whatIf.namePlaceholder')} />
        </label>
        <label>
          {t('whatIf.startFrom')}
          <select value={start} onChange={(e) => setStart(e.target.value)}>
            <option value="official">{t('whatIf.startCopy')}</option>
            <option value="empty">{t('whatIf.startEmpty')}</option>
            {(baselines.data?.baselinePlansForSchool.nodes ?? []).map((b) => (
              <option key={b.id} value={`baseline:${b.id}`}>
                {t('whatIf.startBaseline', { title: b.title })}
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
          <button type="submit" disabled={loading || !name.trim()}>
            {t('whatIf.create')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

export function RenameDialog({ id, name: was, onClose }: { id: number; name: string; onClose(): void }) {
  const t = useT();
  const [name, setName] = useState(was);
  const [error, setError] = useState<string | null>(null);
  const [rename, { loading }] = useMutation(RenameWhatIfPlanDocument, { refetchQueries: [WhatIfPlansDocument, PlanDocument], awaitRefetchQueries: true });
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await rename({ variables: { id, name: name.trim() } });
      onClose();
    } catch (err) {
      setError(messageOr(err, t('whatIf.renameFailed')));
    }
  }
  return (
    <AccessibleDialog title={t('whatIf.rename')} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label>
          {t('whatIf.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={WHAT_IF_MAX_NAME} required />
        </label>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={loading || !name.trim()}>
            {t('whatIf.save')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

export function DeleteDialog({ id, name, onClose, onDeleted }: { id: number; name: string; onClose(): void; onDeleted(): void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [remove, { loading }] = useMutation(DeleteWhatIfPlanDocument, { refetchQueries: [WhatIfPlansDocument], awaitRefetchQueries: true });
  async function confirm() {
    setError(null);
    try {
      await remove({ variables: { id } });
      onDeleted();
    } catch (err) {
      setError(messageOr(err, t('whatIf.deleteFailed')));
    }
  }
  return (
    <AccessibleDialog title={t('whatIf.delete')} onClose={onClose}>
      <div className="stack">
        <p>{t('whatIf.deleteConfirm', { name })}</p>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <div className="row">
          <button type="button" className="danger" onClick={confirm} disabled={loading}>
            {t('whatIf.delete')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </AccessibleDialog>
  );
}

export function MakeOfficialDialog({ id, name, onClose, onDone }: { id: number; name: string; onClose(): void; onDone(): void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [make, { loading }] = useMutation(MakeWhatIfPlanOfficialDocument, {
    refetchQueries: [{ query: PlanDocument, variables: { whatIfPlanId: null } }, RequirementProgressDocument, WhatIfPlansDocument],
    awaitRefetchQueries: true,
  });
  async function confirm() {
    setError(null);
    try {
      await make({ variables: { id } });
      onDone();
    } catch (err) {
      setError(messageOr(err, t('whatIf.makeOfficialFailed')));
    }
  }
  return (
    <AccessibleDialog title={t('whatIf.makeOfficial')} onClose={onClose}>
      <div className="stack">
        <p>{t('whatIf.makeOfficialConfirm', { name })}</p>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <div className="row">
          <button type="button" onClick={confirm} disabled={loading}>
            {t('whatIf.makeOfficialYes')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </AccessibleDialog>
  );
}
