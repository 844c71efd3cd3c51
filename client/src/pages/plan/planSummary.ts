import { roundUnits } from '../../components/units';
import type { TFunction } from '../../i18n';

/** "3 courses, 12 units planned, 1 unit completed.": each count is an ICU plural, so every language agrees it with its number ("1 unidad completada"). */
export function planSummary(t: TFunction, courses: number, planned: number, completed: number): string {
  return t('plan.summary', {
    courses: t('plan.courseCount', { count: courses }),
    planned: t('plan.unitsPlanned', { count: roundUnits(planned) }),
    completed: t('plan.unitsCompleted', { count: roundUnits(completed) }),
  });
}
