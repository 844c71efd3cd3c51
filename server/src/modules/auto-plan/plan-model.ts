/**
 * The auto-plan model: a pure description of "place courses into a student's terms so that every
 * requirement of the chosen pathways is met", written as a mixed-integer program for HiGHS, and
 * the search that uses it (fewest terms, or a proven explanation of why no plan exists).
 *
 * No database, no clock of its own, no randomness: the caller hands in plain data and a `solve`
 * function (HiGHS in a worker thread in the server, HiGHS in process in tests), so the same input
 * always builds the same model and HiGHS (single-threaded, fixed seed) gives the same plan.
 *
 * Variables (all binary unless said):
 * - x[c,t]: course c is placed in term t. Created only for terms where c may go: not before the
 *   first term still ahead, not before the term the course becomes available (dual enrollment from
 *   the school's grade), a term the course is offered in, and not before its prerequisites could
 *   be done (earliest terms below). Courses already in the plan are constants (fixed); with
 *   `movePlanned`, planned courses in terms still ahead become variables that must stay in the
 *   plan (sum over t = 1) but may change term.
 * - a[c,r]: course c counts toward requirement r (at most when c is in the plan). A course's
 *   non-duplicable group (course_requirements rows of one course sharing a group) lets it count
 *   toward at most one requirement of the group, exactly as requirement progress counts it.
 * - sC[r] (integer), sU[r] (continuous, hundredths of a unit): the elastic shortfall of
 *   requirement r in courses and units. Only the first solve (all terms) has them: its minimum,
 *   once HiGHS proves it optimal, is the exact shortfall no plan can avoid.
 *
 * Constraints:
 * - each course at most once (a planned, movable course exactly once);
 * - prerequisites (the plan page's rule, made strict: a course of each group in an EARLIER term,
 *   which also passes the page's "same term or earlier" check; a student cannot take a course and
 *   its prerequisite side by side): sum_{t'<=t} x[c,t'] <= sum_{p in group} sum_{t'<t} x[p,t'];
 * - per-term caps on units and courses, less what the term already holds;
 * - requirements: counted courses + sC >= courses required; counted hundredths + sU >= hundredths required.
 *
 * Objective: the shortfall first (weighted far above the rest), then fewer added courses, then
 * earlier terms (a small secondary objective, which also makes ties deterministic).
 *
 * Search (the measured rule of the issue: "does it fit in T terms" for T = lowest, lowest+1, ...
 * is far faster than minimising terms in one model):
 * 1. Solve with every term and the elastic shortfall. Proven shortfall > 0: INFEASIBLE, with the
 *    shortfall per requirement and what blocks each. Shortfall 0: a plan exists.
 * 2. For T from the lowest possible upward, solve without shortfall in T terms; the first T with a
 *    plan gives the answer. A T HiGHS could not decide in time makes the answer UNPROVEN (the plan
 *    found is still offered), never a claim.
 * 3. Every solve shares one deadline. An explanation is reported only when proven; when the time
 *    runs out the status is UNPROVEN with the best plan found, if any.
 */
import { computeProgress, countingLinks, type EngineLink, type EngineRequirement, type RequirementResult } from '../pathways/progress.js';

/** The seasons a term covers or a course is offered in. */
export const SEASONS = ['fall', 'spring', 'summer'] as const;
export type Season = (typeof SEASONS)[number];

export interface ModelTerm {
  /** The seasons the term covers; null: a whole school year (every season). */
  seasons: readonly Season[] | null;
}

/** Why a course cannot be used at all, decided by the caller from school data. */
export type CourseBarrier = 'NOT_TRANSFERABLE';

export interface ModelCourse {
  id: number;
  /** The school's course code, e.g. 'MATH 7' (ordering and messages). */
  code: string;
  /** Units counted for the student (a partner course's adjusted units). */
  units: number;
  /** Prerequisite groups: the course needs one course of each group in an earlier term. */
  prerequisiteGroups: readonly (readonly number[])[];
  /** Seasons the course is offered in; null: every term. */
  offered: readonly Season[] | null;
  /** First term index the course may be taken in (dual enrollment from the school's grade); 0 for any. */
  availableFrom: number;
  /** Set when the course can never be added (e.g. a partner course the school does not accept). */
  barrier?: CourseBarrier;
}

