/** The progress engine's rules, on plain data (no database). */
import { describe, expect, it } from 'vitest';
import { computeProgress, effectiveUnits, type EngineCourse, type EngineLink, type EngineRequirement } from './progress.js';

let seq = 0;
function req(name: string, requiredCourses: number, requiredUnits: number): EngineRequirement {
  seq += 1;
  return { id: seq, uuid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, name, requiredCourses, requiredUnits };
}
function course(courseId: string, units: number): EngineCourse {
  seq += 1;
  return { id: seq, courseId, units };
}
const link = (c: EngineCourse, r: EngineRequirement, group: string | null = null): EngineLink => ({ courseId: c.id, requirementId: r.id, group });

describe('course and unit counts', () => {
  it('counts courses and units of the plan toward a requirement and needs both to be met', () => {
    const english = req('English', 2, 6);
    const a = course('ENG 1', 3);
    const b = course('ENG 2', 2.5);
    const r = computeProgress([english], [a, b], [link(a, english), link(b, english)]).get(english.id)!;
    expect(r).toMatchObject({ requiredCourses: 2, requiredUnits: 6, completedCourses: 2, completedUnits: 5.5, isFulfilled: false });
    const c = course('ENG 3', 0.5);
    const r2 = computeProgress([english], [a, b, c], [link(a, english), link(b, english), link(c, english)]).get(english.id)!;
    expect(r2).toMatchObject({ completedCourses: 3, completedUnits: 6, isFulfilled: true });
  });

  it('meets a units-only requirement with one large course, and a courses-only one regardless of units', () => {
    const units = req('Units only', 0, 4);
    const courses = req('Courses only', 2, 0);
    const big = course('BIG 1', 5);
    const tiny1 = course('TINY 1', 0);
    const tiny2 = course('TINY 2', 0);
    const out = computeProgress([units, courses], [big, tiny1, tiny2], [link(big, units), link(tiny1, courses), link(tiny2, courses)]);
    expect(out.get(units.id)).toMatchObject({ completedCourses: 1, completedUnits: 5, isFulfilled: true });
    expect(out.get(courses.id)).toMatchObject({ completedCourses: 2, completedUnits: 0, isFulfilled: true });
  });

  it('adds units in hundredths: 0.1 + 0.2 meets 0.3', () => {
    const r = req('Tenths', 0, 0.3);
    const a = course('A', 0.1);
    const b = course('B', 0.2);
    expect(computeProgress([r], [a, b], [link(a, r), link(b, r)]).get(r.id)).toMatchObject({ completedUnits: 0.3, isFulfilled: true });
  });

  it('ignores links of courses not in the plan and of unknown requirements', () => {
    const r = req('Math', 1, 0);
    const inPlan = course('MATH 1', 3);
    const other = req('Other', 1, 0);
    const out = computeProgress([r], [inPlan], [{ courseId: 999_999, requirementId: r.id, group: null }, link(inPlan, other)]);
    expect(out.get(r.id)).toMatchObject({ completedCourses: 0, isFulfilled: false });
    expect(out.has(other.id)).toBe(false);
  });
});

describe('empty requirements', () => {
  it('treats 0 courses and 0 units required as fulfilled, with or without courses', () => {
    const empty = req('Nothing', 0, 0);
    expect(computeProgress([empty], [], []).get(empty.id)).toMatchObject({ completedCourses: 0, completedUnits: 0, isFulfilled: true });
  });

  it('leaves a requirement with needs and no courses unfulfilled at zero', () => {
    const r = req('Science', 2, 8);
    expect(computeProgress([r], [], []).get(r.id)).toEqual({
      requirementId: r.id,
      requiredCourses: 2,
      requiredUnits: 8,
      completedCourses: 0,
      completedUnits: 0,
      isFulfilled: false,
      countedCourseIds: [],
    });
  });
});

describe('adjusted units', () => {
  it('uses the accepted units for a course of another school, and the own units otherwise', () => {
    expect(effectiveUnits({ schoolId: 2, units: 4 }, 1, 3)).toBe(3);
    expect(effectiveUnits({ schoolId: 2, units: 4 }, 1, null)).toBe(4);
    // The student's own school's course: its own units even if a transfer row exists.
    expect(effectiveUnits({ schoolId: 1, units: 4 }, 1, 3)).toBe(4);
  });
});

