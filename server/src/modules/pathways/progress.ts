/**
 * The requirement progress engine: how far a student's plan meets each requirement.
 *
 * What counts (decisions, since the spec only shows the client):
 * - A course counts when it is in the student's plan (a scheduled_courses row of the student), as
 *   the card's empty state says "in your Four Year Plan". Grades and the completed flag do not
 *   matter: progress is the plan's projection, and a course not yet taken still shows what the
 *   plan will meet. The compare view of what-if plans (modules/what-if-plans/) asks this same
 *   engine for a what-if plan's entries instead: one rule for every plan.
 * - Units: a course of the student's own school counts with its own units. A course of another
 *   school counts with the adjusted units the student's school accepted (course_transfers); with
 *   no transfer row it counts with its own units (the requirement's staff attached it knowingly;
 *   transferability changes the number, not whether it counts).
 * - A requirement is fulfilled when completed_courses >= required_courses AND completed_units >=
 *   required_units; one with 0 courses and 0 units required is fulfilled.
 *
 * Non-duplicable groups: the course_requirements rows of one course sharing a
 * non_duplicable_group form a group; the course counts toward exactly one requirement of the
 * group (among the requirements the student can see). Counting it somewhere never lowers a
 * requirement's numbers, so every such course is always counted once. The engine chooses, for
 * every (course, group), the requirement that makes the MOST requirements fulfilled overall:
 * 1. Choices interact only through shared requirements, so they are split into independent
 *    components (requirements linked by some choice); each is solved alone.
 * 2. Within a component, every assignment is tried (exhaustive search) when there are at most
 *    MAX_ASSIGNMENTS of them. The best assignment has the most fulfilled requirements, then the
 *    most partial progress (sum over requirements of min(1, done/required) for courses and units).
 *    Among equals the first in enumeration order wins: choices are ordered by course_id (then
 *    course id) and each choice's options by requirement name, then uuid. The result is
 *    deterministic for the same data.
 * 3. A component larger than the bound (never met in practice: it needs many courses each in
 *    several overlapping groups) is solved greedily in the same order, each choice taking the
 *    option with the best score given the choices made so far.
 * Units are compared in hundredths (integers), so 0.1 + 0.2 meets a requirement of 0.3.
 */
import type { DataSource } from 'typeorm';
import { meetsMinimum } from '@planner/shared';
import { entryTable, officialPlan, type PlanRef } from '../plans/plan-store.js';

/**
 * The one display order of pathways and requirements: by name ignoring case (code points), then
 * uuid. SQL uses the same: ORDER BY lower(name) COLLATE "C", uuid.
 */
export function byName(a: { name: string; uuid: string }, b: { name: string; uuid: string }): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
}

/** Largest number of assignments of one component the engine enumerates. */
export const MAX_ASSIGNMENTS = 20_000;

export interface EngineRequirement {
  id: number;
  uuid: string;
  name: string;
  requiredCourses: number;
  requiredUnits: number;
  /** The lowest grade a completed course may have to count (null: any passing grade). */
  minimumGrade?: string | null;
}

export interface EngineCourse {
  id: number;
  /** The school's course code, for ordering. */
  courseId: string;
  /** Units counted for the student (see effectiveUnits). */
  units: number;
}

export interface EngineLink {
  courseId: number;
  requirementId: number;
  group: string | null;
}

export interface RequirementResult {
  requirementId: number;
  requiredCourses: number;
  requiredUnits: number;
  completedCourses: number;
  completedUnits: number;
  isFulfilled: boolean;
  /** Ids of the plan's courses counted toward this requirement. */
  countedCourseIds: number[];
}

/** Units a course counts for a student of `studentSchoolId`. */
export function effectiveUnits(course: { schoolId: number; units: number }, studentSchoolId: number | null, adjustedUnits: number | null): number {
  if (studentSchoolId !== null && course.schoolId !== studentSchoolId && adjustedUnits !== null) return adjustedUnits;
  return course.units;
}

const cents = (units: number) => Math.round(units * 100);

interface Tally {
  courses: number;
  cents: number;
}

interface Choice {
  course: EngineCourse;
  /** Requirement ids, ordered by name then uuid. */
  options: number[];
}