export interface ModelEntry {
  courseId: number;
  term: number;
  /** A planned course in a term still ahead, which the student lets the generator move. */
  movable: boolean;
  /** Completed, with its grade: a grade below a requirement's minimum keeps it from counting there. */
  completed?: boolean;
  grade?: string | null;
}

export interface ModelRequirement extends EngineRequirement {
  /** Whether the plan must meet it (a requirement of a chosen pathway); the others are only counted, as progress counts them. */
  goal: boolean;
}

export interface AutoPlanInput {
  terms: readonly ModelTerm[];
  /** 0-based index of the first term still ahead; earlier terms never change. */
  firstTerm: number;
  caps: { units: number; courses: number };
  courses: readonly ModelCourse[];
  /** Every requirement the student sees (progress counts over all of them). */
  requirements: readonly ModelRequirement[];
  links: readonly EngineLink[];
  entries: readonly ModelEntry[];
}

/** What HiGHS answered for one model. */
export interface SolveOutcome {
  status: 'optimal' | 'infeasible' | 'timeLimit' | 'error';
  /** Whether `values` hold a feasible solution (HiGHS' primal solution status). */
  feasible: boolean;
  values: Float64Array | number[];
}

/** A solver: runs HiGHS on a model with a time limit in seconds. */
export type Solve = (model: LinearModel, timeLimitSeconds: number) => Promise<SolveOutcome>;

/** A HiGHS model in the highs package's structured form (CSR rows), plain data a worker can receive. */
export interface LinearModel {
  numCols: number;
  numRows: number;
  colCost: number[];
  colLower: number[];
  colUpper: number[];
  rowLower: number[];
  rowUpper: number[];
  matrix: { format: 'csr'; numRows: number; numCols: number; starts: number[]; indices: number[]; values: number[] };
  integrality: number[];
}

export type BlockReason =
  'TOO_FEW_COURSES' | 'NOT_TRANSFERABLE' | 'NOT_YET_ELIGIBLE' | 'NOT_OFFERED' | 'PREREQUISITE_TOO_LATE' | 'PREREQUISITE_CYCLE' | 'COUNTED_ELSEWHERE' | 'NO_ROOM';

/** One thing that keeps a requirement from being met. */
export interface Blocker {
  reason: BlockReason;
  /** The requirement's course concerned; null for the requirement itself (TOO_FEW_COURSES). */
  courseId: number | null;
  /**
   * PREREQUISITE_TOO_LATE: the prerequisite that cannot come early enough; NOT_OFFERED: the
   * prerequisite after which no term offering the course is left, when one is the cause.
   */
  prerequisiteId: number | null;
  /** COUNTED_ELSEWHERE: the requirement the course counts toward instead. */
  requirementId: number | null;
  /**
   * When a prerequisite is the cause (PREREQUISITE_TOO_LATE, NOT_OFFERED after its prerequisite):
   * the last term the course itself could go in (offered, allowed), which the prerequisite does not
   * fit before. Absent otherwise.
   */
  lastTerm?: number;
}

export interface Shortfall {
  requirementId: number;
  missingCourses: number;
  missingUnits: number;
  blockedBy: Blocker[];
}

export type AutoPlanStatus = 'OPTIMAL' | 'INFEASIBLE' | 'UNPROVEN';

export interface AutoPlanResult {
  status: AutoPlanStatus;
  /** Terms the plan uses (index of its last term holding a course, plus one); 0 with no plan. */
  terms: number;
  /** The whole plan: kept entries and added ones, each in its term. */
  entries: { courseId: number; term: number }[];
  /** Courses added (not in the plan before). */
  added: { courseId: number; term: number }[];
  /** Planned courses moved to another term (only with movePlanned). */
  moved: { courseId: number; from: number; term: number }[];
  /** INFEASIBLE only: what cannot be met and why, proven by the solver. */
  shortfalls: Shortfall[];
  /** Progress of the plan by the progress engine (the page's numbers). */
  progress: Map<number, RequirementResult>;
  /** Seconds the solves took. */
  seconds: number;
}

/** Largest number of blockers reported per requirement (the first ones in course-code order). */
export const MAX_BLOCKERS = 12;

const cents = (units: number) => Math.round(units * 100);
const codeOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function offeredIn(course: ModelCourse, term: ModelTerm): boolean {
  if (!course.offered || !term.seasons) return true;
  return course.offered.some((s) => term.seasons!.includes(s));
}

