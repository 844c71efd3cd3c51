import { translate } from '../i18n/core';
import { formatNumber } from '../i18n/formats';

/** Units to two decimals at most, as the school's course catalogue writes them: 3, 2.5, 0.33. */
export const roundUnits = (units: number) => Math.round(units * 100) / 100;

/** A unit count as the language writes numbers: "2.5" in English, "2,5" in Vietnamese. */
export const unitNumber = (units: number) => formatNumber(roundUnits(units));

/** Units as people write them: '3 units', '1 unit', '2.5 units' (in the language in effect, its plural rules). */
export function formatUnits(units: number): string {
  return translate('components.unitCount', { count: roundUnits(units) });
}
