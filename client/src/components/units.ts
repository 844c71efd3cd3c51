import { intlLocale, translate } from '../i18n/core';

/** A unit count without trailing zeros: 3, 2.5, 0.33. */
export const unitNumber = (units: number) => (Math.round(units * 100) / 100).toLocaleString(intlLocale(), { maximumFractionDigits: 2, useGrouping: false });

/** Units as people write them: '3 units', '1 unit', '2.5 units' (in the language in effect). */
export function formatUnits(units: number): string {
  return translate(units === 1 ? 'components.unitCountOne' : 'components.unitCountOther', { count: unitNumber(units) });
}