interface Earliest {
  /** Earliest term each course can be in the plan (Infinity: never within the terms). */
  term: Map<number, number>;
  /** Why a course has no term: the reason and, for prerequisites, the blocking group's first member. */
  why: Map<number, { reason: BlockReason; prerequisiteId: number | null }>;
}

/**
 * Earliest term of every course: a fixed course's own term; otherwise the first term at or after
 * the first term ahead, its availability, and one past the earliest member of each prerequisite
 * group, in which it is offered. A fixpoint over the prerequisite graph (Bellman-Ford style; a
 * cycle climbs past the last term and ends there).
 */
function earliestTerms(input: AutoPlanInput, fixed: Map<number, number>): Earliest {
  const n = input.terms.length;
  const term = new Map<number, number>();
  const why: Earliest['why'] = new Map();
  const courses = [...input.courses].sort((a, b) => a.id - b.id);
  const byId = new Map(courses.map((c) => [c.id, c]));
  for (const c of courses) term.set(c.id, fixed.has(c.id) ? fixed.get(c.id)! : -1);
  for (let round = 0, changed = true; changed && round <= n + courses.length + 1; round++) {
    changed = false;
    for (const c of courses) {
      if (fixed.has(c.id)) continue;
      let from = Math.max(input.firstTerm, c.availableFrom);
      let blockedBy: number | null = null;
      for (const group of c.prerequisiteGroups) {
        if (!group.length) continue;
        let best = Infinity;
        for (const p of group) {
          const pt = byId.has(p) ? (term.get(p) ?? Infinity) : Infinity;
          best = Math.min(best, pt < 0 ? Infinity : pt);
        }
        if (best + 1 > from) {
          from = best + 1;
          blockedBy = group[0];
        }
      }
      let t = from;
      while (t < n && !offeredIn(c, input.terms[t])) t++;
      const value = c.barrier || t >= n ? Infinity : t;
      if (value !== term.get(c.id)) {
        term.set(c.id, value);
        changed = true;
      }
      if (value === Infinity) {
        if (c.barrier) why.set(c.id, { reason: c.barrier, prerequisiteId: null });
        else if (Math.max(input.firstTerm, c.availableFrom) >= n) why.set(c.id, { reason: 'NOT_YET_ELIGIBLE', prerequisiteId: null });
        else if (from < n || blockedBy === null) why.set(c.id, { reason: 'NOT_OFFERED', prerequisiteId: blockedBy });
        else why.set(c.id, { reason: 'PREREQUISITE_TOO_LATE', prerequisiteId: blockedBy });
      } else why.delete(c.id);
    }
  }
  // A course still at -1 never got a term (a prerequisite cycle among unfixed courses keeps climbing).
  for (const [id, t] of term) if (t < 0) term.set(id, Infinity);
  for (const c of courses) {
    const w = why.get(c.id);
    if (w?.reason === 'PREREQUISITE_TOO_LATE' && onCycle(c.id, byId, fixed)) why.set(c.id, { reason: 'PREREQUISITE_CYCLE', prerequisiteId: w.prerequisiteId });
  }
  return { term, why };
}

/** Whether every group of some path from the course leads back to it (a prerequisite cycle). */
function onCycle(start: number, byId: Map<number, ModelCourse>, fixed: Map<number, number>): boolean {
  const seen = new Set<number>();
  const stack = [start];
  while (stack.length) {
    const id = stack.pop()!;
    for (const g of byId.get(id)?.prerequisiteGroups ?? [])
      for (const p of g) {
        if (p === start) return true;
        if (!seen.has(p) && !fixed.has(p)) {
          seen.add(p);
          stack.push(p);
        }
      }
  }
  return false;
}

/** The column and row builder: one model for a number of terms, with or without shortfall. */
class ModelBuilder {
  readonly colCost: number[] = [];
  readonly colLower: number[] = [];
  readonly colUpper: number[] = [];
  readonly integrality: number[] = [];
  private readonly rows: { lower: number; upper: number; cols: number[]; coefs: number[] }[] = [];

  col(cost: number, lower: number, upper: number, integer: boolean): number {
    this.colCost.push(cost);
    this.colLower.push(lower);
    this.colUpper.push(upper);
    this.integrality.push(integer ? 1 : 0);
    return this.colCost.length - 1;
  }

  row(lower: number, upper: number, terms: [number, number][]): void {
    const merged = new Map<number, number>();
    for (const [c, v] of terms) merged.set(c, (merged.get(c) ?? 0) + v);
    const cols = [...merged.keys()].sort((a, b) => a - b);
    this.rows.push({ lower, upper, cols, coefs: cols.map((c) => merged.get(c)!) });
  }