function fulfilled(r: EngineRequirement, t: Tally): boolean {
  return t.courses >= r.requiredCourses && t.cents >= cents(r.requiredUnits);
}

function partial(r: EngineRequirement, t: Tally): number {
  let s = 0;
  if (r.requiredCourses > 0) s += Math.min(1, t.courses / r.requiredCourses);
  if (r.requiredUnits > 0) s += Math.min(1, t.cents / cents(r.requiredUnits));
  return s;
}

function score(reqs: EngineRequirement[], tallies: Map<number, Tally>): [number, number] {
  let full = 0;
  let part = 0;
  for (const r of reqs) {
    const t = tallies.get(r.id)!;
    if (fulfilled(r, t)) full += 1;
    part += partial(r, t);
  }
  return [full, part];
}

const better = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1] + 1e-9);

/**
 * Computes progress for every requirement in `requirements` from the plan's `courses` and the
 * fulfilment `links` (links to other courses or requirements are ignored).
 */
export function computeProgress(
  requirements: EngineRequirement[],
  courses: EngineCourse[],
  links: EngineLink[],
  maxAssignments = MAX_ASSIGNMENTS,
): Map<number, RequirementResult> {
  const reqById = new Map(requirements.map((r) => [r.id, r]));
  const courseById = new Map(courses.map((c) => [c.id, c]));
  const order = (a: number, b: number) => {
    const ra = reqById.get(a)!;
    const rb = reqById.get(b)!;
    return ra.name < rb.name ? -1 : ra.name > rb.name ? 1 : ra.uuid < rb.uuid ? -1 : ra.uuid > rb.uuid ? 1 : 0;
  };

  const tallies = new Map<number, Tally>(requirements.map((r) => [r.id, { courses: 0, cents: 0 }]));
  const counted = new Map<number, Set<number>>(requirements.map((r) => [r.id, new Set<number>()]));
  const count = (course: EngineCourse, reqId: number) => {
    const set = counted.get(reqId)!;
    if (set.has(course.id)) return;
    set.add(course.id);
    const t = tallies.get(reqId)!;
    t.courses += 1;
    t.cents += cents(course.units);
  };

  // Plain links count at once; a group's members become one choice per (course, group).
  const groups = new Map<string, { course: EngineCourse; options: Set<number> }>();
  for (const l of links) {
    const course = courseById.get(l.courseId);
    if (!course || !reqById.has(l.requirementId)) continue;
    if (l.group === null) {
      count(course, l.requirementId);
      continue;
    }
    const key = `${course.id}:${l.group}`;
    const g = groups.get(key) ?? { course, options: new Set<number>() };
    g.options.add(l.requirementId);
    groups.set(key, g);
  }
  const choices: Choice[] = [];
  for (const g of groups.values()) {
    const options = [...g.options].sort(order);
    if (options.length === 1) count(g.course, options[0]);
    else choices.push({ course: g.course, options });
  }
  // A course already counted toward a requirement by a plain link gains nothing there: the
  // choice still stays open (it may help elsewhere), and counting twice is prevented by count().
  choices.sort((a, b) =>
    a.course.courseId < b.course.courseId ? -1 : a.course.courseId > b.course.courseId ? 1 : a.course.id - b.course.id || order(a.options[0], b.options[0]),
  );

  for (const component of components(choices)) {
    const reqs = [...new Set(component.flatMap((c) => c.options))].map((id) => reqById.get(id)!);
    const size = component.reduce((n, c) => Math.min(n * c.options.length, maxAssignments + 1), 1);
    const pick = size <= maxAssignments ? exhaustive(component, reqs, tallies, counted) : greedy(component, reqs, tallies, counted);
    component.forEach((c, i) => count(c.course, pick[i]));
  }

  const out = new Map<number, RequirementResult>();
  for (const r of requirements) {
    const t = tallies.get(r.id)!;
    out.set(r.id, {
      requirementId: r.id,
      requiredCourses: r.requiredCourses,
      requiredUnits: r.requiredUnits,
      completedCourses: t.courses,
      completedUnits: t.cents / 100,
      isFulfilled: fulfilled(r, t),
      countedCourseIds: [...counted.get(r.id)!].sort((a, b) => a - b),
    });
  }
  return out;
}

