/**
 * The auto-plan model on small hand-made catalogues, solved by the real HiGHS in the real worker
 * pool, and checked against an exhaustive search over seeded random catalogues.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../core/seeded-random.js';
import { generatePlan, prerequisiteViolations } from './greedy-baseline.js';
import { computeProgress, type EngineLink } from '../pathways/progress.js';
import { autoPlan, type AutoPlanInput, type ModelCourse, type ModelEntry, type ModelRequirement, type ModelTerm, type Season } from './plan-model.js';
import { highsSolve } from './highs-solve.js';
import { solverPool } from './solver-pool.js';

const pool = solverPool(2);
afterAll(() => pool.close());

const YEAR: ModelTerm = { seasons: null };
const years = (n: number): ModelTerm[] => Array.from({ length: n }, () => YEAR);

function course(id: number, extra: Partial<ModelCourse> = {}): ModelCourse {
  return { id, code: `C ${id}`, units: 1, prerequisiteGroups: [], offered: null, availableFrom: 0, ...extra };
}

function req(id: number, requiredCourses: number, requiredUnits = 0, name = `R${id}`): ModelRequirement {
  return { id, uuid: `u${id}`, name, requiredCourses, requiredUnits, goal: true };
}

const plain = (requirementId: number, ...courseIds: number[]): EngineLink[] => courseIds.map((courseId) => ({ courseId, requirementId, group: null }));

function input(over: Partial<AutoPlanInput>): AutoPlanInput {
  return { terms: years(4), firstTerm: 0, caps: { units: 7, courses: 8 }, courses: [], requirements: [], links: [], entries: [], ...over };
}

const solve = (i: AutoPlanInput, seconds = 20) => pool.plan(i, seconds);

/** The generated plan obeys every rule the plan page checks and the caps; returns the plan. */
function checkRules(i: AutoPlanInput, entries: { courseId: number; term: number }[]) {
  const courses = i.courses.map((c) => ({ id: c.id, code: c.code, units: c.units, prerequisiteGroups: c.prerequisiteGroups.map((g) => [...g]) }));
  const fixed = new Set(i.entries.map((e) => e.courseId));
  // The page's rule (same term or earlier) holds for every added course; the model is stricter (earlier).
  const added = entries.filter((e) => !fixed.has(e.courseId));
  expect(prerequisiteViolations(entries, courses).filter((id) => !fixed.has(id))).toEqual([]);
  for (const e of added) {
    const c = i.courses.find((x) => x.id === e.courseId)!;
    for (const g of c.prerequisiteGroups) expect(g.some((p) => entries.some((x) => x.courseId === p && x.term < e.term))).toBe(true);
    expect(e.term).toBeGreaterThanOrEqual(Math.max(i.firstTerm, c.availableFrom));
    const seasons = i.terms[e.term].seasons;
    if (c.offered && seasons) expect(c.offered.some((s) => seasons.includes(s))).toBe(true);
    expect(c.barrier).toBeUndefined();
  }
  for (let t = 0; t < i.terms.length; t++) {
    if (!added.some((e) => e.term === t)) continue;
    const inTerm = entries.filter((e) => e.term === t);
    expect(inTerm.length).toBeLessThanOrEqual(i.caps.courses);
    expect(inTerm.reduce((s, e) => s + i.courses.find((c) => c.id === e.courseId)!.units, 0)).toBeLessThanOrEqual(i.caps.units + 1e-9);
  }
  for (const e of i.entries) if (!e.movable) expect(entries).toContainEqual({ courseId: e.courseId, term: e.term });
}

