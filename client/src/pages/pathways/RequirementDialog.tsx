/**
 * The requirement dialog: titled Add Requirement when creating (the page then reloads, planning
 * §4) and Edit Requirement when editing (the list updates in place). Number fields default to 0.
 */
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { AddRequirementDocument, UpdateRequirementDocument } from '../../graphql/generated';
import { FormDialog } from '../../components/FormDialog';
import { useT } from '../../i18n';

interface RequirementValues {
  uuid: string;
  name: string;
  description: string;
  numberOfUnits: number;
  numberOfCourses: number;
}

type Props =
  { mode: 'add'; pathwayUuid: string; onClose(): void; onSaved?: () => void } | { mode: 'edit'; requirement: RequirementValues; onClose(): void; onSaved?: () => void };

const num = (v: string) => (v.trim() === '' ? 0 : Number(v));

export function RequirementDialog(props: Props) {
  const t = useT();
  const initial = props.mode === 'edit' ? props.requirement : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [units, setUnits] = useState(String(initial?.numberOfUnits ?? 0));
  const [courses, setCourses] = useState(String(initial?.numberOfCourses ?? 0));
  const [add, adding] = useMutation(AddRequirementDocument);
  const [update, updating] = useMutation(UpdateRequirementDocument);

  async function submit() {
    const fields = { name, description, numberOfUnits: num(units), numberOfCourses: Math.trunc(num(courses)) };
    try {
      if (props.mode === 'add') {
        await add({ variables: { input: { pathwayUuid: props.pathwayUuid, ...fields } } });
        props.onSaved?.();
        window.location.reload();
      } else {
        await update({ variables: { uuid: props.mode === 'edit' ? props.requirement.uuid : '', input: fields } });
        props.onSaved?.();
        props.onClose();
      }
    } catch (e) {
      // Planning §8: requirement failures are only logged.
      console.error(`Failed to ${props.mode} the requirement`, e);
    }
  }

  const title = props.mode === 'add' ? 'Add Requirement' : 'Edit Requirement';
  return (
    <FormDialog
      title={title}
      onClose={props.onClose}
      onSubmit={submit}
      actions={
        <>
          <button type="button" className="secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={adding.loading || updating.loading}>
            {props.mode === 'add' ? t('components.addRequirement') : t('components.saveRequirement')}
          </button>
        </>
      }
    >
      <label>
        {t('components.requirementName')}
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('components.requirementDescription')}
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label>
        {t('components.numberOfUnitsRequired')}
        <input type="number" min={0} step={0.01} value={units} onChange={(e) => setUnits(e.target.value)} />
      </label>
      <label>
        {t('components.numberOfCoursesRequired')}
        <input type="number" min={0} step={1} value={courses} onChange={(e) => setCourses(e.target.value)} />
      </label>
    </FormDialog>
  );
}
