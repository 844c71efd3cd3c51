/**
 * The plan chooser above the plan: the official plan or one of the student's what-if plans (up to
 * five, "Engineering", "Nursing"), and, for the student in their own session, starting, renaming
 * and deleting what-if plans and making one the official plan. Staff and parents viewing as the
 * student choose and read only. The chosen plan is the page address's `whatIf` parameter, so
 * every plan screen (the grid, terms, the course page, the PDF) works on it.
 */
import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { WhatIfPlansDocument } from '../../graphql/generated';
import { useT } from '../../i18n';
import { withWhatIf } from './what-if-address';

// The dialogs load when first opened: the chooser is on the plan page's first screen, they are not.
const dialogs = () => import('./WhatIfDialogs');
const NewWhatIfDialog = lazy(() => dialogs().then((m) => ({ default: m.NewWhatIfDialog })));
const RenameDialog = lazy(() => dialogs().then((m) => ({ default: m.RenameDialog })));
const DeleteDialog = lazy(() => dialogs().then((m) => ({ default: m.DeleteDialog })));
const MakeOfficialDialog = lazy(() => dialogs().then((m) => ({ default: m.MakeOfficialDialog })));

interface Props {
  chosen: number | null;
  onChoose(whatIfPlanId: number | null): void;
}

type Dialog = 'new' | 'rename' | 'delete' | 'official' | null;

export function WhatIfBar({ chosen, onChoose }: Props) {
  const t = useT();
  const id = useId();
  // The plan page reads this list with the plan (and waits for it): the bar shows what that read
  // put in the cache instead of asking the server a second time as it mounts.
  const { data, error } = useQuery(WhatIfPlansDocument, { fetchPolicy: 'cache-first' });
  const [dialog, setDialog] = useState<Dialog>(null);
  if (error)
    return (
      <div className="alert alert-danger" role="alert">
        {t('whatIf.loadFailed')}
      </div>
    );
  if (!data) return null;
  const { plans, canEdit, limit } = data.whatIfPlans;
  const current = plans.find((p) => p.id === chosen) ?? null;
  const full = plans.length >= limit;
  const compareWith = current?.id ?? plans[0]?.id;
  return (
    <section className="card what-if-bar stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        {t('whatIf.title')}
      </h2>
      <div className="row" style={{ flexWrap: 'wrap', alignItems: 'flex-end', gap: 8 }}>
        <label>
          {t('whatIf.chooser')}
          <select value={current ? String(current.id) : ''} onChange={(e) => onChoose(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('whatIf.officialPlan')}</option>
            {plans.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {t('whatIf.optionName', { name: p.name })}
              </option>
            ))}
          </select>
        </label>
        {canEdit && (
          <button type="button" className="secondary" onClick={() => setDialog('new')} disabled={full}>
            {t('whatIf.new')}
          </button>
        )}
        {canEdit && current && (
          <>
            <button type="button" className="secondary" onClick={() => setDialog('rename')}>
              {t('whatIf.rename')}
            </button>
            <button type="button" className="danger" onClick={() => setDialog('delete')}>
              {t('whatIf.delete')}
            </button>
            <button type="button" onClick={() => setDialog('official')}>
              {t('whatIf.makeOfficial')}
            </button>
          </>
        )}
        {canEdit && current && <Link to={withWhatIf('/courses', current.id)}>{t('whatIf.addCourses')}</Link>}
        {compareWith !== undefined && <Link to={`/plan/compare?left=official&right=${compareWith}`}>{t('whatIf.compare')}</Link>}
      </div>
      {canEdit && full && <p className="muted small">{t('whatIf.limitReached', { limit: String(limit) })}</p>}
      {current && !canEdit && <p className="muted small">{t('whatIf.readOnlyNote')}</p>}
      <Suspense fallback={null}>
        {dialog === 'new' && (
          <NewWhatIfDialog
            onClose={() => setDialog(null)}
            onCreated={(newId) => {
              setDialog(null);
              onChoose(newId);
            }}
          />
        )}
        {dialog === 'rename' && current && <RenameDialog id={current.id} name={current.name} onClose={() => setDialog(null)} />}
        {dialog === 'delete' && current && (
          <DeleteDialog
            id={current.id}
            name={current.name}
            onClose={() => setDialog(null)}
            onDeleted={() => {
              setDialog(null);
              onChoose(null);
            }}
          />
        )}
        {dialog === 'official' && current && (
          <MakeOfficialDialog
            id={current.id}
            name={current.name}
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null);
              onChoose(null);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