  build(): LinearModel {
    const starts = [0];
    const indices: number[] = [];
    const values: number[] = [];
    for (const r of this.rows) {
      indices.push(...r.cols);
      values.push(...r.coefs);
      starts.push(indices.length);
    }
    const numCols = this.colCost.length;
    return {
      numCols,
      numRows: this.rows.length,
      colCost: this.colCost,
      colLower: this.colLower,
      colUpper: this.colUpper,
      rowLower: this.rows.map((r) => r.lower),
      rowUpper: this.rows.map((r) => r.upper),
      matrix: { format: 'csr', numRows: this.rows.length, numCols, starts, indices, values },
      integrality: this.integrality,
    };
  }
}

interface Built {
  model: LinearModel;
  /** Column of x[c,t]. */
  place: Map<number, Map<number, number>>;
  /** Column of a[c,r] by `${c}:${r}`. */
  counts: Map<string, number>;
  /** Shortfall columns of goal requirements (elastic models only). */
  slack: Map<number, { courses: number; cents: number }>;
}

/** Everything the search derives once from the input. */
interface Prepared {
  input: AutoPlanInput;
  courseById: Map<number, ModelCourse>;
  /** Courses that stay where they are, by term. */
  fixed: Map<number, number>;
  /** Movable planned courses and their present term. */
  movable: Map<number, number>;
  earliest: Earliest;
  /** Courses that may receive x columns (not fixed, reachable within the terms), by id. */
  candidates: number[];
  goals: ModelRequirement[];
  /** Links of goal requirements, plain or grouped. */
  goalLinks: EngineLink[];
  fixedUnits: number[];
  fixedCount: number[];
}

/**
 * The input in one canonical order (courses, requirements, links and entries by id), so the model's
 * columns and rows, and with them HiGHS' choice between equally good plans, never depend on the
 * order the rows were read in: the same inputs always give the same plan.
 */
function canonical(given: AutoPlanInput): AutoPlanInput {
  const byId = <T extends { id: number }>(xs: readonly T[]) => [...xs].sort((a, b) => a.id - b.id);
  const text = (g: string | null) => g ?? '';
  return {
    ...given,
    courses: byId(given.courses).map((c) => ({ ...c, prerequisiteGroups: c.prerequisiteGroups.map((g) => [...g].sort((a, b) => a - b)) })),
    requirements: byId(given.requirements),
    links: [...given.links].sort(
      (a, b) => a.requirementId - b.requirementId || a.courseId - b.courseId || (text(a.group) < text(b.group) ? -1 : text(a.group) > text(b.group) ? 1 : 0),
    ),
    entries: [...given.entries].sort((a, b) => a.courseId - b.courseId || a.term - b.term),
  };
}

function prepare(unordered: AutoPlanInput): Prepared {
  const given = canonical(unordered);
  // A completed course with a grade below a requirement's minimum never counts there (progress'
  // own rule); it stays in the plan (a course is in it once: no retake), so another course must.
  const links = countingLinks(
    given.requirements,
    given.entries.map((e) => ({ id: e.courseId, completed: e.completed, grade: e.grade })),
    given.links,
  ).counting;
  const input: AutoPlanInput = { ...given, links };
  const courseById = new Map(input.courses.map((c) => [c.id, c]));
  const fixed = new Map<number, number>();
  const movable = new Map<number, number>();
  for (const e of input.entries) {
    if (e.movable && e.term >= input.firstTerm && courseById.has(e.courseId)) movable.set(e.courseId, e.term);
    else fixed.set(e.courseId, e.term);
  }
  let earliest = earliestTerms(input, fixed);
  // A movable course that cannot be placed anywhere (its prerequisites cannot come first) stays put.
  for (const [id, t] of [...movable]) {
    if (!Number.isFinite(earliest.term.get(id) ?? Infinity)) {
      movable.delete(id);
      fixed.set(id, t);
    }
  }
  earliest = earliestTerms(input, fixed);
  const n = input.terms.length;
  const fixedUnits = new Array<number>(n).fill(0);
  const fixedCount = new Array<number>(n).fill(0);
  for (const [id, t] of fixed) {
    if (t < 0 || t >= n) continue;
    fixedUnits[t] += cents(courseById.get(id)?.units ?? 0);
    fixedCount[t] += 1;
  }
  const candidates = input.courses
    .filter((c) => !fixed.has(c.id) && Number.isFinite(earliest.term.get(c.id) ?? Infinity))
    .map((c) => c.id)
    .sort((a, b) => a - b);
  const goals = input.requirements.filter((r) => r.goal);
  const goalIds = new Set(goals.map((r) => r.id));
  const goalLinks = input.links.filter((l) => goalIds.has(l.requirementId) && courseById.has(l.courseId));
  return { input, courseById, fixed, movable, earliest, candidates, goals, goalLinks, fixedUnits, fixedCount };
}