/** Splits the choices into groups that share no requirement (kept in their order). */
function components(choices: Choice[]): Choice[][] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let p = parent.get(x) ?? x;
    if (p !== x) {
      p = find(p);
      parent.set(x, p);
    }
    return p;
  };
  for (const c of choices) for (const o of c.options.slice(1)) parent.set(find(o), find(c.options[0]));
  const byRoot = new Map<number, Choice[]>();
  for (const c of choices) {
    const root = find(c.options[0]);
    byRoot.set(root, [...(byRoot.get(root) ?? []), c]);
  }
  return [...byRoot.values()];
}

/** Tallies of the component's requirements as they stand (plain links counted), copied. */
function snapshot(reqs: EngineRequirement[], tallies: Map<number, Tally>): Map<number, Tally> {
  return new Map(reqs.map((r) => [r.id, { ...tallies.get(r.id)! }]));
}

type Counted = Map<number, Set<number>>;

/**
 * The chosen requirement per choice. `counted` (courses counted by plain links) keeps a course
 * from counting twice toward one requirement when it is also linked there plainly.
 */
function exhaustive(component: Choice[], reqs: EngineRequirement[], tallies: Map<number, Tally>, counted: Counted): number[] {
  const local = snapshot(reqs, tallies);
  const current: number[] = [];
  let best: number[] | null = null;
  let bestScore: [number, number] = [-1, -1];
  const taken = new Map<number, Set<number>>(); // requirement -> courses counted by choices
  const visit = (i: number) => {
    if (i === component.length) {
      const s = score(reqs, local);
      if (best === null || better(s, bestScore)) {
        best = [...current];
        bestScore = s;
      }
      return;
    }
    const { course, options } = component[i];
    for (const reqId of options) {
      const set = taken.get(reqId) ?? new Set<number>();
      taken.set(reqId, set);
      const adds = !set.has(course.id) && !counted.get(reqId)!.has(course.id);
      if (adds) {
        set.add(course.id);
        const t = local.get(reqId)!;
        t.courses += 1;
        t.cents += cents(course.units);
      }
      current.push(reqId);
      visit(i + 1);
      current.pop();
      if (adds) {
        set.delete(course.id);
        const t = local.get(reqId)!;
        t.courses -= 1;
        t.cents -= cents(course.units);
      }
    }
  };
  visit(0);
  return best!;
}

function greedy(component: Choice[], reqs: EngineRequirement[], tallies: Map<number, Tally>, counted: Counted): number[] {
  const local = snapshot(reqs, tallies);
  const picks: number[] = [];
  for (const { course, options } of component) {
    let bestReq = options[0];
    let bestScore: [number, number] | null = null;
    for (const reqId of options) {
      const t = local.get(reqId)!;
      const adds = !counted.get(reqId)!.has(course.id);
      if (adds) {
        t.courses += 1;
        t.cents += cents(course.units);
      }
      const s = score(reqs, local);
      if (adds) {
        t.courses -= 1;
        t.cents -= cents(course.units);
      }
      if (bestScore === null || better(s, bestScore)) {
        bestScore = s;
        bestReq = reqId;
      }
    }
    const t = local.get(bestReq)!;
    if (!counted.get(bestReq)!.has(course.id)) {
      t.courses += 1;
      t.cents += cents(course.units);
    }
    picks.push(bestReq);
  }
  return picks;
}

/** A course of a student's plan as loaded for the engine: its own units and the units the student's school accepted. */
export interface PlanCourseFacts {
  id: number;
  courseId: string;
  schoolId: number;
  units: number;
  /** course_transfers.adjusted_units for the student's school; null without a transfer row. */
  adjustedUnits: number | null;
  /** Counts as completed (see countsAsCompleted); absent: planned. */
  completed?: boolean;
  /** The grade of a completed course. */
  grade?: string;
}

/**
 * Whether a plan entry counts as completed rather than planned: completed on the school's record,
 * or ticked by the student where the school keeps no record of theirs. Once a school has imported
 * a student's course history, a completion the student entered for a course the record does not
 * know stays planned: the audit believes the school, not the tick (the plan marks it
 * self-reported).
 */
