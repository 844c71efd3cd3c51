import { describe, expect, it } from 'vitest';
import { planChanges, planReviewStatus } from './review-state.js';

describe('plan review state', () => {
  it('is a draft with plan review off, whatever happened before', () => {
    expect(planReviewStatus({ studentId: 1, enabled: false, lastAction: 'approved', changedSinceApproval: false })).toBe('draft');
    expect(planReviewStatus({ studentId: 1 })).toBe('draft');
  });

  it('follows the latest event, and an approval becomes "changed since approval" once the plan differs', () => {
    expect(planReviewStatus({ studentId: 1, enabled: true, lastAction: null })).toBe('draft');
    expect(planReviewStatus({ studentId: 1, enabled: true, lastAction: 'submitted' })).toBe('submitted');
    expect(planReviewStatus({ studentId: 1, enabled: true, lastAction: 'returned' })).toBe('returned');
    expect(planReviewStatus({ studentId: 1, enabled: true, lastAction: 'approved', changedSinceApproval: false })).toBe('approved');
    expect(planReviewStatus({ studentId: 1, enabled: true, lastAction: 'approved', changedSinceApproval: true })).toBe('changed_since_approval');
  });
});

describe('changes since the approved version', () => {
  const approved = [
    { courseId: 10, term: '1', grade: '' },
    { courseId: 11, term: '1', grade: '' },
    { courseId: 12, term: '2', grade: 'B' },
  ];

  it('lists courses added, removed, moved between terms and given another grade', () => {
    const current = [
      { courseId: 10, term: '1', grade: '' }, // unchanged
      { courseId: 12, term: '3', grade: 'A' }, // moved and regraded
      { courseId: 13, term: '2', grade: '' }, // added
    ];
    expect(planChanges(approved, current)).toEqual([
      { kind: 'added', courseId: 13, fromTerm: null, toTerm: '2', fromGrade: null, toGrade: '' },
      { kind: 'removed', courseId: 11, fromTerm: '1', toTerm: null, fromGrade: '', toGrade: null },
      { kind: 'moved', courseId: 12, fromTerm: '2', toTerm: '3', fromGrade: 'B', toGrade: 'A' },
      { kind: 'grade_changed', courseId: 12, fromTerm: '2', toTerm: '3', fromGrade: 'B', toGrade: 'A' },
    ]);
  });

  it('is empty for the same plan in another order', () => {
    expect(planChanges(approved, [...approved].reverse())).toEqual([]);
  });
});
