import { unitNumber } from '../../components/units';
import type { TFunction } from '../../i18n';

/** "3 courses, 12 units planned, 1 unit completed.": each count picks its own singular or plural, so Spanish agrees too ("1 unidad completada"). */
export function planSummary(t: TFunction, courses: number, planned: number, completed: number): string {
  return t('plan.summary', {
    courses: t(courses === 1 ? 'plan.courseCountOne' : 'plan.courseCountOther', { count: courses }),
    planned: t(planned === 1 ? 'plan.unitsPlannedOne' : 'plan.unitsPlannedOther', { count: unitNumber(planned) }),
    completed: t(completed === 1 ? 'plan.unitsCompletedOne' : 'plan.unitsCompletedOther', { count: unitNumber(completed) }),
  });
}
