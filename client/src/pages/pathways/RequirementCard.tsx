/**
 * Requirement card (planning §2): collapsible; the header shows the name and a green check when
 * the requirement is fulfilled. Expanded: the description, the progress numbers (computed on the
 * server), and the eligible courses, the student's scheduled ones first, then by course_id.
 * Staff who may edit the pathway get Edit Requirement and Delete.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { DeleteRequirementDocument, EligibleCoursesDocument } from '../../graphql/generated';
import { ProgressBar } from '../../components/ProgressBar';
import '../../components/ops.css';
import { RequirementDialog } from './RequirementDialog';
import '../../components/pathways.css';
import { useT, type MessageKey } from '../../i18n';
import { unitNumber } from '../../components/units';

export interface RequirementCardData {
  uuid: string;
  name: string;
  description: string;
  numberOfUnits: number;
  numberOfCourses: number;
  canEdit: boolean;
}

export interface RequirementProgressData {
  requiredCourses: number;
  requiredUnits: number;
  completedCourses: number;
  completedUnits: number;
  isFulfilled: boolean;
}

interface Props {
  requirement: RequirementCardData;
  /** The student's progress; without it the card shows what is required. */
  progress?: RequirementProgressData | null;
  /** Called after an edit or a delete (e.g. to refetch progress). */
  onChanged?: () => void;
  defaultExpanded?: boolean;
}

/** Units as typed: up to two decimals, no trailing zeros. */

/** The catalogue key shown when no course of the plan fulfills the requirement. */
export const EMPTY_ELIGIBLE: MessageKey = 'components.emptyEligible';

export function RequirementCard({ requirement, progress, onChanged, defaultExpanded = false }: Props) {
  const t = useT();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [editing, setEditing] = useState(false);
  const bodyId = useId();
  const [remove, removing] = useMutation(DeleteRequirementDocument);

  async function del() {
    if (!window.confirm(t('components.confirmDeleteRequirement'))) return;
    try {
      await remove({ variables: { uuid: requirement.uuid } });
      onChanged?.();
    } catch (e) {
      console.error('Failed to delete the requirement', e);
    }
  }

  return (
    <section className="card requirement-card" aria-label={requirement.name}>
      <h3 style={{ margin: 0 }}>
        <button type="button" className="toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded(!expanded)}>
          <span>
            {requirement.name}
            {progress?.isFulfilled && (
              <>
                {' '}
                <span className="check" style={{ marginLeft: 4 }}>
                  <span aria-hidden="true">✓</span>
                  <span className="sr-only">{t('components.fulfilled')}</span>
                </span>
              </>
            )}
          </span>
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
        </button>
      </h3>
      {expanded && (
        <div className="body stack" id={bodyId}>
          {requirement.description && <p style={{ margin: 0 }}>{requirement.description}</p>}
          {progress ? (
            <div>
              <p style={{ margin: 0 }}>
                {t('components.courseRequirementCompletedcoursesFulfill', { completedCourses: progress.completedCourses, requiredCourses: progress.requiredCourses })}
              </p>
              <ProgressBar
                label={t('ops.progressCourses')}
                value={progress.completedCourses}
                max={progress.requiredCourses}
                text={t('ops.coursesOf', { done: progress.completedCourses, required: progress.requiredCourses })}
              />
              <p style={{ margin: 0 }}>
                {t('components.unitRequirementCompletedunitsFulfilledRe', {
                  completedUnits: unitNumber(progress.completedUnits),
                  requiredUnits: unitNumber(progress.requiredUnits),
                })}
              </p>
              <ProgressBar
                label={t('ops.progressUnits')}
                value={progress.completedUnits}
                max={progress.requiredUnits}
                text={t('ops.unitsOf', { done: unitNumber(progress.completedUnits), required: unitNumber(progress.requiredUnits) })}
              />
            </div>
          ) : (
            <div>
              <p style={{ margin: 0 }}>{t('components.coursesRequiredNumberofcourses', { numberOfCourses: requirement.numberOfCourses })}</p>
              <p style={{ margin: 0 }}>{t('components.unitsRequiredNumberofunits', { numberOfUnits: unitNumber(requirement.numberOfUnits) })}</p>
            </div>
          )}
          <EligibleCourses requirementUuid={requirement.uuid} />
          {requirement.canEdit && (
            <div className="row">
              <button type="button" className="secondary" onClick={() => setEditing(true)}>
                {t('components.editRequirement')}
              </button>
              <button type="button" className="danger" onClick={del} disabled={removing.loading}>
                {t('components.deleteRequirement')}
              </button>
            </div>
          )}
        </div>
      )}
      {editing && <RequirementDialog mode="edit" requirement={requirement} onClose={() => setEditing(false)} onSaved={onChanged} />}
    </section>
  );
}

function EligibleCourses({ requirementUuid }: { requirementUuid: string }) {
  const t = useT();
  const { data, loading, error } = useQuery(EligibleCoursesDocument, { variables: { requirementUuid, first: 100 } });
  if (error) console.error('Failed to load eligible courses', error);
  const nodes = data?.eligibleCourses.nodes ?? [];
  return (
    <div>
      <h4 style={{ margin: '4px 0' }}>{t('components.eligibleCourses')}</h4>
      {loading && !data ? (
        <p className="muted">{t('common.loading')}</p>
      ) : nodes.length === 0 ? (
        <p className="muted">{t(EMPTY_ELIGIBLE)}</p>
      ) : (
        <ul className="courses">
          {nodes.map(({ course, isScheduled }) => (
            <li key={course.uuid}>
              <strong>{course.courseId}</strong> {course.title}
              {isScheduled && (
                <span className="scheduled-mark">
                  <span aria-hidden="true">✓</span> {t('components.scheduled')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {(data?.eligibleCourses.totalCount ?? 0) > nodes.length && (
        <p className="muted">{t('components.andValueMore', { value: data!.eligibleCourses.totalCount - nodes.length })}</p>
      )}
    </div>
  );
}
