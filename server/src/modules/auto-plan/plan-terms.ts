/**
 * What a plan's term labels say to the generator: the seasons a term covers, each term's grade,
 * and the first term still ahead of a student. Pure functions of the labels and the grade.
 */
import { parseSeasonYear } from '../plans/plan-rules.js';
import type { Season } from './plan-model.js';

const SEASON_BY_RANK: Record<number, Season> = { 1: 'spring', 2: 'summer', 3: 'fall' };

/** The seasons a term label covers (null: a whole school year). */
export function seasonsOfLabel(label: string): Season[] | null {
  const parsed = parseSeasonYear(label);
  return parsed ? [SEASON_BY_RANK[parsed.season]] : null;
}

/** The grade of each term: from its label, else the year of a four-term plan, else the present grade. */
export function gradesOfTerms(labels: readonly string[], grade: number | null): (number | null)[] {
  return labels.map((label, i) => {
    const m = /(^|\D)(9|1[0-2])(st|nd|rd|th)?\s*grade/i.exec(label);
    if (m) return Number(m[2]);
    if (labels.length === 4 && !labels.some((l) => parseSeasonYear(l))) return 9 + i;
    return grade;
  });
}

/**
 * The first term still ahead of a student: the term whose label names the grade (e.g. '10th
 * Grade' for grade 10); for a four-year high-school plan with other labels, the grade's year
 * (grade 9 is the first); otherwise (grade 8, college, other, unknown) the first term.
 */
export function firstRemainingTerm(labels: readonly string[], grade: number | null): number {
  if (grade === null || grade < 9 || grade > 12) return 0;
  const re = new RegExp(`(^|\\D)${grade}(st|nd|rd|th)?(\\D|$)`, 'i');
  const byLabel = labels.findIndex((l) => re.test(l));
  if (byLabel >= 0) return byLabel;
  return labels.length === 4 ? grade - 9 : 0;
}