describe('auto-plan: fewest terms', () => {
  it('solves optimally the catalogue where the greedy generator needs a term more', async () => {
    // R1: one of A (1) or B (2); R2: C (3), which needs B. One course a term. Greedy takes A for R1
    // (code order), then needs B and C after it: three terms. B for both needs two.
    const i = input({
      terms: years(3),
      caps: { units: 7, courses: 1 },
      courses: [course(1), course(2), course(3, { prerequisiteGroups: [[2]] })],
      requirements: [req(1, 1), req(2, 1)],
      links: [...plain(1, 1, 2), ...plain(2, 3)],
    });
    const greedy = generatePlan({
      termCount: 3,
      firstTerm: 0,
      unitCap: 7,
      courseCap: 1,
      courses: i.courses.map((c) => ({ id: c.id, code: c.code, units: c.units, prerequisiteGroups: c.prerequisiteGroups.map((g) => [...g]) })),
      pathways: [
        {
          id: 1,
          name: 'P',
          requirements: [1, 2].map((r) => ({
            id: r,
            numberOfCourses: 1,
            numberOfUnits: 0,
            courses: i.links.filter((l) => l.requirementId === r).map((l) => ({ courseId: l.courseId, nonDuplicableGroup: null })),
          })),
        },
      ],
      existing: [],
    });
    expect(Math.max(...greedy.map((g) => g.term)) + 1).toBe(3);

    const r = await solve(i);
    expect(r.status).toBe('OPTIMAL');
    expect(r.terms).toBe(2);
    expect(r.entries).toEqual([
      { courseId: 2, term: 0 },
      { courseId: 3, term: 1 },
    ]);
    checkRules(i, r.entries);
    expect([...r.progress.values()].every((p) => p.isFulfilled)).toBe(true);
  });

  it('finds the plan the greedy generator misses within the terms', async () => {
    // Two terms, one course a term: greedy places A then cannot fit B before C; the plan B, C exists.
    const i = input({
      terms: years(2),
      caps: { units: 7, courses: 1 },
      courses: [course(1), course(2), course(3, { prerequisiteGroups: [[2]] })],
      requirements: [req(1, 1), req(2, 1)],
      links: [...plain(1, 1, 2), ...plain(2, 3)],
    });
    const r = await solve(i);
    expect(r.status).toBe('OPTIMAL');
    expect(r.added.map((a) => a.courseId)).toEqual([2, 3]);
  });

  it('keeps completed and planned courses where they are and changes no past term', async () => {
    const i = input({
      terms: years(4),
      firstTerm: 1,
      caps: { units: 7, courses: 2 },
      courses: [course(1), course(2), course(3), course(4, { prerequisiteGroups: [[1]] }), course(5)],
      requirements: [req(1, 4)],
      links: plain(1, 1, 2, 3, 4, 5),
      entries: [
        { courseId: 1, term: 0, movable: false },
        { courseId: 2, term: 2, movable: false },
      ],
    });
    const r = await solve(i);
    expect(r.status).toBe('OPTIMAL');
    expect(r.added.every((a) => a.term >= 1)).toBe(true);
    expect(r.added).toHaveLength(2);
    // Term 1 takes two more (caps: 2 courses), so the plan ends with the planned course in term 2.
    expect(r.terms).toBe(3);
    checkRules(i, r.entries);
  });

  it('moves a planned course only when the student allows it', async () => {
    const base = {
      terms: years(4),
      courses: [course(1), course(2)],
      requirements: [req(1, 2)],
      links: plain(1, 1, 2),
    };
    const stay = await solve(input({ ...base, entries: [{ courseId: 1, term: 3, movable: false }] }));
    expect(stay.status).toBe('OPTIMAL');
    expect(stay.terms).toBe(4);
    expect(stay.entries).toContainEqual({ courseId: 1, term: 3 });
    const move = await solve(input({ ...base, entries: [{ courseId: 1, term: 3, movable: true }] }));
    expect(move.status).toBe('OPTIMAL');
    expect(move.terms).toBe(1);
    expect(move.moved).toEqual([{ courseId: 1, from: 3, term: 0 }]);
  });

  it('respects the unit and course caps of each term', async () => {
    const i = input({
      terms: years(4),
      caps: { units: 4, courses: 3 },
      courses: [course(1, { units: 3 }), course(2, { units: 3 }), course(3, { units: 1 }), course(4, { units: 1 }), course(5, { units: 1 })],
      requirements: [req(1, 5)],
      links: plain(1, 1, 2, 3, 4, 5),
    });
    const r = await solve(i);
    expect(r.status).toBe('OPTIMAL');
    // 9 units at 4 a term: three terms at least (3+1, 3+1, 1).
    expect(r.terms).toBe(3);
    checkRules(i, r.entries);
  });

  it('places a course only in a term it is offered in', async () => {
    const terms: ModelTerm[] = [{ seasons: ['fall'] }, { seasons: ['spring'] }, { seasons: ['fall'] }];
    const i = input({
      terms,
      courses: [course(1), course(2, { offered: ['spring'], prerequisiteGroups: [[1]] })],
      requirements: [req(1, 1)],
      links: plain(1, 2),
    });
    const r = await solve(i);
    expect(r.status).toBe('OPTIMAL');
    expect(r.entries).toEqual([
      { courseId: 1, term: 0 },
      { courseId: 2, term: 1 },
    ]);
  });

  it('counts a non-duplicable course toward one requirement, as the progress page does', async () => {
    // Course 1 fulfils R1 or R2 (one group); R2 can also take course 2. Both need one course.
    const links: EngineLink[] = [
      { courseId: 1, requirementId: 1, group: 'g' },
      { courseId: 1, requirementId: 2, group: 'g' },
      { courseId: 2, requirementId: 2, group: null },
    ];
    const i = input({ courses: [course(1), course(2)], requirements: [req(1, 1), req(2, 1)], links, caps: { units: 7, courses: 1 } });
    const r = await solve(i);
    expect(r.status).toBe('OPTIMAL');
    expect(r.added.map((a) => a.courseId).sort()).toEqual([1, 2]);
    expect(r.progress.get(1)!.isFulfilled && r.progress.get(2)!.isFulfilled).toBe(true);

    // Without course 2 the group cannot serve both: proven short by one course, counted elsewhere.
    const short = await solve(input({ courses: [course(1)], requirements: [req(1, 1), req(2, 1)], links: links.slice(0, 2) }));
    expect(short.status).toBe('INFEASIBLE');
    expect(short.shortfalls).toHaveLength(1);
    const [s] = short.shortfalls;
    expect(s.missingCourses).toBe(1);
    expect(s.blockedBy).toEqual([{ reason: 'COUNTED_ELSEWHERE', courseId: 1, prerequisiteId: null, requirementId: s.requirementId === 1 ? 2 : 1 }]);
  });

  it('uses a partner course only when transferable, with its adjusted units, from the allowed term', async () => {
    const i = input({
      terms: years(4),
      caps: { units: 7, courses: 8 },
      // 10: accepted with 3 adjusted units from term 2; 11: not accepted.
      courses: [course(10, { units: 3, availableFrom: 2 }), course(11, { units: 4, barrier: 'NOT_TRANSFERABLE' }), course(1)],
      requirements: [req(1, 0, 3)],
      links: plain(1, 10, 11, 1),
    });
    const r = await solve(i);
    expect(r.status).toBe('OPTIMAL');
    expect(r.added).toEqual([{ courseId: 10, term: 2 }]);
    expect(r.progress.get(1)!.completedUnits).toBe(3);

    const none = await solve(input({ ...i, courses: [course(11, { units: 4, barrier: 'NOT_TRANSFERABLE' }), course(10, { units: 3, availableFrom: 4 })] }));
    expect(none.status).toBe('INFEASIBLE');
    expect(none.shortfalls[0].missingUnits).toBe(3);
    expect(none.shortfalls[0].blockedBy.map((b) => [b.reason, b.courseId])).toEqual([
      ['NOT_YET_ELIGIBLE', 10],
      ['NOT_TRANSFERABLE', 11],
    ]);
  });
});

