/**
 * The greedy plan generator the onboarding's four-year plan used before the auto-plan model
 * (plan-model.ts). No request runs it any more: it is kept, unchanged, as the baseline the bench
 * (bench/scenarios/autoplan.mjs: terms against greedy on the real catalogues) and the tests
 * (plan-model.test.ts, onboarding.test.ts: the catalogue where greedy needs a term more) compare
 * the model with. A pure function over plain data (no database, no clock, no randomness).
 *
 * Input: the plan's terms (the student's academic_year_labels; a term is its 0-based index here,
 * its 1-based position as text in scheduled_courses), the first term still ahead of the student,
 * the courses already in the plan (they stay where they are), the chosen pathways with their
 * requirements and the courses fulfilling them, every course that may be needed (with its units
 * and prerequisite groups, closed under prerequisites) and the per-term caps.
 *
 * Algorithm:
 * 1. Pathways are taken in id order, their requirements in id order.
 * 2. For each requirement, the planned courses that fulfil it are counted (courses and units). A
 *    course in a non-duplicable group counts toward only the first requirement of that group that
 *    counted it. While fewer than number_of_courses courses or fewer than number_of_units units are
 *    planned, the next unplanned candidate is placed. Candidates are the requirement's courses in
 *    course-code order (numeric-aware: catalogues number courses in sequence), then id.
 * 3. Placing a course: every prerequisite group must be satisfied by a planned course in an
 *    earlier term. For a group with no planned member, its members are tried in order (the
 *    group's first course first) and placed first, recursively; if no member can be placed the
 *    course is skipped and anything placed while trying it is taken back. The course then goes
 *    into the earliest term that is (a) not before the first remaining term, (b) after every
 *    prerequisite group's earliest planned member, and (c) still under both caps (units and number
 *    of courses). If no term qualifies, it is skipped. Prerequisite cycles are skipped too.
 * 4. New courses are appended after the courses already in each term (position order).
 *
 * Guarantees (tested, also over random catalogues): every added course has, for each of its
 * prerequisite groups, a course of the group in an earlier term, so the plan page never warns
 * about it; no term receiving a course goes over the caps; nothing is added before the first
 * remaining term; courses already planned are not moved or removed.
 */

export interface GenCourse {
  id: number;
  /** The school's course code, e.g. 2401; orders candidates. */
  code: string;
  /** Units counted toward the term cap and requirements (adjusted units for transferred courses). */
  units: number;
  /** Prerequisite groups: the course needs one course of each group. */
  prerequisiteGroups: number[][];
}

export interface GenRequirement {
  id: number;
  numberOfCourses: number;
  numberOfUnits: number;
  courses: { courseId: number; nonDuplicableGroup: string | null }[];
}

export interface GenPathway {
  id: number;
  name: string;
  requirements: GenRequirement[];
}

export interface GenPlanned {
  courseId: number;
  /** 0-based term index. */
  term: number;
  position: number;
}

export interface GenInput {
  termCount: number;
  /** 0-based index of the first term still ahead of the student. */
  firstTerm: number;
  unitCap: number;
  courseCap: number;
  courses: GenCourse[];
  pathways: GenPathway[];
  existing: GenPlanned[];
}

const codeOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The courses to add, in placement order, with 0-based terms and positions after existing ones. */
export function generatePlan(input: GenInput): GenPlanned[] {
  const courses = new Map(input.courses.map((c) => [c.id, c]));
  const termOf = new Map<number, number>();
  const units = new Array<number>(input.termCount).fill(0);
  const counts = new Array<number>(input.termCount).fill(0);
  const nextPosition = new Array<number>(input.termCount).fill(0);
  for (const e of input.existing) {
    termOf.set(e.courseId, e.term);
    if (e.term >= 0 && e.term < input.termCount) {
      units[e.term] += courses.get(e.courseId)?.units ?? 0;
      counts[e.term] += 1;
      nextPosition[e.term] = Math.max(nextPosition[e.term], e.position + 1);
    }
  }
  const added: GenPlanned[] = [];

  const undoTo = (mark: number) => {
    while (added.length > mark) {
      const p = added.pop()!;
      termOf.delete(p.courseId);
      units[p.term] -= courses.get(p.courseId)!.units;
      counts[p.term] -= 1;
      nextPosition[p.term] -= 1;
    }
  };

  /** Places the course (and missing prerequisites); returns its term, or null when it cannot go anywhere. */
  const place = (courseId: number, visiting: Set<number>): number | null => {
    const planned = termOf.get(courseId);
    if (planned !== undefined) return planned;
    const course = courses.get(courseId);
    if (!course || visiting.has(courseId)) return null;
    visiting.add(courseId);
    const mark = added.length;
    let minTerm = input.firstTerm;
    for (const group of course.prerequisiteGroups) {
      if (!group.length) continue;
      const plannedTerms = group.map((id) => termOf.get(id)).filter((t): t is number => t !== undefined);
      let groupTerm: number | null = plannedTerms.length ? Math.min(...plannedTerms) : null;
      if (groupTerm === null) {
        for (const member of group) {
          groupTerm = place(member, visiting);
          if (groupTerm !== null) break;
        }
      }
      if (groupTerm === null) {
        visiting.delete(courseId);
        undoTo(mark);
        return null;
      }
      minTerm = Math.max(minTerm, groupTerm + 1);
    }
    visiting.delete(courseId);
    for (let t = minTerm; t < input.termCount; t++) {
      if (units[t] + course.units <= input.unitCap + 1e-9 && counts[t] + 1 <= input.courseCap) {
        termOf.set(courseId, t);
        units[t] += course.units;
        counts[t] += 1;
        added.push({ courseId, term: t, position: nextPosition[t]++ });
        return t;
      }
    }
    undoTo(mark);
    return null;
  };

  const claims = new Map<string, number>();
  const progress = (req: GenRequirement) => {
    let n = 0;
    let u = 0;
    for (const rc of req.courses) {
      if (!termOf.has(rc.courseId)) continue;
      if (rc.nonDuplicableGroup) {
        const key = `${rc.courseId}:${rc.nonDuplicableGroup}`;
        const owner = claims.get(key);
        if (owner === undefined) claims.set(key, req.id);
        else if (owner !== req.id) continue;
      }
      n += 1;
      u += courses.get(rc.courseId)?.units ?? 0;
    }
    return { n, u };
  };

  const pathways = [...input.pathways].sort((a, b) => a.id - b.id);
  for (const pathway of pathways) {
    for (const req of [...pathway.requirements].sort((a, b) => a.id - b.id)) {
      const candidates = req.courses
        .map((rc) => courses.get(rc.courseId))
        .filter((c): c is GenCourse => !!c)
        .sort((a, b) => codeOrder.compare(a.code, b.code) || a.id - b.id);
      for (const candidate of candidates) {
        const { n, u } = progress(req);
        if (n >= req.numberOfCourses && u >= req.numberOfUnits - 1e-9) break;
        if (!termOf.has(candidate.id)) place(candidate.id, new Set());
      }
      progress(req);
    }
  }
  return added;
}

/**
 * The plan page's prerequisite rule: for each scheduled course and each of its prerequisite
 * groups, a course of the group is scheduled in the same or an earlier term. Returns the course
 * ids that break it (tests use it to check generated plans).
 */
export function prerequisiteViolations(plan: readonly { courseId: number; term: number }[], courses: readonly GenCourse[]): number[] {
  const termOf = new Map(plan.map((p) => [p.courseId, p.term]));
  const byId = new Map(courses.map((c) => [c.id, c]));
  const bad: number[] = [];
  for (const p of plan) {
    const groups = byId.get(p.courseId)?.prerequisiteGroups ?? [];
    const ok = groups.every((g) => g.length === 0 || g.some((id) => (termOf.get(id) ?? Infinity) <= p.term));
    if (!ok) bad.push(p.courseId);
  }
  return bad;
}
