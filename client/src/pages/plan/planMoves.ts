/**
 * Pure helpers of the plan page: where a dragged course lands, and the plan as it looks after the
 * move (shown at once, before the server answers; undone if the server refuses).
 */
import type { PlanFieldsFragment } from '../../graphql/generated';

export type PlanData = PlanFieldsFragment;
export type PlanTermData = PlanData['terms'][number];
export type PlanEntryData = PlanTermData['courses'][number];

export const termDropId = (term: string) => `term:${term}`;
export const tileId = (entryId: number) => `course:${entryId}`;

export interface Drop {
  term: string;
  /** 0-based index in the target term, counted without the moved course. */
  index: number;
}

/** Where a drop over `overId` (a term column or a tile) puts the course `entryId`. */
export function dropTarget(plan: PlanData, entryId: number, overId: string | null | undefined): Drop | null {
  if (!overId) return null;
  if (overId.startsWith('term:')) {
    const term = plan.terms.find((t) => t.term === overId.slice(5));
    if (!term) return null;
    return { term: term.term, index: term.courses.filter((c) => c.id !== entryId).length };
  }
  if (overId.startsWith('course:')) {
    const overEntry = Number(overId.slice(7));
    const term = plan.terms.find((t) => t.courses.some((c) => c.id === overEntry));
    if (!term) return null;
    // Over its own place: it stays where it is.
    if (overEntry === entryId) return { term: term.term, index: term.courses.findIndex((c) => c.id === entryId) };
    const without = term.courses.filter((c) => c.id !== entryId);
    const at = without.findIndex((c) => c.id === overEntry);
    // Dropping on a later tile of the same term puts the course after it; otherwise before it.
    const from = term.courses.findIndex((c) => c.id === entryId);
    const to = term.courses.findIndex((c) => c.id === overEntry);
    return { term: term.term, index: from >= 0 && from < to ? at + 1 : at };
  }
  return null;
}

/** The plan with `entryId` moved to `drop`, positions renumbered 0..n-1 in both terms. */
export function applyMove(plan: PlanData, entryId: number, drop: Drop): PlanData {
  const entry = plan.terms.flatMap((t) => t.courses).find((c) => c.id === entryId);
  if (!entry) return plan;
  const terms = plan.terms.map((t) => {
    let courses = t.courses.filter((c) => c.id !== entryId);
    if (t.term === drop.term) {
      courses = [...courses];
      courses.splice(Math.min(drop.index, courses.length), 0, { ...entry, term: drop.term });
    }
    courses = courses.map((c, position) => (c.position === position ? c : { ...c, position }));
    const units = Math.round(courses.reduce((s, c) => s + c.course.units, 0) * 100) / 100;
    return { ...t, courses, units };
  });
  return { ...plan, terms };
}

/** Whether a drop changes anything. */
export function isNoop(plan: PlanData, entryId: number, drop: Drop): boolean {
  const term = plan.terms.find((t) => t.courses.some((c) => c.id === entryId));
  if (!term || term.term !== drop.term) return false;
  return term.courses.filter((c) => c.id !== entryId).length >= drop.index && term.courses.findIndex((c) => c.id === entryId) === drop.index;
}
