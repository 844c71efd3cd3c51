/**
 * Course fulfilment controls for the staff course page: the requirements this course fulfils, an
 * Add Course Fulfillment dialog (a pathway requirement plus optional non-duplicable requirements:
 * the course then counts toward only one of them) and a Remove Course Fulfillment dialog.
 * Takes the course's uuid (reads, removal) and numeric id (adding, as the legacy call does).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { AddCourseFulfillmentDocument, CourseFulfillmentsDocument, FulfillmentOptionsDocument, RemoveCourseFulfillmentDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { FormDialog } from '../../components/FormDialog';
import '../../components/pathways.css';
import { useT } from '../../i18n';

interface Props {
  courseUuid: string;
  courseId: number;
}

export function CourseFulfillmentControls({ courseUuid, courseId }: Props) {
  const t = useT();
  const { data, error, refetch } = useQuery(CourseFulfillmentsDocument, { variables: { courseUuid } });
  const [dialog, setDialog] = useState<'add' | 'remove' | null>(null);
  if (error) console.error('Failed to load course fulfillments', error);
  const list = data?.courseFulfillments ?? [];

  // Requirements sharing a non-duplicable group, shown beside each other.
  const groupNames = new Map<string, string[]>();
  for (const f of list) {
    if (f.nonDuplicableGroup) groupNames.set(f.nonDuplicableGroup, [...(groupNames.get(f.nonDuplicableGroup) ?? []), f.requirement.name]);
  }

  return (
    <section className="stack" aria-label={t('components.courseFulfillment')}>
      <h3 style={{ margin: 0 }}>{t('components.requirementsFulfilled')}</h3>
      {list.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('components.thisCourseDoesNotFulfillAny')}
        </p>
      ) : (
        <ul className="fulfillment-list">
          {list.map((f) => {
            const others = f.nonDuplicableGroup ? groupNames.get(f.nonDuplicableGroup)!.filter((n) => n !== f.requirement.name) : [];
            return (
              <li key={f.requirement.uuid}>
                {f.pathway.name}: {f.requirement.name}
                {others.length > 0 && <span className="muted"> {t('components.countsOnceWithValue', { value: others.join(', ') })}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <div className="row">
        <button type="button" onClick={() => setDialog('add')}>
          {t('components.addCourseFulfillment')}
        </button>
        <button type="button" className="secondary" onClick={() => setDialog('remove')} disabled={list.length === 0}>
          {t('components.removeCourseFulfillment')}
        </button>
      </div>
      {dialog === 'add' && (
        <AddFulfillmentDialog courseId={courseId} taken={list.map((f) => f.requirement.uuid)} onClose={() => setDialog(null)} onDone={() => void refetch()} />
      )}
      {dialog === 'remove' && (
        <RemoveFulfillmentDialog
          courseUuid={courseUuid}
          options={list.map((f) => ({ uuid: f.requirement.uuid, label: `${f.pathway.name}: ${f.requirement.name}` }))}
          onClose={() => setDialog(null)}
          onDone={() => void refetch()}
        />
      )}
    </section>
  );
}

function AddFulfillmentDialog({ courseId, taken, onClose, onDone }: { courseId: number; taken: string[]; onClose(): void; onDone(): void }) {
  const t = useT();
  const { data, loading } = useQuery(FulfillmentOptionsDocument);
  const [requirement, setRequirement] = useState('');
  const [others, setOthers] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [add, adding] = useMutation(AddCourseFulfillmentDocument);

  const options = useMemo(
    () => (data?.pathways.nodes ?? []).filter((p) => p.canEdit).flatMap((p) => p.requirements.map((r) => ({ uuid: r.uuid, label: `${p.name}: ${r.name}` }))),
    [data],
  );

  async function submit() {
    setError(null);
    if (!requirement) {
      setError(t('components.pleaseSelectARequirement'));
      return;
    }
    try {
      await add({ variables: { courseId, requirementUuid: requirement, nonDuplicables: others.filter((u) => u !== requirement) } });
      onDone();
      onClose();
    } catch (e) {
      console.error('Failed to add the course fulfillment', e);
      setError(messageOr(e, t('components.failedToAddCourseFulfillment')));
    }
  }

  return (
    <FormDialog
      title={t('components.addCourseFulfillment')}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={adding.loading}>
            {t('components.addFulfillment')}
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
        {t('components.pathwayRequirement')}
        <select value={requirement} onChange={(e) => setRequirement(e.target.value)} disabled={loading && !data}>
          <option value="">{t('components.selectARequirement')}</option>
          {options.map((o) => (
            <option key={o.uuid} value={o.uuid}>
              {o.label}
              {taken.includes(o.uuid) ? t('components.alreadyFulfilled') : ''}
            </option>
          ))}
        </select>
      </label>
      {requirement && options.length > 1 && (
        <fieldset>
          <legend>{t('components.nonDuplicableWithOptionalTheCourse')}</legend>
          {options
            .filter((o) => o.uuid !== requirement)
            .map((o) => (
              <label key={o.uuid}>
                <input
                  type="checkbox"
                  checked={others.includes(o.uuid)}
                  onChange={(e) => setOthers(e.target.checked ? [...others, o.uuid] : others.filter((u) => u !== o.uuid))}
                />
                {o.label}
              </label>
            ))}
        </fieldset>
      )}
    </FormDialog>
  );
}

function RemoveFulfillmentDialog({
  courseUuid,
  options,
  onClose,
  onDone,
}: {
  courseUuid: string;
  options: { uuid: string; label: string }[];
  onClose(): void;
  onDone(): void;
}) {
  const t = useT();
  const [choice, setChoice] = useState('');
  const [remove, removing] = useMutation(RemoveCourseFulfillmentDocument);

  async function submit() {
    if (!choice) {
      window.alert(t('components.pleaseSelectACourseToRemove'));
      return;
    }
    if (!window.confirm(t('components.confirmRemoveFulfillment'))) return;
    try {
      await remove({ variables: { courseUuid, requirementUuid: choice } });
      onDone();
      onClose();
    } catch (e) {
      console.error('Failed to remove the course fulfillment', e);
      window.alert(t('components.failedToRemoveCourseFulfillment'));
    }
  }

  return (
    <FormDialog
      title={t('components.removeCourseFulfillment')}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="danger" disabled={removing.loading}>
            {t('components.remove')}
          </button>
        </>
      }
    >
      <label>
        {t('components.requirementToRemove')}
        <select value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{t('components.selectARequirement')}</option>
          {options.map((o) => (
            <option key={o.uuid} value={o.uuid}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </FormDialog>
  );
}