describe('non-duplicable groups', () => {
  it('counts a grouped course toward one requirement only', () => {
    const a = req('Alpha', 1, 0);
    const b = req('Beta', 1, 0);
    const c = course('X 1', 3);
    const out = computeProgress([a, b], [c], [link(c, a, 'g1'), link(c, b, 'g1')]);
    const total = out.get(a.id)!.completedCourses + out.get(b.id)!.completedCourses;
    expect(total).toBe(1);
    // Tie: the first requirement by name gets it.
    expect(out.get(a.id)).toMatchObject({ completedCourses: 1, isFulfilled: true, countedCourseIds: [c.id] });
    expect(out.get(b.id)).toMatchObject({ completedCourses: 0, isFulfilled: false });
  });

  it('finds the assignment that fulfils both where taking the first requirement by name fails', () => {
    // X may count toward Alpha or Beta; Y counts toward Alpha plainly. Greedy by name puts X in
    // Alpha (Beta left empty); the best assignment puts X in Beta, fulfilling both.
    const alpha = req('Alpha', 1, 0);
    const beta = req('Beta', 1, 0);
    const x = course('X 1', 3);
    const y = course('Y 1', 3);
    const out = computeProgress([alpha, beta], [x, y], [link(x, alpha, 'g'), link(x, beta, 'g'), link(y, alpha)]);
    expect(out.get(alpha.id)).toMatchObject({ completedCourses: 1, isFulfilled: true, countedCourseIds: [y.id] });
    expect(out.get(beta.id)).toMatchObject({ completedCourses: 1, isFulfilled: true, countedCourseIds: [x.id] });
  });

  it('assigns by units so that both unit requirements are met (greedy in course order fails)', () => {
    // Alpha needs 4 units, Beta 3. Course order: A (3 units) then B (4 units). Giving A to Alpha
    // (first by name) leaves either Alpha or Beta short; A to Beta and B to Alpha meets both.
    const alpha = req('Alpha', 0, 4);
    const beta = req('Beta', 0, 3);
    const a = course('A 1', 3);
    const b = course('B 1', 4);
    const out = computeProgress([alpha, beta], [a, b], [link(a, alpha, 'g1'), link(a, beta, 'g1'), link(b, alpha, 'g2'), link(b, beta, 'g2')]);
    expect(out.get(alpha.id)).toMatchObject({ completedUnits: 4, isFulfilled: true });
    expect(out.get(beta.id)).toMatchObject({ completedUnits: 3, isFulfilled: true });
  });

  it('prefers more partial progress when no more requirements can be fulfilled', () => {
    // One course, Alpha (needs 2 courses) and Beta (needs 1): giving it to Beta fulfils Beta.
    const alpha = req('Alpha', 2, 0);
    const beta = req('Beta', 1, 0);
    const gamma = req('Gamma', 3, 0);
    const c = course('C 1', 3);
    const d = course('D 1', 3);
    const out = computeProgress([alpha, beta, gamma], [c, d], [link(c, alpha, 'g'), link(c, beta, 'g'), link(d, gamma, 'h'), link(d, alpha, 'h')]);
    // c -> Beta (fulfilled); d -> Alpha or Gamma: Alpha 1/2 (0.5) beats Gamma 1/3.
    expect(out.get(beta.id)).toMatchObject({ isFulfilled: true, completedCourses: 1 });
    expect(out.get(alpha.id)).toMatchObject({ completedCourses: 1, isFulfilled: false });
    expect(out.get(gamma.id)).toMatchObject({ completedCourses: 0 });
  });

  it('is deterministic: the same data in another order gives the same answer', () => {
    const alpha = req('Same', 1, 0);
    const beta = req('Same', 1, 0); // same name: uuid decides
    const c = course('C 9', 3);
    const links = [link(c, beta, 'g'), link(c, alpha, 'g')];
    const one = computeProgress([beta, alpha], [c], links);
    const two = computeProgress([alpha, beta], [c], [...links].reverse());
    expect(one.get(alpha.id)!.completedCourses).toBe(1); // lower uuid
    expect(two.get(alpha.id)!.completedCourses).toBe(1);
    expect(one.get(beta.id)!.completedCourses).toBe(0);
  });

  it('does not count a course twice toward a requirement it also fulfils plainly', () => {
    const alpha = req('Alpha', 2, 0);
    const c = course('C 1', 3);
    // Only one requirement of the group is visible: the group collapses to a plain link.
    const out = computeProgress([alpha], [c], [link(c, alpha, 'g')]);
    expect(out.get(alpha.id)).toMatchObject({ completedCourses: 1, completedUnits: 3 });
  });

  it('solves components too large to enumerate greedily, still counting each course once', () => {
    const reqs = Array.from({ length: 4 }, (_, i) => req(`R${i}`, 3, 0));
    const courses = Array.from({ length: 12 }, (_, i) => course(`C ${String(i).padStart(2, '0')}`, 1));
    const links = courses.flatMap((c, i) => reqs.map((r) => link(c, r, `g${i}`)));
    // 4^12 assignments: over the bound, so greedy runs; the best spreads 3 courses to each.
    const out = computeProgress(reqs, courses, links, 1000);
    const counts = reqs.map((r) => out.get(r.id)!.completedCourses);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(counts).toEqual([3, 3, 3, 3]);
    expect(reqs.every((r) => out.get(r.id)!.isFulfilled)).toBe(true);
    // The same answer with exhaustive search allowed on a smaller case.
    const small = computeProgress(
      reqs.slice(0, 2),
      courses.slice(0, 6),
      links.filter((l) => l.requirementId <= reqs[1].id && courses.slice(0, 6).some((c) => c.id === l.courseId)),
    );
    expect([small.get(reqs[0].id)!.completedCourses, small.get(reqs[1].id)!.completedCourses]).toEqual([3, 3]);
  });
});