describe('auto-plan: the same inputs, the same plan', () => {
  it('gives one plan for a catalogue full of equally good choices, whatever the order of its rows', async () => {
    // Six interchangeable one-unit courses, two of them needing one of two others; R1 takes any
    // three, R2 any two (a group shared with R1): many plans tie on every objective.
    const courses = [1, 2, 3, 4, 5, 6].map((id) => course(id, id > 4 ? { prerequisiteGroups: [[1, 2]] } : {}));
    const links: EngineLink[] = [...plain(1, 1, 2, 3, 4, 5, 6), ...[3, 4, 5, 6].map((courseId) => ({ courseId, requirementId: 2, group: 'g' }))];
    const i = input({ terms: years(3), caps: { units: 7, courses: 2 }, courses, requirements: [req(1, 3), req(2, 2)], links });
    const first = await solve(i);
    expect(first.status).toBe('OPTIMAL');
    checkRules(i, first.entries);
    const again = await solve(i);
    const shuffled = await solve({
      ...i,
      courses: [...courses].reverse().map((c) => ({ ...c, prerequisiteGroups: c.prerequisiteGroups.map((g) => [...g].reverse()) })),
      requirements: [...i.requirements].reverse(),
      links: [...links].reverse(),
    });
    expect(again.entries).toEqual(first.entries);
    expect(shuffled.entries).toEqual(first.entries);
  });
});