export const countsAsCompleted = (entry: { completed: boolean; fromRecord: boolean }, studentHasRecord: boolean) =>
  entry.completed && (entry.fromRecord || !studentHasRecord);

/** A requirement's progress with completed courses apart from planned ones: "3 completed, 2 planned, 1 missing". */
export interface PlanRequirementResult extends RequirementResult {
  /** Courses counted that are completed (with a grade meeting the minimum). */
  doneCourses: number;
  /** Courses counted that are only planned (or in progress). */
  plannedCourses: number;
  /** Courses still needed beyond those counted (0 once enough are counted). */
  missingCourses: number;
  /** Completed courses that would count but for a grade below the minimum (or failing). */
  belowMinimumCourseIds: number[];
}

/**
 * The links that may count: a completed course counts toward a requirement only with a grade
 * meeting its minimum (never a failing one). The one place of that rule: progress and the plan
 * generator (auto-plan) both count through it. `below` lists, by requirement, the completed
 * courses left out for their grade.
 */
export function countingLinks(
  requirements: readonly EngineRequirement[],
  plan: readonly { id: number; completed?: boolean; grade?: string | null }[],
  links: readonly EngineLink[],
): { counting: EngineLink[]; below: Map<number, number[]> } {
  const byId = new Map(plan.map((c) => [c.id, c]));
  const minimum = new Map(requirements.map((r) => [r.id, r.minimumGrade ?? null]));
  const below = new Map<number, number[]>();
  const counting = links.filter((l) => {
    const c = byId.get(l.courseId);
    if (!c?.completed || !minimum.has(l.requirementId) || meetsMinimum(c.grade ?? '', minimum.get(l.requirementId))) return true;
    below.set(l.requirementId, [...(below.get(l.requirementId) ?? []), c.id]);
    return false;
  });
  return { counting, below };
}

/**
 * A student's progress from their plan's courses: the one entry point of the engine for a student,
 * used by the progress page (ProgressService) and the caseload alike, so their numbers never differ.
 * `requirements` are every requirement the student sees (a non-duplicable group may span pathways).
 */
export function planProgress(
  requirements: EngineRequirement[],
  plan: PlanCourseFacts[],
  links: EngineLink[],
  studentSchoolId: number | null,
): Map<number, PlanRequirementResult> {
  const courses: EngineCourse[] = plan.map((c) => ({
    id: c.id,
    courseId: c.courseId,
    units: effectiveUnits({ schoolId: c.schoolId, units: c.units }, studentSchoolId, c.adjustedUnits),
  }));
  const byId = new Map(plan.map((c) => [c.id, c]));
  const { counting, below } = countingLinks(requirements, plan, links);
  const results = computeProgress(requirements, courses, counting);
  return new Map(
    [...results].map(([id, r]) => {
      const done = r.countedCourseIds.filter((c) => byId.get(c)?.completed).length;
      return [
        id,
        {
          ...r,
          doneCourses: done,
          plannedCourses: r.countedCourseIds.length - done,
          missingCourses: Math.max(0, r.requiredCourses - r.countedCourseIds.length),
          belowMinimumCourseIds: [...new Set(below.get(id) ?? [])].sort((a, b) => a - b),
        },
      ];
    }),
  );
}

/** One requirement's progress with what the card and the API show beside the numbers. */
export interface RequirementProgressRow extends PlanRequirementResult {
  uuid: string;
  name: string;
  description: string;
  pathwayId: number;
  pathwayUuid: string;
  pathwayName: string;
  pathwayColor: string;
  minimumGrade: string | null;
}

/**
 * Loads what the engine needs for one student in a fixed number of statements (three), whatever
 * the size of the plan or the number of pathways: the requirements of the schools the student
 * sees, the plan's courses with their transfer units for the student's school, and the
 * fulfilment rows of those courses. Progress is always computed over every requirement the
 * student sees (a non-duplicable group may span pathways), then filtered, so the numbers of a
 * requirement are the same on every page and in both APIs.
 */
export class ProgressService {
  constructor(private readonly db: DataSource) {}

