/**
 * The plan's pure rules, shared by the service (both APIs and the PDF) and unit-tested without a
 * database: term ordering, the prerequisite-warning rule, and position renumbering.
 */

/** Season order of planning §9: Spring 1, Summer 2, Fall 3. */
const SEASONS: Record<string, number> = { spring: 1, summer: 2, fall: 3 };
const SEASON_YEAR = /^\s*(spring|summer|fall)\s+(\d{4})\s*$/i;

/** Year and season rank of a 'Season Year' label such as 'Fall 2026', or null for any other label. */
export function parseSeasonYear(label: string): { year: number; season: number } | null {
  const m = SEASON_YEAR.exec(label);
  return m ? { year: Number(m[2]), season: SEASONS[m[1].toLowerCase()] } : null;
}

/**
 * Term labels in display order: 'Season Year' labels by year, then Spring, Summer, Fall; any other
 * label keeps its place relative to the other such labels and follows the dated ones.
 * A stable sort: two equal labels keep their order.
 */
export function sortTermLabels(labels: readonly string[]): string[] {
  return labels
    .map((label, index) => ({ label, index, parsed: parseSeasonYear(label) }))
    .sort((a, b) => {
      if (a.parsed && b.parsed) return a.parsed.year - b.parsed.year || a.parsed.season - b.parsed.season || a.index - b.index;
      if (a.parsed) return -1;
      if (b.parsed) return 1;
      return a.index - b.index;
    })
    .map((x) => x.label);
}

/**
 * The 1-based term positions of `labels` in display order. When every label has the form
 * 'Season Year' the terms are shown chronologically (sortTermLabels); otherwise in the order the
 * student gave them (their positions).
 */
export function termDisplayOrder(labels: readonly string[]): number[] {
  const positions = labels.map((_, i) => i + 1);
  if (!labels.length || !labels.every((l) => parseSeasonYear(l))) return positions;
  const sorted = sortTermLabels(labels);
  const used = new Set<number>();
  return sorted.map((label) => {
    const i = labels.findIndex((l, idx) => l === label && !used.has(idx));
    used.add(i);
    return i + 1;
  });
}

export interface WarningEntry {
  scheduledCourseId: number;
  courseId: number;
  title: string;
  /** The scheduled course's term value. */
  term: string;
  /** Order of the term on the plan: smaller is earlier; equal is the same term. */
  rank: number;
}

export interface PrerequisiteWarning {
  scheduledCourseId: number;
  courseId: number;
  title: string;
  term: string;
  termLabel: string;
  /** 0-based group index of the course's prerequisite groups that is not met. */
  groupIndex: number;
  message: string;
}

export const warningMessage = (title: string, termLabel: string) => `Prerequisite not met for "${title}" in ${termLabel}`;

/**
 * Planning §4: for each scheduled course and each of its prerequisite groups, at least one course
 * of the group must be scheduled in the same term or an earlier one. Warnings come in plan order
 * (term rank, then the order given), one per unmet group.
 */
export function prerequisiteWarnings(
  entries: readonly WarningEntry[],
  groupsByCourse: ReadonlyMap<number, readonly (readonly number[])[]>,
  termLabel: (term: string) => string,
): PrerequisiteWarning[] {
  const rankOf = new Map<number, number>();
  for (const e of entries) {
    const prev = rankOf.get(e.courseId);
    if (prev === undefined || e.rank < prev) rankOf.set(e.courseId, e.rank);
  }
  const ordered = entries.map((e, i) => ({ e, i })).sort((a, b) => a.e.rank - b.e.rank || a.i - b.i);
  const warnings: PrerequisiteWarning[] = [];
  for (const { e } of ordered) {
    const groups = groupsByCourse.get(e.courseId) ?? [];
    groups.forEach((group, groupIndex) => {
      if (!group.length) return;
      const met = group.some((prereq) => {
        const r = rankOf.get(prereq);
        return r !== undefined && r <= e.rank;
      });
      if (met) return;
      const label = termLabel(e.term);
      warnings.push({
        scheduledCourseId: e.scheduledCourseId,
        courseId: e.courseId,
        title: e.title,
        term: e.term,
        termLabel: label,
        groupIndex,
        message: warningMessage(e.title, label),
      });
    });
  }
  return warnings;
}

/**
 * New positions 0..n-1 for the courses of one term. `current` is the term's courses in their
 * present order; `requested` maps some of them to a wanted position. Requested courses sort by the
 * position asked for, the others keep their present place, and a requested course wins a tie, so
 * the result never holds two courses at one position and never loses one.
 */
export function renumberPositions(
  current: readonly { id: number; position: number }[],
  requested: ReadonlyMap<number, number> = new Map(),
): { id: number; position: number }[] {
  return current
    .map((c, index) => ({ id: c.id, key: requested.get(c.id) ?? c.position, asked: requested.has(c.id) ? 0 : 1, index }))
    .sort((a, b) => a.key - b.key || a.asked - b.asked || a.index - b.index)
    .map((c, position) => ({ id: c.id, position }));
}

/** Moves the element at `from` to `to` (0-based) in a copy of `list`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = list.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}