describe('auto-plan: proven explanations', () => {
  it('names a list with too few courses and the missing count', async () => {
    const r = await solve(input({ courses: [course(1), course(2)], requirements: [req(1, 3, 0, 'Science')], links: plain(1, 1, 2) }));
    expect(r.status).toBe('INFEASIBLE');
    expect(r.shortfalls).toEqual([
      { requirementId: 1, missingCourses: 1, missingUnits: 0, blockedBy: [{ reason: 'TOO_FEW_COURSES', courseId: null, prerequisiteId: null, requirementId: null }] },
    ]);
    // The best plan still takes what there is.
    expect(r.added.map((a) => a.courseId)).toEqual([1, 2]);
  });

  it('names a prerequisite chain longer than the terms left', async () => {
    // 3 needs 2 needs 1; two terms left of four.
    const r = await solve(
      input({
        firstTerm: 2,
        courses: [course(1), course(2, { prerequisiteGroups: [[1]] }), course(3, { prerequisiteGroups: [[2]], units: 2 })],
        requirements: [req(1, 0, 2, 'Math'), req(2, 1)],
        links: [...plain(1, 3), ...plain(2, 1)],
      }),
    );
    expect(r.status).toBe('INFEASIBLE');
    expect(r.shortfalls).toEqual([
      // Course 3 could go in the last term (3), and course 2 cannot come before it.
      {
        requirementId: 1,
        missingCourses: 0,
        missingUnits: 2,
        blockedBy: [{ reason: 'PREREQUISITE_TOO_LATE', courseId: 3, prerequisiteId: 2, requirementId: null, lastTerm: 3 }],
      },
    ]);
  });

  it('names a course offered only in a term that is full', async () => {
    const terms: ModelTerm[] = [{ seasons: ['fall'] }, { seasons: ['spring'] }];
    const r = await solve(
      input({
        terms,
        caps: { units: 7, courses: 2 },
        courses: [course(1), course(2), course(3, { offered: ['fall'] })],
        requirements: [req(1, 1)],
        links: plain(1, 3),
        entries: [
          { courseId: 1, term: 0, movable: false },
          { courseId: 2, term: 0, movable: false },
        ],
      }),
    );
    expect(r.status).toBe('INFEASIBLE');
    expect(r.shortfalls[0]).toMatchObject({ requirementId: 1, missingCourses: 1, blockedBy: [{ reason: 'NO_ROOM', courseId: 3 }] });
  });

  it('names a course offered only in fall whose prerequisite does not fit before the last fall', async () => {
    // Spring of 11th grade onward: MATH 1 in spring, MATH 2 in the last fall, and no fall after it for MATH 7.
    const terms: ModelTerm[] = [{ seasons: ['fall'] }, { seasons: ['spring'] }, { seasons: ['fall'] }, { seasons: ['spring'] }];
    const r = await solve(
      input({
        terms,
        firstTerm: 1,
        courses: [course(1), course(2, { prerequisiteGroups: [[1]] }), course(7, { prerequisiteGroups: [[2]], offered: ['fall'] })],
        requirements: [req(1, 3, 0, 'Mathematics')],
        links: plain(1, 1, 2, 7),
      }),
    );
    expect(r.status).toBe('INFEASIBLE');
    expect(r.shortfalls).toEqual([
      { requirementId: 1, missingCourses: 1, missingUnits: 0, blockedBy: [{ reason: 'NOT_OFFERED', courseId: 7, prerequisiteId: 2, requirementId: null, lastTerm: 2 }] },
    ]);
  });

  it('names a course offered in no term left, and a prerequisite cycle', async () => {
    const terms: ModelTerm[] = [{ seasons: ['fall'] }, { seasons: ['spring'] }];
    const r = await solve(
      input({
        terms,
        firstTerm: 1,
        courses: [course(1, { offered: ['fall'] }), course(2, { prerequisiteGroups: [[3]] }), course(3, { prerequisiteGroups: [[2]] })],
        requirements: [req(1, 1), req(2, 1)],
        links: [...plain(1, 1), ...plain(2, 2)],
      }),
    );
    expect(r.status).toBe('INFEASIBLE');
    expect(r.shortfalls.map((s) => [s.requirementId, s.blockedBy[0].reason])).toEqual([
      [1, 'NOT_OFFERED'],
      [2, 'PREREQUISITE_CYCLE'],
    ]);
  });

  it('says UNPROVEN with the plan found, never a claim, when the time runs out before fewer terms are ruled out', async () => {
    // One course a term, so the plan needs two terms; the clock passes 30 s at every look, so the
    // search runs out after its first solve, before it could try fewer terms.
    let clock = 0;
    const now = () => (clock += 30_000);
    const i = input({ caps: { units: 7, courses: 1 }, courses: [course(1), course(2)], requirements: [req(1, 2)], links: plain(1, 1, 2), entries: [] });
    // The search in this thread with its own clock; HiGHS in process.
    const r = await autoPlan(i, highsSolve, 40, now);
    expect(r.status).toBe('UNPROVEN');
    expect(r.shortfalls).toEqual([]);
    expect(r.added.map((a) => a.courseId).sort()).toEqual([1, 2]);
    // With the time it needs, the same input is proven optimal.
    expect((await solve(i)).status).toBe('OPTIMAL');
  });
});