/** Builds the model in `termLimit` terms; `elastic` adds the shortfall columns. */
function buildModel(p: Prepared, termLimit: number, elastic: boolean): Built {
  const { input } = p;
  const b = new ModelBuilder();
  const place = new Map<number, Map<number, number>>();
  const shortfallWeight = 100 * (p.candidates.length + 1) * (input.terms.length + 2);
  for (const id of p.candidates) {
    const course = p.courseById.get(id)!;
    const cols = new Map<number, number>();
    for (let t = p.earliest.term.get(id)!; t < termLimit; t++) {
      if (!offeredIn(course, input.terms[t])) continue;
      // Fewer courses first (10 each), then earlier terms: a deterministic secondary objective.
      cols.set(t, b.col(10 + (t - input.firstTerm), 0, 1, true));
    }
    place.set(id, cols);
  }
  const placedSum = (id: number): [number, number][] => [...(place.get(id)?.values() ?? [])].map((c) => [c, 1]);

  // Each course at most once; a movable planned course exactly once.
  for (const id of p.candidates) {
    const terms = placedSum(id);
    if (p.movable.has(id)) b.row(1, 1, terms);
    else if (terms.length > 1) b.row(0, 1, terms);
  }
  // A movable course with no term left in this limit makes the model infeasible, as it should.
  for (const id of p.movable.keys()) if (!placedSum(id).length) b.row(1, 1, []);

  // Prerequisites: by each term, a course of each group placed in an earlier one.
  for (const id of p.candidates) {
    const course = p.courseById.get(id)!;
    const cols = place.get(id)!;
    if (!cols.size) continue;
    for (const group of course.prerequisiteGroups) {
      if (!group.length) continue;
      const fixedTerm = Math.min(...group.map((g) => p.fixed.get(g) ?? Infinity));
      for (const t of cols.keys()) {
        if (fixedTerm < t) continue; // met by a course that stays
        const terms: [number, number][] = [];
        for (const [tt, c] of cols) if (tt <= t) terms.push([c, 1]);
        for (const g of group) for (const [tt, c] of place.get(g) ?? []) if (tt < t) terms.push([c, -1]);
        b.row(-Infinity, 0, terms);
      }
    }
  }

  // Caps per term, less what stays there.
  for (let t = input.firstTerm; t < termLimit; t++) {
    const units: [number, number][] = [];
    const count: [number, number][] = [];
    for (const id of p.candidates) {
      const c = place.get(id)!.get(t);
      if (c === undefined) continue;
      units.push([c, cents(p.courseById.get(id)!.units)]);
      count.push([c, 1]);
    }
    if (!count.length) continue;
    b.row(-Infinity, Math.max(0, cents(input.caps.units) - p.fixedUnits[t]), units);
    b.row(-Infinity, Math.max(0, input.caps.courses - p.fixedCount[t]), count);
  }

  // Counting: a[c,r] <= in plan; a non-duplicable group counts toward one of its requirements.
  const counts = new Map<string, number>();
  const inPlan = (id: number): [number, number][] | null => (p.fixed.has(id) ? null : placedSum(id));
  for (const l of p.goalLinks) {
    const key = `${l.courseId}:${l.requirementId}`;
    if (counts.has(key)) continue;
    const terms = inPlan(l.courseId);
    if (terms !== null && !terms.length) continue; // never in the plan
    const col = b.col(0, 0, 1, true);
    counts.set(key, col);
    if (terms) b.row(-Infinity, 0, [[col, 1], ...terms.map(([c]) => [c, -1] as [number, number])]);
  }
  const plainly = new Set(p.goalLinks.filter((l) => l.group === null).map((l) => `${l.courseId}:${l.requirementId}`));
  const groups = new Map<string, Set<number>>();
  for (const l of p.input.links) {
    if (l.group === null) continue;
    const key = `${l.courseId}\u0000${l.group}`;
    groups.set(key, (groups.get(key) ?? new Set()).add(l.requirementId));
  }
  for (const [key, reqs] of groups) {
    const courseId = Number(key.split('\u0000')[0]);
    const cols = [...reqs]
      .filter((r) => !plainly.has(`${courseId}:${r}`))
      .map((r) => counts.get(`${courseId}:${r}`))
      .filter((c): c is number => c !== undefined);
    if (cols.length > 1)
      b.row(
        -Infinity,
        1,
        cols.map((c) => [c, 1]),
      );
  }

  // Requirements, elastic or not.
  const slack = new Map<number, { courses: number; cents: number }>();
  for (const r of p.goals) {
    const linked = [...new Set(p.goalLinks.filter((l) => l.requirementId === r.id).map((l) => l.courseId))];
    const courseTerms: [number, number][] = [];
    const unitTerms: [number, number][] = [];
    for (const id of linked) {
      const col = counts.get(`${id}:${r.id}`);
      if (col === undefined) continue;
      courseTerms.push([col, 1]);
      unitTerms.push([col, cents(p.courseById.get(id)!.units)]);
    }
    if (elastic) {
      const sc = b.col(shortfallWeight, 0, Infinity, true);
      const su = b.col(shortfallWeight / 100, 0, Infinity, false);
      slack.set(r.id, { courses: sc, cents: su });
      courseTerms.push([sc, 1]);
      unitTerms.push([su, 1]);
    }
    if (r.requiredCourses > 0) b.row(r.requiredCourses, Infinity, courseTerms);
    if (r.requiredUnits > 0) b.row(cents(r.requiredUnits), Infinity, unitTerms);
  }
  return { model: b.build(), place, counts, slack };
}

