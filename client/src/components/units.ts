import { translate } from '../i18n/core';

/**
 * A unit count without trailing zeros: 3, 2.5, 0.33, with a decimal point in every language, as
 * the school's course catalogue writes units (no grouping needed below 1,000); plain number
 * formatting also spares the plan page Intl's first-use start-up, which alone took
 * a long task on a slow phone.
 */
export const unitNumber = (units: number) => String(Math.round(units * 100) / 100);

/** Units as people write them: '3 units', '1 unit', '2.5 units' (in the language in effect). */
export function formatUnits(units: number): string {
  return translate(units === 1 ? 'components.unitCountOne' : 'components.unitCountOther', { count: unitNumber(units) });
}