describe('auto-plan: minimum grades', () => {
  // Mathematics needs 2 courses with C or better; the student completed C 1 with an A and C 2 with a D.
  const minC = { ...req(1, 2, 0, 'Mathematics'), minimumGrade: 'C' };
  const done = [
    { courseId: 1, term: 0, movable: false, completed: true, grade: 'A' },
    { courseId: 2, term: 0, movable: false, completed: true, grade: 'D' },
  ];

  it('does not count a D toward a C-minimum requirement: the generator adds another course', async () => {
    const r = await solve(input({ firstTerm: 1, courses: [course(1), course(2), course(3)], requirements: [minC], links: plain(1, 1, 2, 3), entries: done }));
    expect(r.status).toBe('OPTIMAL');
    expect(r.added).toEqual([{ courseId: 3, term: 1 }]);
    // The plan's progress counts the A and the added course, never the D.
    expect(r.progress.get(1)!.countedCourseIds.sort()).toEqual([1, 3]);
    // Without the minimum the D counts and nothing is added.
    const any = await solve(
      input({ firstTerm: 1, courses: [course(1), course(2), course(3)], requirements: [req(1, 2, 0, 'Mathematics')], links: plain(1, 1, 2, 3), entries: done }),
    );
    expect(any.added).toEqual([]);
  });

  it('names the shortfall when no other course is left', async () => {
    const r = await solve(input({ firstTerm: 1, courses: [course(1), course(2)], requirements: [minC], links: plain(1, 1, 2), entries: done }));
    expect(r.status).toBe('INFEASIBLE');
    expect(r.shortfalls).toEqual([
      { requirementId: 1, missingCourses: 1, missingUnits: 0, blockedBy: [{ reason: 'TOO_FEW_COURSES', courseId: null, prerequisiteId: null, requirementId: null }] },
    ]);
  });
});