interface Decoded {
  plan: Map<number, number>;
  countedAt: Map<string, boolean>;
  shortfall: Map<number, { courses: number; cents: number }>;
}

function decode(p: Prepared, built: Built, values: ArrayLike<number>): Decoded {
  const plan = new Map(p.fixed);
  for (const [id, cols] of built.place) for (const [t, c] of cols) if (values[c] > 0.5) plan.set(id, t);
  const countedAt = new Map<string, boolean>();
  for (const [key, c] of built.counts) countedAt.set(key, values[c] > 0.5);
  const shortfall = new Map<number, { courses: number; cents: number }>();
  for (const [r, s] of built.slack) {
    const courses = Math.round(values[s.courses]);
    const units = Math.round(values[s.cents]);
    if (courses > 0 || units > 0) shortfall.set(r, { courses, cents: units });
  }
  return { plan, countedAt, shortfall };
}

/** Lowest number of terms any plan can have: past the fixed courses, and at least one. */
function lowestTermCount(p: Prepared): number {
  let low = 1;
  for (const t of p.fixed.values()) low = Math.max(low, t + 1);
  return Math.min(low, p.input.terms.length);
}

function termsUsed(plan: Map<number, number>): number {
  let last = -1;
  for (const t of plan.values()) last = Math.max(last, t);
  return last + 1;
}

/** The last term a course could go in, offered and allowed, were its prerequisites done (-1: none). */
function lastTermOf(p: Prepared, c: ModelCourse): number {
  const from = Math.max(p.input.firstTerm, c.availableFrom);
  for (let t = p.input.terms.length - 1; t >= from; t--) if (offeredIn(c, p.input.terms[t])) return t;
  return -1;
}

