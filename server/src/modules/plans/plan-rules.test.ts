/** Units of the plan's pure rules: no database. */
import { describe, expect, it } from 'vitest';
import { moveItem, prerequisiteWarnings, renumberPositions, sortTermLabels, termDisplayOrder, type WarningEntry } from './plan-rules.js';

const label = (term: string) => `Term ${term}`;
const entry = (scheduledCourseId: number, courseId: number, title: string, rank: number): WarningEntry => ({
  scheduledCourseId,
  courseId,
  title,
  term: String(rank),
  rank,
});

describe('prerequisiteWarnings', () => {
  const ALG = 1,
    GEO = 2,
    ALG2 = 3,
    PHYS = 4,
    CHEM = 5,
    BIO = 6;

  it('accepts a prerequisite in an earlier term and in the same term', () => {
    const groups = new Map([
      [GEO, [[ALG]]],
      [ALG2, [[GEO]]],
    ]);
    const plan = [entry(10, ALG, 'Algebra I', 1), entry(11, GEO, 'Geometry', 2), entry(12, ALG2, 'Algebra II', 2)];
    expect(prerequisiteWarnings(plan, groups, label)).toEqual([]);
  });

  it('warns when the prerequisite is in a later term, with the spec text', () => {
    const groups = new Map([[GEO, [[ALG]]]]);
    const plan = [entry(10, ALG, 'Algebra I', 3), entry(11, GEO, 'Geometry', 2)];
    expect(prerequisiteWarnings(plan, groups, label)).toEqual([
      {
        scheduledCourseId: 11,
        courseId: GEO,
        title: 'Geometry',
        term: '2',
        termLabel: 'Term 2',
        groupIndex: 0,
        message: 'Prerequisite not met for "Geometry" in Term 2',
      },
    ]);
  });

  it('warns when the prerequisite is not scheduled at all', () => {
    const groups = new Map([[GEO, [[ALG]]]]);
    expect(prerequisiteWarnings([entry(11, GEO, 'Geometry', 1)], groups, label).map((w) => w.message)).toEqual(['Prerequisite not met for "Geometry" in Term 1']);
  });

  it('needs one course of each group: any member of a group is enough', () => {
    // Physics: (Physical Science or Chemistry) and (Algebra II).
    const groups = new Map([[PHYS, [[BIO, CHEM], [ALG2]]]]);
    const met = [entry(1, CHEM, 'Chemistry', 1), entry(2, ALG2, 'Algebra II', 1), entry(3, PHYS, 'Physics', 2)];
    expect(prerequisiteWarnings(met, groups, label)).toEqual([]);
    const secondMissing = [entry(1, CHEM, 'Chemistry', 1), entry(3, PHYS, 'Physics', 2)];
    expect(prerequisiteWarnings(secondMissing, groups, label).map((w) => w.groupIndex)).toEqual([1]);
    const bothMissing = [entry(3, PHYS, 'Physics', 2), entry(2, ALG2, 'Algebra II', 4)];
    expect(prerequisiteWarnings(bothMissing, groups, label).map((w) => w.groupIndex)).toEqual([0, 1]);
  });

  it('orders warnings by term, and ignores empty groups and courses without groups', () => {
    const groups = new Map([
      [GEO, [[ALG]]],
      [ALG2, [[GEO], []]],
    ]);
    const plan = [entry(12, ALG2, 'Algebra II', 3), entry(11, GEO, 'Geometry', 1), entry(13, BIO, 'Biology', 1)];
    expect(prerequisiteWarnings(plan, groups, label).map((w) => w.message)).toEqual(['Prerequisite not met for "Geometry" in Term 1']);
  });
});

describe('sortTermLabels', () => {
  it('sorts Season Year labels by year, then Spring, Summer, Fall', () => {
    expect(sortTermLabels(['Fall 2026', 'Spring 2027', 'Summer 2026', 'Spring 2026', 'Fall 2025'])).toEqual([
      'Fall 2025',
      'Spring 2026',
      'Summer 2026',
      'Fall 2026',
      'Spring 2027',
    ]);
  });

  it('is case-insensitive and keeps other labels after the dated ones, in their order', () => {
    expect(sortTermLabels(['12th Grade', 'fall 2025', '9th Grade', 'SPRING 2025'])).toEqual(['SPRING 2025', 'fall 2025', '12th Grade', '9th Grade']);
  });

  it('leaves a list without dated labels as it is and does not change its input', () => {
    const input = ['9th Grade', '10th Grade', '11th Grade', '12th Grade'];
    expect(sortTermLabels(input)).toEqual(input);
    const dated = ['Fall 2026', 'Spring 2026'];
    sortTermLabels(dated);
    expect(dated).toEqual(['Fall 2026', 'Spring 2026']);
  });

  it('gives display positions: chronological when every label is dated, else as stored', () => {
    expect(termDisplayOrder(['Fall 2026', 'Spring 2026', 'Summer 2026'])).toEqual([2, 3, 1]);
    expect(termDisplayOrder(['Fall 2026', 'Gap year', 'Spring 2026'])).toEqual([1, 2, 3]);
    expect(termDisplayOrder([])).toEqual([]);
  });
});

describe('renumberPositions', () => {
  const term = [
    { id: 1, position: 0 },
    { id: 2, position: 1 },
    { id: 3, position: 2 },
  ];

  it('applies a full new order as 0..n-1', () => {
    expect(
      renumberPositions(
        term,
        new Map([
          [3, 0],
          [1, 1],
          [2, 2],
        ]),
      ),
    ).toEqual([
      { id: 3, position: 0 },
      { id: 1, position: 1 },
      { id: 2, position: 2 },
    ]);
  });

  it('closes gaps and breaks ties, never giving two courses one position', () => {
    expect(
      renumberPositions([
        { id: 1, position: 4 },
        { id: 2, position: 4 },
        { id: 3, position: 9 },
      ]),
    ).toEqual([
      { id: 1, position: 0 },
      { id: 2, position: 1 },
      { id: 3, position: 2 },
    ]);
  });

  it('puts a partially requested course before the one already at that position', () => {
    expect(renumberPositions(term, new Map([[3, 0]]))).toEqual([
      { id: 3, position: 0 },
      { id: 1, position: 1 },
      { id: 2, position: 2 },
    ]);
  });

  it('moves an item within a list', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
