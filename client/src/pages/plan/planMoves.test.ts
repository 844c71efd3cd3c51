import { describe, expect, it } from 'vitest';
import { applyMove, dropTarget, isNoop, type PlanData } from './planMoves';

function course(id: number, title: string, term: string, position: number) {
  return {
    __typename: 'ScheduledCourse' as const,
    id,
    term,
    position,
    grade: '',
    completed: false,
    course: { __typename: 'PlanCourse' as const, id: id * 10, uuid: `u${id}`, courseId: `C${id}`, title, units: 1, prerequisiteGroups: [], school: null },
  };
}

const plan = {
  __typename: 'Plan',
  id: 'plan:1',
  userId: 1,
  firstName: 'Sam',
  lastName: 'Lee',
  fullName: 'Sam Lee',
  userType: 'Student',
  readOnly: false,
  labels: ['9th Grade', '10th Grade'],
  totalUnits: 3,
  completedUnits: 0,
  warnings: [],
  terms: [
    { __typename: 'PlanTerm', term: '1', position: 1, label: '9th Grade', units: 2, courses: [course(1, 'A', '1', 0), course(2, 'B', '1', 1)] },
    { __typename: 'PlanTerm', term: '2', position: 2, label: '10th Grade', units: 1, courses: [course(3, 'C', '2', 0)] },
  ],
} as unknown as PlanData;

const titles = (p: PlanData) => p.terms.map((t) => t.courses.map((c) => `${c.course.title}${c.position}`).join(' '));

describe('drag and drop on the plan', () => {
  it('drops on a term column at its end, and on a tile before it', () => {
    expect(dropTarget(plan, 1, 'term:2')).toEqual({ term: '2', index: 1 });
    expect(dropTarget(plan, 1, 'course:3')).toEqual({ term: '2', index: 0 });
    expect(dropTarget(plan, 3, 'course:2')).toEqual({ term: '1', index: 1 });
    expect(dropTarget(plan, 1, null)).toBeNull();
    expect(dropTarget(plan, 2, 'course:2')).toEqual({ term: '1', index: 1 });
  });

  it('drops on a later tile of the same term after it', () => {
    expect(dropTarget(plan, 1, 'course:2')).toEqual({ term: '1', index: 1 });
    expect(dropTarget(plan, 2, 'course:1')).toEqual({ term: '1', index: 0 });
  });

  it('moves a course to another term and renumbers both terms', () => {
    const moved = applyMove(plan, 1, { term: '2', index: 0 });
    expect(titles(moved)).toEqual(['B0', 'A0 C1']);
    expect(moved.terms[1].courses[0].term).toBe('2');
    expect(moved.terms.map((t) => t.units)).toEqual([1, 2]);
    expect(titles(plan)).toEqual(['A0 B1', 'C0']);
  });

  it('reorders within a term, and knows a drop that changes nothing', () => {
    expect(titles(applyMove(plan, 2, { term: '1', index: 0 }))).toEqual(['B0 A1', 'C0']);
    expect(isNoop(plan, 1, { term: '1', index: 0 })).toBe(true);
    expect(isNoop(plan, 1, { term: '1', index: 1 })).toBe(false);
    expect(isNoop(plan, 1, { term: '2', index: 0 })).toBe(false);
  });
});
