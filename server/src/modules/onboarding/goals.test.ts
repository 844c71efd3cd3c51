/** The onboarding answers as the generated four-year plan reads them: goals, the pathways they select, the grade. */
import { describe, expect, it } from 'vitest';
import { goalsOf, gradeOfAnswer, selectPathways } from './goals.js';

describe('onboarding goals', () => {
  it('reads goals from joined answers and maps them to pathway names', () => {
    const goals = goalsOf(['10th Grade', "credit towards an AA degree, credit towards a bachelor's degree", 'Math I']);
    expect(goals).toEqual(['credit towards an AA degree', "credit towards a bachelor's degree"]);
    const pathways = [
      { id: 3, name: 'UC Transfer Pathway' },
      { id: 1, name: 'High School Graduation' },
      { id: 2, name: 'AA in Liberal Arts' },
      { id: 4, name: 'Associate Degree for Transfer' },
    ];
    expect(selectPathways(pathways, goals).map((p) => p.id)).toEqual([2, 3, 4]);
    expect(selectPathways(pathways, ['graduating from high school']).map((p) => p.id)).toEqual([1]);
    // No match (or no goals): every pathway of the school.
    expect(
      selectPathways(
        [
          { id: 5, name: 'STEM' },
          { id: 4, name: 'Arts' },
        ],
        goals,
      ).map((p) => p.id),
    ).toEqual([4, 5]);
    expect(selectPathways(pathways, []).map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('reads the grade an answer names', () => {
    expect(gradeOfAnswer('11th Grade')).toBe(11);
    expect(gradeOfAnswer('college')).toBeNull();
  });
});
