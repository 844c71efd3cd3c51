/** The greedy baseline as a pure function (the algorithm the bench and tests compare with): prerequisites, caps, remaining terms, determinism. */
import { describe, expect, it } from 'vitest';
import { seededRandom as rng } from '../../core/seeded-random.js';
import { generatePlan, prerequisiteViolations, type GenCourse, type GenInput, type GenPathway, type GenPlanned } from './greedy-baseline.js';

function course(id: number, code: string, units = 1, prerequisiteGroups: number[][] = []): GenCourse {
  return { id, code, units, prerequisiteGroups };
}

function req(id: number, courseIds: number[], numberOfCourses: number, numberOfUnits = 0) {
  return { id, numberOfCourses, numberOfUnits, courses: courseIds.map((courseId) => ({ courseId, nonDuplicableGroup: null })) };
}

function input(o: Partial<GenInput>): GenInput {
  return { termCount: 4, firstTerm: 0, unitCap: 7, courseCap: 8, courses: [], pathways: [], existing: [], ...o };
}

const byCourse = (plan: GenPlanned[]) => Object.fromEntries(plan.map((p) => [p.courseId, p.term]));

describe('generatePlan', () => {
  // English 9 (1) -> English 10 (2) -> English 11 (3) -> English 12 (4); Algebra I (5) -> Geometry (6)
  const english = [course(1, '2401'), course(2, '2501', 1, [[1]]), course(3, '2601', 1, [[2]]), course(4, '2715', 1, [[3]])];
  const math = [course(5, '4301'), course(6, '4401', 1, [[5]])];

  it('places a chain of prerequisites one term apart, starting at the first remaining term', () => {
    const plan = generatePlan(
      input({
        firstTerm: 1,
        courses: [...english, ...math],
        pathways: [{ id: 1, name: 'Graduation', requirements: [req(10, [1, 2, 3, 4], 3), req(11, [5, 6], 2)] }],
      }),
    );
    // A grade-10 student: 10th..12th Grade hold three English courses and both math courses.
    expect(byCourse(plan)).toEqual({ 1: 1, 2: 2, 3: 3, 5: 1, 6: 2 });
    expect(plan.every((p) => p.term >= 1)).toBe(true);
    expect(prerequisiteViolations(plan, [...english, ...math])).toEqual([]);
  });

  it('adds a missing prerequisite earlier (the group first course), recursively', () => {
    // The requirement names only English 11, which needs English 10, which needs English 9 or Accelerated English 9.
    const courses = [course(1, '2401'), course(7, '2404'), course(2, '2501', 1, [[1, 7]]), course(3, '2601', 1, [[2]])];
    const plan = generatePlan(input({ courses, pathways: [{ id: 1, name: 'P', requirements: [req(1, [3], 1)] }] }));
    expect(plan.map((p) => [p.courseId, p.term])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
  });

  it('skips a course whose prerequisites cannot fit before the last term, taking back what it placed', () => {
    // From the 11th grade there are two terms left: English 12 needs three courses before it.
    const plan = generatePlan(
      input({
        firstTerm: 2,
        courses: english,
        pathways: [{ id: 1, name: 'P', requirements: [req(1, [4], 1)] }],
      }),
    );
    expect(plan).toEqual([]);
  });

  it('uses a prerequisite already in the plan, even in an earlier (past) term, and keeps existing courses', () => {
    const plan = generatePlan(
      input({
        firstTerm: 1,
        courses: english,
        existing: [
          { courseId: 1, term: 0, position: 0 },
          { courseId: 2, term: 1, position: 0 },
        ],
        pathways: [{ id: 1, name: 'P', requirements: [req(1, [1, 2, 3, 4], 4)] }],
      }),
    );
    expect(plan).toEqual([
      { courseId: 3, term: 2, position: 0 },
      { courseId: 4, term: 3, position: 0 },
    ]);
  });

  it('never puts a term over the unit cap or the course cap', () => {
    const many = Array.from({ length: 20 }, (_, i) => course(i + 1, `C${i + 1}`, 1.5));
    const plan = generatePlan(
      input({
        unitCap: 7,
        courseCap: 8,
        courses: many,
        pathways: [
          {
            id: 1,
            name: 'P',
            requirements: [
              req(
                1,
                many.map((c) => c.id),
                20,
              ),
            ],
          },
        ],
      }),
    );
    const perTerm = [0, 1, 2, 3].map((t) => plan.filter((p) => p.term === t).length * 1.5);
    expect(perTerm).toEqual([6, 6, 6, 6]);
    expect(plan).toHaveLength(16);

    const zeroUnit = Array.from({ length: 12 }, (_, i) => course(i + 1, `Z${i + 1}`, 0));
    const byCount = generatePlan(
      input({
        termCount: 1,
        courseCap: 8,
        courses: zeroUnit,
        pathways: [
          {
            id: 1,
            name: 'P',
            requirements: [
              req(
                1,
                zeroUnit.map((c) => c.id),
                12,
              ),
            ],
          },
        ],
      }),
    );
    expect(byCount).toHaveLength(8);
  });

  it('counts existing units toward the cap and appends after existing positions', () => {
    const courses = [course(1, 'A', 6), course(2, 'B', 2), course(3, 'C', 1)];
    const plan = generatePlan(
      input({
        termCount: 2,
        courses,
        existing: [{ courseId: 1, term: 0, position: 3 }],
        pathways: [{ id: 1, name: 'P', requirements: [req(1, [2, 3], 2)] }],
      }),
    );
    expect(plan).toEqual([
      { courseId: 2, term: 1, position: 0 },
      { courseId: 3, term: 0, position: 4 },
    ]);
  });

  it('fills a requirement until both its number of courses and its number of units are met', () => {
    const courses = [course(1, 'A', 0.5), course(2, 'B', 0.5), course(3, 'C', 0.5), course(4, 'D', 0.5)];
    const plan = generatePlan(input({ courses, pathways: [{ id: 1, name: 'P', requirements: [req(1, [1, 2, 3, 4], 1, 1.5)] }] }));
    expect(plan.map((p) => p.courseId)).toEqual([1, 2, 3]);
  });

  it('counts a non-duplicable course toward one requirement only', () => {
    const courses = [course(1, 'A'), course(2, 'B')];
    const shared = (reqId: number): GenPathway['requirements'][number] => ({
      id: reqId,
      numberOfCourses: 1,
      numberOfUnits: 0,
      courses: [
        { courseId: 1, nonDuplicableGroup: 'g' },
        { courseId: 2, nonDuplicableGroup: 'g' },
      ],
    });
    const plan = generatePlan(input({ courses, pathways: [{ id: 1, name: 'P', requirements: [shared(1), shared(2)] }] }));
    expect(plan.map((p) => p.courseId)).toEqual([1, 2]);
  });

  it('survives prerequisite cycles by skipping the courses in them', () => {
    const courses = [course(1, 'A', 1, [[2]]), course(2, 'B', 1, [[1]]), course(3, 'C')];
    const plan = generatePlan(input({ courses, pathways: [{ id: 1, name: 'P', requirements: [req(1, [1, 2, 3], 3)] }] }));
    expect(plan.map((p) => p.courseId)).toEqual([3]);
  });

  it('is deterministic whatever the order of its input', () => {
    const pathways = [
      { id: 2, name: 'Q', requirements: [req(20, [6, 5], 2)] },
      { id: 1, name: 'P', requirements: [req(11, [4, 3], 1), req(10, [2, 1], 2)] },
    ];
    const a = generatePlan(input({ courses: [...english, ...math], pathways }));
    const b = generatePlan(input({ courses: [...math, ...english].reverse(), pathways: [...pathways].reverse() }));
    expect(a).toEqual(b);
  });
});

describe('generatePlan over random catalogues', () => {
  it('never produces a prerequisite warning, never exceeds a cap, adds only in remaining terms and keeps existing courses', () => {
    let withPrerequisites = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const n = 5 + Math.floor(r() * 40);
      const courses: GenCourse[] = [];
      for (let id = 1; id <= n; id++) {
        const groups: number[][] = [];
        const groupCount = r() < 0.5 ? 0 : 1 + Math.floor(r() * 3);
        for (let g = 0; g < groupCount; g++) {
          const size = 1 + Math.floor(r() * 3);
          // Mostly earlier courses, sometimes any course (cycles and forward references happen in real files).
          groups.push(Array.from({ length: size }, () => 1 + Math.floor(r() * (r() < 0.8 ? Math.max(1, id - 1) : n))));
        }
        courses.push(course(id, `${Math.floor(r() * 9000) + 1000}`, [0, 0.5, 1, 1, 1, 3, 4][Math.floor(r() * 7)], groups));
      }
      const termCount = 2 + Math.floor(r() * 6);
      const firstTerm = Math.floor(r() * termCount);
      const unitCap = [4, 7, 16][Math.floor(r() * 3)];
      const courseCap = 2 + Math.floor(r() * 6);
      const pathways: GenPathway[] = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, p) => ({
        id: p + 1,
        name: `P${p}`,
        requirements: Array.from({ length: 1 + Math.floor(r() * 4) }, (_, q) => ({
          id: p * 10 + q,
          numberOfCourses: Math.floor(r() * 5),
          numberOfUnits: Math.floor(r() * 6),
          courses: Array.from({ length: 1 + Math.floor(r() * 8) }, () => ({
            courseId: 1 + Math.floor(r() * n),
            nonDuplicableGroup: r() < 0.2 ? 'g' : null,
          })).filter((c, i, all) => all.findIndex((x) => x.courseId === c.courseId) === i),
        })),
      }));
      const existing: GenPlanned[] = [];
      for (let id = 1; id <= n; id++) if (r() < 0.1) existing.push({ courseId: id, term: Math.floor(r() * termCount), position: existing.length });

      const added = generatePlan({ termCount, firstTerm, unitCap, courseCap, courses, pathways, existing });
      const msg = `seed ${seed}`;
      withPrerequisites += added.filter((a) => courses.find((c) => c.id === a.courseId)!.prerequisiteGroups.length > 0).length;
      const whole = [...existing, ...added];
      // No added course breaks the plan page's rule (existing courses may, they are the student's).
      const bad = new Set(prerequisiteViolations(whole, courses));
      expect(
        added.filter((a) => bad.has(a.courseId)),
        msg,
      ).toEqual([]);
      // Strictly after: each group has a member in an earlier term.
      for (const a of added) {
        for (const g of courses.find((c) => c.id === a.courseId)!.prerequisiteGroups) {
          expect(
            g.some((id) => (whole.find((w) => w.courseId === id)?.term ?? Infinity) < a.term),
            msg,
          ).toBe(true);
        }
      }
      expect(
        added.every((a) => a.term >= firstTerm && a.term < termCount),
        msg,
      ).toBe(true);
      expect(new Set(whole.map((w) => w.courseId)).size, msg).toBe(whole.length);
      for (let t = 0; t < termCount; t++) {
        if (!added.some((a) => a.term === t)) continue;
        const inTerm = whole.filter((w) => w.term === t);
        const units = inTerm.reduce((s, w) => s + courses.find((c) => c.id === w.courseId)!.units, 0);
        expect(units, msg).toBeLessThanOrEqual(unitCap + 1e-9);
        expect(inTerm.length, msg).toBeLessThanOrEqual(courseCap);
      }
      expect(generatePlan({ termCount, firstTerm, unitCap, courseCap, courses, pathways, existing }), msg).toEqual(added);
    }
    // The property is not vacuous: many added courses had prerequisites to respect.
    expect(withPrerequisites).toBeGreaterThan(200);
  });
});
