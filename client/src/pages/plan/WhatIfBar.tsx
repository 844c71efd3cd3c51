/**
 * The plan chooser above the plan: the official plan or one of the student's what-if plans (up to
 * five, "Engineering", "Nursing"), and, for the student in their own session, starting, renaming
 * and deleting what-if plans and making one the official plan. Staff and parents viewing as the
 * student choose and read only. The chosen plan is the page address's `whatIf` parameter, so
 * every plan screen (the grid, terms, the course page, the PDF) works on it.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import {
  BaselinePlansForSchoolDocument, CreateWhatIfPlanDocument, DeleteWhatIfPlanDocument, MakeWhatIfPlanOfficialDocument, PlanDocument,
  RenameWhatIfPlanDocument, RequirementProgressDocument, WhatIfPlansDocument,
} from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';
import { withWhatIf } from './what-if-address';

export const WHAT_IF_MAX_NAME = 80;

interface Props {
  chosen: number | null;
  onChoose(whatIfPlanId: number | null): void;
}

type Dialog = 'new' | 'rename' | 'delete' | 'official' | null;

export function WhatIfBar({ chosen, onChoose }: Props) {
  const t = useT();
  const id = useId();
  const { data, error } = useQuery(WhatIfPlansDocument);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (error) return <div className="alert alert-danger" role="alert">{t('whatIf.loadFailed')}</div>;
  if (!data) return null;
  const { plans, canEdit, limit } = data.whatIfPlans;
  const current = plans.find((p) => p.id === chosen) ?? null;
  const full = plans.length >= limit;
  const compareWith = current?.id ?? plans[0]?.id;
  return (
    <section className="card what-if-bar stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">{t('whatIf.title')}</h2>
      <div className="row" style={{ flexWrap: 'wrap', alignItems: 'flex-end', gap: 8 }}>
        <label>
          {t('whatIf.chooser')}
          <select value={current ? String(current.id) : ''} onChange={(e) => onChoose(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('whatIf.officialPlan')}</option>
            {plans.map((p) => <option key={p.id} value={String(p.id)}>{t('whatIf.optionName', { name: p.name })}</option>)}
          </select>
        </label>
        {canEdit && <button type="button" className="secondary" onClick={() => setDialog('new')} disabled={full}>{t('whatIf.new')}</button>}
        {canEdit && current && (
          <>
            <button type="button" className="secondary" onClick={() => setDialog('rename')}>{t('whatIf.rename')}</button>
            <button type="button" className="danger" onClick={() => setDialog('delete')}>{t('whatIf.delete')}</button>
            <button type="button" onClick={() => setDialog('official')}>{t('whatIf.makeOfficial')}</button>
          </>
        )}
        {canEdit && current && <Link to={withWhatIf('/courses', current.id)}>{t('whatIf.addCourses')}</Link>}
        {compareWith !== undefined && <Link to={`/plan/compare?left=official&right=${compareWith}`}>{t('whatIf.compare')}</Link>}
      </div>
      {canEdit && full && <p className="muted small">{t('whatIf.limitReached', { limit: String(limit) })}</p>}
      {current && !canEdit && <p className="muted small">{t('whatIf.readOnlyNote')}</p>}
      {dialog === 'new' && <NewWhatIfDialog onClose={() => setDialog(null)} onCreated={(newId) => { setDialog(null); onChoose(newId); }} />}
      {dialog === 'rename' && current && <RenameDialog id={current.id} name={current.name} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && current && <DeleteDialog id={current.id} name={current.name} onClose={() => setDialog(null)} onDeleted={() => { setDialog(null); onChoose(null); }} />}
      {dialog === 'official' && current && <MakeOfficialDialog id={current.id} name={current.name} onClose={() => setDialog(null)} onDone={() => { setDialog(null); onChoose(null); }} />}
    </section>
  );
}

function NewWhatIfDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
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
              <option key={b.id} value={`baseline:${b.id}`}>{t('whatIf.startBaseline', { title: b.title })}</option>
            ))}
          </select>
        </label>
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <div className="row">
          <button type="submit" disabled={loading || !name.trim()}>{t('whatIf.create')}</button>
          <button type="button" className="secondary" onClick={onClose}>{t('common.cancel')}</button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

function RenameDialog({ id, name: was, onClose }: { id: number; name: string; onClose(): void }) {
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
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <div className="row">
          <button type="submit" disabled={loading || !name.trim()}>{t('whatIf.save')}</button>
          <button type="button" className="secondary" onClick={onClose}>{t('common.cancel')}</button>
        </div>
      </form>
    </AccessibleDialog>
  );
}

function DeleteDialog({ id, name, onClose, onDeleted }: { id: number; name: string; onClose(): void; onDeleted(): void }) {
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
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <div className="row">
          <button type="button" className="danger" onClick={confirm} disabled={loading}>{t('whatIf.delete')}</button>
          <button type="button" className="secondary" onClick={onClose}>{t('common.cancel')}</button>
        </div>
      </div>
    </AccessibleDialog>
  );
}

function MakeOfficialDialog({ id, name, onClose, onDone }: { id: number; name: string; onClose(): void; onDone(): void }) {
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
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <div className="row">
          <button type="button" onClick={confirm} disabled={loading}>{t('whatIf.makeOfficialYes')}</button>
          <button type="button" className="secondary" onClick={onClose}>{t('common.cancel')}</button>
        </div>
      </div>
    </AccessibleDialog>
  );
}
