/**
 * Add New Course and Edit Course dialogs: Course ID, Title, Description, Units (step 0.01),
 * prerequisite groups, when it is offered (fall, spring, summer; none ticked: unknown, which the
 * plan generator reads as every term), Tags (multi-select by key). The client checks almost nothing (spec 2 §5);
 * the server answers what is wrong. Adding fails with 'Error adding course: ' and the server's
 * answer as formatted text.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { SEASONS, type Season } from '@planner/shared/offered-terms';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { PrerequisiteGroupsField, type ChosenCourse } from './PrerequisiteGroupsField';
import {
  CourseTagOptionsDocument,
  CreateCourseDocument,
  CreatePartnerCourseDocument,
  PartnerSchoolsDocument,
  UpdateCourseDocument,
  type CourseDetailFieldsFragment,
  type CourseInputGql,
} from '../../graphql/generated';
import { responseBody } from './responseBody';
import { useT } from '../../i18n';

type Mode = { kind: 'add' } | { kind: 'add-partner' } | { kind: 'edit'; course: CourseDetailFieldsFragment };

interface Props {
  mode: Mode;
  onClose(): void;
  onSaved(): void;
}

function initialGroups(course?: CourseDetailFieldsFragment): ChosenCourse[][] {
  if (!course) return [[]];
  const byUuid = new Map(course.prerequisites.map((p) => [p.uuid, p]));
  const groups = course.prerequisiteGroupsUuids.map((g) => g.map((u) => ({ uuid: u, courseId: byUuid.get(u)?.courseId ?? u, title: byUuid.get(u)?.title ?? '' })));
  return groups.length ? groups : [[]];
}

export function CourseFormDialog({ mode, onClose, onSaved }: Props) {
  const t = useT();
  const course = mode.kind === 'edit' ? mode.course : undefined;
  const [courseId, setCourseId] = useState(course?.courseId ?? '');
  const [title, setTitle] = useState(course?.title ?? '');
  const [description, setDescription] = useState(course?.description ?? '');
  const [units, setUnits] = useState(course ? String(course.units) : '0');
  const [groups, setGroups] = useState<ChosenCourse[][]>(initialGroups(course));
  const [tags, setTags] = useState<Record<string, string>>(Object.fromEntries((course?.tags ?? []).map((tag) => [tag.key, tag.value])));
  const [offered, setOffered] = useState<Season[]>((course?.offeredTerms ?? []).filter((s): s is Season => (SEASONS as readonly string[]).includes(s)));
  const [schoolUuid, setSchoolUuid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tagOptions = useQuery(CourseTagOptionsDocument);
  const partners = useQuery(PartnerSchoolsDocument, { skip: mode.kind !== 'add-partner' });
  const [create, createState] = useMutation(CreateCourseDocument);
  const [createPartner, partnerState] = useMutation(CreatePartnerCourseDocument);
  const [update, updateState] = useMutation(UpdateCourseDocument);
  const busy = createState.loading || partnerState.loading || updateState.loading;

  const options = [...(tagOptions.data?.courseTagOptions ?? [])];
  for (const [key, value] of Object.entries(tags)) if (!options.some((o) => o.key === key)) options.push({ key, value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const unitsNumber = units.trim() === '' ? 0 : Number(units);
    const input: CourseInputGql = {
      courseId,
      title,
      description,
      units: Number.isFinite(unitsNumber) ? unitsNumber : -1,
      prerequisiteGroups: groups.map((g) => g.map((c) => c.uuid)).filter((g) => g.length),
      tags: Object.entries(tags).map(([key, value]) => ({ key, value })),
      // [] (none ticked): unknown, every term.
      offeredTerms: SEASONS.filter((s) => offered.includes(s)),
    };
    try {
      if (mode.kind === 'edit') await update({ variables: { uuid: mode.course.uuid, input } });
      else if (mode.kind === 'add-partner') await createPartner({ variables: { schoolUuid: schoolUuid || partners.data?.partnerSchools[0]?.uuid || null, input } });
      else await create({ variables: { input } });
      onSaved();
    } catch (err) {
      console.error(mode.kind === 'edit' ? 'Error updating course' : 'Error adding course', err);
      setError(responseBody(err));
    }
  }

  const dialogTitle = mode.kind === 'edit' ? 'Edit Course' : 'Add New Course';
  return (
    <AccessibleDialog title={dialogTitle} onClose={onClose} wide>
      <form className="stack course-form" onSubmit={submit}>
        {mode.kind === 'add-partner' && (
          <label>
            {t('courses.school')}
            <select value={schoolUuid} onChange={(e) => setSchoolUuid(e.target.value)}>
              {(partners.data?.partnerSchools ?? []).map((s) => (
                <option key={s.uuid} value={s.uuid}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t('courses.courseId')}
          <input value={courseId} onChange={(e) => setCourseId(e.target.value)} />
        </label>
        <label>
          {t('common.title')}
          <input value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label>
          {t('common.description')}
          <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label>
          {t('courses.units')}
          <input type="number" step="0.01" min="0" value={units} onChange={(e) => setUnits(e.target.value)} />
        </label>
        <PrerequisiteGroupsField groups={groups} onChange={setGroups} />
        <fieldset>
          <legend>{t('courses.offered')}</legend>
          <div className="row">
            {SEASONS.map((s) => (
              <label key={s} className="check">
                <input type="checkbox" checked={offered.includes(s)} onChange={(e) => setOffered((o) => (e.target.checked ? [...o, s] : o.filter((x) => x !== s)))} />
                {t(`courses.offered.${s}`)}
              </label>
            ))}
          </div>
          <small>{t('courses.offeredHint')}</small>
        </fieldset>
        <fieldset className="tag-options">
          <legend>{t('courses.tags')}</legend>
          {options.map((o) => (
            <label key={o.key} className="check">
              <input
                type="checkbox"
                value={o.key}
                checked={o.key in tags}
                onChange={(e) => {
                  const next = { ...tags };
                  if (e.target.checked) next[o.key] = o.value;
                  else delete next[o.key];
                  setTags(next);
                }}
              />
              {o.value}
            </label>
          ))}
        </fieldset>
        {error !== null && (
          <div className="alert alert-danger" role="alert">
            <div>
              {mode.kind === 'edit' ? t('courses.errorUpdatingCourse') : t('courses.errorAddingCourse')}
              <pre className="response-body">{error}</pre>
            </div>
          </div>
        )}
        <div className="row">
          <button type="submit" disabled={busy}>
            {mode.kind === 'edit' ? t('courses.saveChanges') : t('courses.addCourse')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </AccessibleDialog>
  );
}
