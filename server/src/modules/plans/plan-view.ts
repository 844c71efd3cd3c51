/** The plan as every output shows it (REST, GraphQL, the PDF, the students dashboard): terms in display order, warnings, totals. */
import type { User } from '../accounts/user.entity.js';
import { prerequisiteWarnings, termDisplayOrder, type PrerequisiteWarning } from './plan-rules.js';
import type { PlanEntry } from './plan-store.js';

export interface PlanTermView {
  /** The term value stored on its courses (1-based position as text). */
  term: string;
  /** 1-based position among the labels; null for an extra term that is not one of them. */
  position: number | null;
  label: string;
  courses: PlanEntry[];
  units: number;
}

export interface PlanView {
  user: User;
  readOnly: boolean;
  labels: string[];
  terms: PlanTermView[];
  entries: PlanEntry[];
  warnings: PrerequisiteWarning[];
  totalUnits: number;
  completedUnits: number;
  /** Set when this is one of the student's what-if plans rather than the official plan. */
  whatIf?: { id: number; name: string } | null;
}

/** Terms in display order with their courses, warnings and totals: the one view every output uses. */
export function buildView(user: User, readOnly: boolean, entries: PlanEntry[]): PlanView {
  const labels = Array.isArray(user.academicYearLabels) ? user.academicYearLabels : [];
  const terms: PlanTermView[] = termDisplayOrder(labels).map((position) => ({
    term: String(position),
    position,
    label: labels[position - 1],
    courses: [],
    units: 0,
  }));
  const byTerm = new Map(terms.map((t) => [t.term, t]));
  // Courses whose term is not one of the labels still show, in extra terms after the others.
  const extras = [...new Set(entries.map((e) => e.term).filter((t) => !byTerm.has(t)))].sort((a, b) => {
    const na = Number(a),
      nb = Number(b);
    if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
    return Number.isFinite(na) ? -1 : Number.isFinite(nb) ? 1 : a.localeCompare(b);
  });
  for (const term of extras) {
    const t: PlanTermView = { term, position: null, label: /^\d+$/.test(term) ? `Term ${term}` : term, courses: [], units: 0 };
    terms.push(t);
    byTerm.set(term, t);
  }
  for (const e of [...entries].sort((a, b) => a.position - b.position || a.id - b.id)) byTerm.get(e.term)!.courses.push(e);
  for (const t of terms) t.units = round2(t.courses.reduce((s, e) => s + e.course.units, 0));
  const rank = new Map(terms.map((t, i) => [t.term, i]));
  const ordered = terms.flatMap((t) => t.courses);
  const warnings = prerequisiteWarnings(
    ordered.map((e) => ({ scheduledCourseId: e.id, courseId: e.courseId, title: e.course.title, term: e.term, rank: rank.get(e.term)! })),
    new Map(ordered.map((e) => [e.courseId, e.course.prerequisiteIds])),
    (term) => byTerm.get(term)?.label ?? term,
  );
  return {
    user,
    readOnly,
    labels,
    terms,
    entries: ordered,
    warnings,
    totalUnits: round2(ordered.reduce((s, e) => s + e.course.units, 0)),
    completedUnits: round2(ordered.filter((e) => e.completed).reduce((s, e) => s + e.course.units, 0)),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