  /**
   * `which`: which of the student's plans counts (default the official one). A what-if plan is
   * computed by this same engine and rule, from its own entries: never a second computation.
   */
  async forStudent(
    student: { id: number; schoolId: number | null },
    visibleSchoolIds: number[],
    pathwayId?: number,
    which: PlanRef = officialPlan(student.id),
  ): Promise<RequirementProgressRow[]> {
    const t = entryTable(which);
    if (!visibleSchoolIds.length) return [];
    const reqRows: {
      id: number;
      uuid: string;
      name: string;
      description: string;
      number_of_units: string;
      number_of_courses: number;
      minimum_grade: string | null;
      pathway_id: number;
      pathway_uuid: string;
      pathway_name: string;
      pathway_color: string;
    }[] = await this.db.query(
      `SELECT r.id, r.uuid, r.name, r.description, r.number_of_units, r.number_of_courses, r.minimum_grade,
              p.id AS pathway_id, p.uuid AS pathway_uuid, p.name AS pathway_name, p.color AS pathway_color
         FROM requirements r JOIN pathways p ON p.id = r.pathway_id
        WHERE p.school_id = ANY($1)`,
      [visibleSchoolIds],
    );
    if (!reqRows.length) return [];
    // Only the official plan holds entries from the record; a what-if plan's completions count as the student's own.
    const fromRecord = t.table === 'scheduled_courses' ? 'sc.transcript_record_id IS NOT NULL' : 'false';
    const courseRows: {
      id: number;
      course_id: string;
      school_id: number;
      units: string;
      adjusted_units: string | null;
      completed: boolean;
      grade: string;
      from_record: boolean;
      has_record: boolean;
    }[] = await this.db.query(
      `SELECT c.id, c.course_id, c.school_id, c.units, ct.adjusted_units, sc.completed, sc.grade, ${fromRecord} AS from_record,
              EXISTS (SELECT 1 FROM transcript_records tr WHERE tr.student_id = $3) AS has_record
         FROM ${t.table} sc
         JOIN courses c ON c.id = sc.course_id
         LEFT JOIN course_transfers ct ON ct.course_id = c.id AND ct.school_id = $2
        WHERE sc.${t.owner} = $1`,
      [t.key, student.schoolId ?? -1, student.id],
    );
    const linkRows: { course_id: number; requirement_id: number; non_duplicable_group: string | null }[] = courseRows.length
      ? await this.db.query(
          `SELECT cr.course_id, cr.requirement_id, cr.non_duplicable_group
             FROM course_requirements cr JOIN ${t.table} sc ON sc.course_id = cr.course_id
            WHERE sc.${t.owner} = $1`,
          [t.key],
        )
      : [];
    const requirements: EngineRequirement[] = reqRows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      name: r.name,
      requiredCourses: r.number_of_courses,
      requiredUnits: Number(r.number_of_units),
      minimumGrade: r.minimum_grade,
    }));
    const plan: PlanCourseFacts[] = courseRows.map((c) => ({
      id: c.id,
      courseId: c.course_id,
      schoolId: c.school_id,
      units: Number(c.units),
      adjustedUnits: c.adjusted_units === null ? null : Number(c.adjusted_units),
      completed: countsAsCompleted({ completed: c.completed, fromRecord: c.from_record }, c.has_record),
      grade: c.grade,
    }));
    const links: EngineLink[] = linkRows.map((l) => ({ courseId: l.course_id, requirementId: l.requirement_id, group: l.non_duplicable_group }));
    const results = planProgress(requirements, plan, links, student.schoolId);
    return reqRows
      .filter((r) => pathwayId === undefined || r.pathway_id === pathwayId)
      .map((r) => ({
        ...results.get(r.id)!,
        uuid: r.uuid,
        name: r.name,
        description: r.description,
        pathwayId: r.pathway_id,
        pathwayUuid: r.pathway_uuid,
        pathwayName: r.pathway_name,
        pathwayColor: r.pathway_color,
        minimumGrade: r.minimum_grade,
      }))
      .sort((a, b) => byName({ name: a.pathwayName, uuid: a.pathwayUuid }, { name: b.pathwayName, uuid: b.pathwayUuid }) || byName(a, b));
  }
}