function randomCatalogue(seed: number): AutoPlanInput {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const termCount = 2 + Math.floor(rnd() * 2);
  const seasonsOf: Season[] = ['fall', 'spring'];
  const terms: ModelTerm[] = Array.from({ length: termCount }, (_, t) => (rnd() < 0.5 ? YEAR : { seasons: [seasonsOf[t % 2]] }));
  const n = 3 + Math.floor(rnd() * 3);
  const courses: ModelCourse[] = [];
  for (let id = 1; id <= n; id++) {
    const groups: number[][] = [];
    if (id > 1 && rnd() < 0.4) groups.push([...new Set([1 + Math.floor(rnd() * (id - 1)), 1 + Math.floor(rnd() * (id - 1))])]);
    courses.push(
      course(id, { units: pick([1, 1, 2, 3]), prerequisiteGroups: groups, offered: rnd() < 0.25 ? [pick(seasonsOf)] : null, availableFrom: rnd() < 0.15 ? 1 : 0 }),
    );
  }
  const reqCount = 1 + Math.floor(rnd() * 2);
  const requirements: ModelRequirement[] = [];
  const links: EngineLink[] = [];
  for (let r = 1; r <= reqCount; r++) {
    const members = courses.filter(() => rnd() < 0.5).map((c) => c.id);
    requirements.push(req(r, Math.min(members.length, 1 + Math.floor(rnd() * 2)) + (rnd() < 0.1 ? 1 : 0), rnd() < 0.3 ? 2 : 0));
    for (const m of members) links.push({ courseId: m, requirementId: r, group: rnd() < 0.3 ? 'nd' : null });
  }
  const firstTerm = rnd() < 0.3 ? 1 : 0;
  const entries: ModelEntry[] = rnd() < 0.3 ? [{ courseId: 1, term: Math.floor(rnd() * termCount), movable: false }] : [];
  return input({ terms, firstTerm, caps: { units: 3 + Math.floor(rnd() * 3), courses: 1 + Math.floor(rnd() * 2) }, courses, requirements, links, entries });
}

/**
 * The fewest terms by trying every placement of every course (or none): Infinity when no plan
 * meets every requirement. Requirements are counted by the progress engine itself.
 */
function exhaustiveTerms(i: AutoPlanInput): number {
  const n = i.terms.length;
  const fixed = new Map(i.entries.map((e) => [e.courseId, e.term]));
  const free = i.courses.filter((c) => !fixed.has(c.id));
  let best = Infinity;
  const place = new Map(fixed);
  const visit = (k: number) => {
    if (k === free.length) {
      for (const [id, t] of place) {
        if (fixed.has(id)) continue;
        const c = i.courses.find((x) => x.id === id)!;
        if (c.barrier || t < Math.max(i.firstTerm, c.availableFrom)) return;
        const seasons = i.terms[t].seasons;
        if (c.offered && seasons && !c.offered.some((s) => seasons.includes(s))) return;
        if (!c.prerequisiteGroups.every((g) => g.some((p) => (place.get(p) ?? Infinity) < t))) return;
      }
      for (let t = i.firstTerm; t < n; t++) {
        const ids = [...place].filter(([, tt]) => tt === t).map(([id]) => id);
        if (!ids.some((id) => !fixed.has(id))) continue;
        if (ids.length > i.caps.courses) return;
        if (ids.reduce((s, id) => s + i.courses.find((c) => c.id === id)!.units, 0) > i.caps.units + 1e-9) return;
      }
      const progress = computeProgress(
        i.requirements.map((r) => ({ ...r })),
        [...place.keys()].map((id) => ({ id, courseId: `C ${id}`, units: i.courses.find((c) => c.id === id)!.units })),
        [...i.links],
      );
      if (![...progress.values()].every((p) => p.isFulfilled)) return;
      best = Math.min(best, Math.max(0, ...[...place.values()].map((t) => t + 1)));
      return;
    }
    const id = free[k].id;
    visit(k + 1);
    for (let t = 0; t < n; t++) {
      place.set(id, t);
      visit(k + 1);
      place.delete(id);
    }
  };
  visit(0);
  return best;
}

describe('auto-plan against an exhaustive search', () => {
  it('gives the exhaustive search term count on 200 seeded random catalogues, and a plan that passes every rule', async () => {
    let feasible = 0;
    let infeasible = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const i = randomCatalogue(seed);
      const expected = exhaustiveTerms(i);
      const r = await solve(i);
      if (expected === Infinity) {
        infeasible++;
        expect({ seed, status: r.status }).toEqual({ seed, status: 'INFEASIBLE' });
        expect(r.shortfalls.length).toBeGreaterThan(0);
      } else {
        feasible++;
        expect({ seed, status: r.status, terms: r.terms }).toEqual({ seed, status: 'OPTIMAL', terms: expected });
        checkRules(i, r.entries);
        expect([...r.progress.values()].filter((p) => !p.isFulfilled)).toEqual([]);
      }
    }
    // Both kinds of catalogue were met, so both halves of the check ran.
    expect(feasible).toBeGreaterThan(50);
    expect(infeasible).toBeGreaterThan(10);
  }, 120_000);
});