/** What blocks each requirement left short, from the proven solution. */
function explain(p: Prepared, d: Decoded): Shortfall[] {
  const out: Shortfall[] = [];
  const goalOrder = [...p.goals].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  for (const r of goalOrder) {
    const s = d.shortfall.get(r.id);
    if (!s) continue;
    const blockedBy: Blocker[] = [];
    const linked = [...new Set(p.goalLinks.filter((l) => l.requirementId === r.id).map((l) => l.courseId))]
      .map((id) => p.courseById.get(id)!)
      .sort((a, b) => codeOrder.compare(a.code, b.code) || a.id - b.id);
    const totalCents = linked.reduce((sum, c) => sum + cents(c.units), 0);
    if (linked.length < r.requiredCourses || totalCents < cents(r.requiredUnits))
      blockedBy.push({ reason: 'TOO_FEW_COURSES', courseId: null, prerequisiteId: null, requirementId: null });
    for (const c of linked) {
      if (d.countedAt.get(`${c.id}:${r.id}`)) continue;
      const why = p.earliest.why.get(c.id);
      if (d.plan.has(c.id)) {
        const elsewhere = p.goalLinks.find((l) => l.courseId === c.id && l.requirementId !== r.id && d.countedAt.get(`${c.id}:${l.requirementId}`));
        blockedBy.push({ reason: 'COUNTED_ELSEWHERE', courseId: c.id, prerequisiteId: null, requirementId: elsewhere?.requirementId ?? null });
      } else if (why) {
        const last = why.prerequisiteId === null ? -1 : lastTermOf(p, c);
        blockedBy.push({ reason: why.reason, courseId: c.id, prerequisiteId: why.prerequisiteId, requirementId: null, ...(last >= 0 ? { lastTerm: last } : {}) });
      } else blockedBy.push({ reason: 'NO_ROOM', courseId: c.id, prerequisiteId: null, requirementId: null });
    }
    out.push({ requirementId: r.id, missingCourses: s.courses, missingUnits: s.cents / 100, blockedBy: blockedBy.slice(0, MAX_BLOCKERS) });
  }
  return out;
}

function result(p: Prepared, status: AutoPlanStatus, plan: Map<number, number> | null, shortfalls: Shortfall[], started: number, now: () => number): AutoPlanResult {
  const entries = plan ? [...plan].map(([courseId, term]) => ({ courseId, term })) : [...p.fixed, ...p.movable].map(([courseId, term]) => ({ courseId, term }));
  entries.sort(
    (a, b) => a.term - b.term || codeOrder.compare(p.courseById.get(a.courseId)?.code ?? '', p.courseById.get(b.courseId)?.code ?? '') || a.courseId - b.courseId,
  );
  const before = new Map(p.input.entries.map((e) => [e.courseId, e.term]));
  const added = entries.filter((e) => !before.has(e.courseId));
  const moved = entries.filter((e) => before.has(e.courseId) && before.get(e.courseId) !== e.term).map((e) => ({ ...e, from: before.get(e.courseId)! }));
  const progress = computeProgress(
    p.input.requirements.map((r) => ({ ...r })),
    entries.map((e) => ({ id: e.courseId, courseId: p.courseById.get(e.courseId)?.code ?? '', units: p.courseById.get(e.courseId)?.units ?? 0 })),
    [...p.input.links],
  );
  const terms = plan ? termsUsed(plan) : 0;
  return { status, terms, entries, added, moved, shortfalls, progress, seconds: (now() - started) / 1000 };
}

/**
 * The fewest-terms plan meeting every goal requirement, or the proven reason none exists.
 * `timeLimitSeconds` bounds all solves together; `now` is the clock in milliseconds.
 */
export async function autoPlan(input: AutoPlanInput, solve: Solve, timeLimitSeconds: number, now: () => number = () => performance.now()): Promise<AutoPlanResult> {
  const started = now();
  const deadline = started + timeLimitSeconds * 1000;
  const left = () => (deadline - now()) / 1000;
  const p = prepare(input);
  const n = input.terms.length;

  const full = buildModel(p, n, true);
  const first = await solve(full.model, Math.max(0.05, left()));
  if (!first.feasible) {
    // With shortfall columns every model is feasible; no solution means HiGHS ran out of time (or failed).
    return result(p, 'UNPROVEN', null, [], started, now);
  }
  const best = decode(p, full, first.values);
  if (best.shortfall.size) {
    if (first.status === 'optimal') return result(p, 'INFEASIBLE', best.plan, explain(p, best), started, now);
    return result(p, 'UNPROVEN', best.plan, [], started, now);
  }
  // A plan exists within every term; now the fewest terms.
  let proven = true;
  for (let t = lowestTermCount(p); t < n && t < termsUsed(best.plan); t++) {
    if (left() <= 0) {
      proven = false;
      break;
    }
    const built = buildModel(p, t, false);
    const outcome = await solve(built.model, left());
    if (outcome.feasible) return result(p, proven ? 'OPTIMAL' : 'UNPROVEN', decode(p, built, outcome.values).plan, [], started, now);
    if (outcome.status !== 'infeasible') proven = false;
  }
  return result(p, proven ? 'OPTIMAL' : 'UNPROVEN', best.plan, [], started, now);
}
