/**
 * Grades and minimum grades: the letter scale a requirement's minimum is chosen from (e.g. "C or
 * better", as UC/CSU subject requirements ask), and whether a grade as a school or a student wrote
 * it meets one. Shared: the server counts progress with it, the client offers its scale.
 *
 * Decisions where the issue is silent:
 * - Letters A+ to D-, then F; a numeric grade (Ed-Fi's finalNumericGradeEarned, 0 to 100) reads
 *   as the usual US scale (97 A+, 93 A, 90 A-, ... 60 D-, below F).
 * - A failing grade (F, E, NP, NC, U, a number under 60) never counts as a completed course: the
 *   student earned no credit.
 * - P and CR (pass, credit) count where no minimum is set, and meet a minimum of C or lower (a
 *   pass is at least a C in California's grading policy); NP/NC fail.
 * - A completed course without a grade (or with text the scale does not know) counts where no
 *   minimum is set and meets no minimum: the minimum needs a known grade.
 */
export const MINIMUM_GRADES = ['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-'] as const;
export type MinimumGrade = (typeof MINIMUM_GRADES)[number];

const POINTS: Record<string, number> = { 'A+': 13, A: 12, 'A-': 11, 'B+': 10, B: 9, 'B-': 8, 'C+': 7, C: 6, 'C-': 5, 'D+': 4, D: 3, 'D-': 2, F: 0, E: 0 };
const FAILING = new Set(['F', 'E', 'NP', 'NC', 'U', 'FAIL']);
const PASSING = new Set(['P', 'CR', 'PASS', 'S']);
const NUMERIC_STEPS: [number, string][] = [
  [97, 'A+'],
  [93, 'A'],
  [90, 'A-'],
  [87, 'B+'],
  [83, 'B'],
  [80, 'B-'],
  [77, 'C+'],
  [73, 'C'],
  [70, 'C-'],
  [67, 'D+'],
  [63, 'D'],
  [60, 'D-'],
];

export const isMinimumGrade = (v: unknown): v is MinimumGrade => typeof v === 'string' && (MINIMUM_GRADES as readonly string[]).includes(v);

/** A grade's letter on the scale, or P, F, or null when the text is none of these. */
export function gradeLetter(grade: string): string | null {
  const g = grade.trim().toUpperCase();
  if (!g) return null;
  if (g in POINTS) return g;
  if (FAILING.has(g)) return 'F';
  if (PASSING.has(g)) return 'P';
  if (/^\d{1,3}(\.\d+)?$/.test(g)) {
    const n = Number(g);
    if (n > 100) return null;
    return NUMERIC_STEPS.find(([min]) => n >= min)?.[1] ?? 'F';
  }
  return null;
}

/** Whether a completed course with this grade counts toward a requirement with this minimum (null: none). */
export function meetsMinimum(grade: string, minimum: string | null | undefined): boolean {
  const letter = gradeLetter(grade);
  if (letter === 'F') return false;
  if (!minimum) return true;
  if (letter === null) return false;
  if (letter === 'P') return POINTS[minimum] <= POINTS.C;
  return POINTS[letter] >= POINTS[minimum];
}
