/** The plan payload parsers (plan-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { valid, type Checked } from '../../core/validation.js';
import { checkGrade, checkLabel, checkMove, checkPositions, checkSchedule, checkTerm, checkTermPosition, parseTerm, PLAN_INPUT_MESSAGES as M } from './plan-input.js';
import { textOf } from '../../test/reasons.js';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('plan inputs', () => {
  it('reads good payloads', () => {
    expect(valid(checkSchedule({ course_id: '7', term: 2 }))).toEqual({ course_id: 7, term: 2 });
    expect(valid(checkGrade('5', { grade: ' A- ', completed: 'true' }))).toEqual({ scheduledId: 5, grade: 'A-', completed: true });
    expect(valid(checkGrade(5, {}))).toEqual({ scheduledId: 5 });
    expect(
      valid(
        checkPositions({
          updates: [
            { id: 1, position: 0 },
            { id: 2, position: '1' },
          ],
        }),
      ),
    ).toEqual({
      updates: [
        { id: 1, position: 0 },
        { id: 2, position: 1 },
      ],
    });
    expect(valid(checkMove('3', { term: '2' }))).toEqual({ scheduledId: 3, term: '2' });
    expect(valid(checkLabel('  Fall 2027 '))).toBe('Fall 2027');
    expect(valid(checkTerm('2', 'Spring'))).toEqual({ position: 2, label: 'Spring' });
    expect(parseTerm(' 3 ', 4)).toBe('3');
  });

  it.each<[string, () => Checked<unknown>, string]>([
    ['schedule without a course', () => checkSchedule({ term: 1 }), textOf(M.scheduleInvalid)],
    ['schedule with an object id', () => checkSchedule({ course_id: { $gt: 0 }, term: 1 }), textOf(M.scheduleInvalid)],
    ['schedule with a negative id', () => checkSchedule({ course_id: -1, term: 1 }), textOf(M.scheduleInvalid)],
    ['schedule with an id past the integer range', () => checkSchedule({ course_id: 2 ** 31, term: 1 }), textOf(M.scheduleInvalid)],
    ['a grade too long', () => checkGrade(1, { grade: 'A'.repeat(21) }), textOf(M.gradeTooLong)],
    ['a grade with NUL', () => checkGrade(1, { grade: 'A\u0000' }), 'Text may not contain the NUL character.'],
    ['a grade as an object', () => checkGrade(1, { grade: { a: 1 } }), textOf(M.gradeInvalid)],
    ['completed as text', () => checkGrade(1, { completed: 'yes' }), textOf(M.gradeInvalid)],
    ['a scheduled id as text', () => checkGrade('abc', {}), 'Not a valid scheduled course id: expected a whole number from 1 to 2147483647.'],
    ['no updates', () => checkPositions({ updates: [] }), textOf(M.updatesRequired)],
    ['updates as a string', () => checkPositions({ updates: 'all' }), textOf(M.updatesRequired)],
    ['too many updates', () => checkPositions({ updates: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, position: 0 })) }), textOf(M.updatesRequired)],
    [
      'a course twice in updates',
      () =>
        checkPositions({
          updates: [
            { id: 1, position: 0 },
            { id: 1, position: 1 },
          ],
        }),
      textOf(M.duplicateUpdates),
    ],
    ['a move without a term', () => checkMove(1, {}), textOf(M.termInvalid)],
    ['a move to a negative position', () => checkMove(1, { term: 1, position: -1 }), textOf(M.termInvalid)],
    ['an empty label', () => checkLabel('   '), textOf(M.labelRequired)],
    ['a label that is not text', () => checkLabel(['Fall']), textOf(M.labelRequired)],
    ['a label with NUL', () => checkLabel('Fall\u0000'), 'Text may not contain the NUL character.'],
    ['a term position of 0', () => checkTermPosition('0'), textOf(M.positionInvalid)],
    ['a term position as words', () => checkTermPosition('first'), textOf(M.positionInvalid)],
    ['a term position with a label missing', () => checkTerm('1', undefined), textOf(M.labelRequired)],
  ])('refuses %s', (_name, check, expected) => {
    expect(refusal(() => valid(check()))).toBe(expected);
  });

  it('checks a term against the plan: 1..count, numeric text of at most three digits', () => {
    for (const t of ['0', '5', '1000', '1.5', 'x', -1]) expect(refusal(() => parseTerm(t, 4))).toBe(textOf(M.termInvalid));
  });
});
