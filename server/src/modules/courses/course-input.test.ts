/** The course payload parsers (course-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { valid } from '../../core/validation.js';
import { checkCourseInput, checkCourseUpdate, COURSE_INPUT_MESSAGES as M, parseCourseInput, parseTransferInput } from './course-input.js';
import { textOf } from '../../test/reasons.js';

const UUID = '11111111-2222-3333-4444-555555555555';
const message = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('parseCourseInput', () => {
  it('reads a full create payload, trimming text and rounding units', () => {
    expect(parseCourseInput({ course_id: ' MATH 1 ', title: 'Algebra', units: '3.456', prerequisite_groups: [[UUID, UUID]], tags: ['Honors'] }, false)).toEqual({
      courseId: 'MATH 1',
      title: 'Algebra',
      units: 3.46,
      groups: [[UUID]],
      tags: { honors: 'Honors' },
    });
  });

  it('reads groups and tags sent as JSON text by a form post', () => {
    expect(parseCourseInput({ course_id: 'A', title: 'B', prerequisite_groups: JSON.stringify([[UUID]]), tags: '{"ap":"AP"}' }, false)).toMatchObject({
      groups: [[UUID]],
      tags: { ap: 'AP' },
    });
  });

  it('leaves out what an update does not send; null clears groups and tags', () => {
    expect(parseCourseInput({ title: 'New' }, true)).toEqual({ title: 'New' });
    expect(parseCourseInput({ prerequisite_groups: null, tags: null }, true)).toEqual({ groups: [], tags: {} });
  });

  it.each([
    [null, textOf(M.body)],
    ['a string', textOf(M.body)],
    [42, textOf(M.body)],
    [{}, textOf(M.courseIdRequired)],
    [{ course_id: 'A' }, textOf(M.titleRequired)],
    [{ course_id: '   ', title: 'T' }, textOf(M.courseIdRequired)],
    [{ course_id: { $ne: 1 }, title: 'T' }, 'Course ID must be text.'],
    [{ course_id: ['A'], title: 'T' }, 'Course ID must be text.'],
    [{ course_id: 'A\u0000', title: 'T' }, 'Text may not contain the NUL character.'],
    [{ course_id: 'A'.repeat(61), title: 'T' }, 'Course ID must be at most 60 characters.'],
    [{ course_id: 'A', title: 'T'.repeat(301) }, 'Title must be at most 300 characters.'],
    [{ course_id: 'A', title: 'T', units: -1 }, textOf(M.units)],
    [{ course_id: 'A', title: 'T', units: '1e3' }, textOf(M.units)],
    [{ course_id: 'A', title: 'T', units: 'NaN' }, textOf(M.units)],
    [{ course_id: 'A', title: 'T', units: 10_000 }, textOf(M.units)],
    [{ course_id: 'A', title: 'T', units: { valueOf: 3 } }, textOf(M.units)],
    [{ course_id: 'A', title: 'T', prerequisite_groups: 'not json' }, textOf(M.groups)],
    [{ course_id: 'A', title: 'T', prerequisite_groups: [UUID] }, textOf(M.groups)],
    [{ course_id: 'A', title: 'T', prerequisite_groups: [[1]] }, textOf(M.groups)],
    [{ course_id: 'A', title: 'T', prerequisite_groups: [['DROP TABLE courses']] }, 'Prerequisite course not found: DROP TABLE courses.'],
    [{ course_id: 'A', title: 'T', prerequisite_groups: Array.from({ length: 21 }, () => [UUID]) }, 'A course may have at most 20 prerequisite groups.'],
    [{ course_id: 'A', title: 'T', tags: 'not json' }, textOf(M.tags)],
    [{ course_id: 'A', title: 'T', tags: 7 }, textOf(M.tags)],
    [{ course_id: 'A', title: 'T', tags: [''] }, textOf(M.tagName)],
    [{ course_id: 'A', title: 'T', tags: [{}] }, textOf(M.tagName)],
    [{ course_id: 'A', title: 'T', tags: { 'Bad Key': 'x' } }, 'Tag key "Bad Key" must be 1 to 60 lower-case letters, digits or underscores.'],
    [{ course_id: 'A', title: 'T', tags: { ap: 'A\u0000P' } }, 'Tag "ap" must have a name of 1 to 100 characters.'],
    [{ course_id: 'A', title: 'T', tags: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`t${i}`, 'x'])) }, textOf(M.tooManyTags)],
  ])('refuses %j with its message', (raw, expected) => {
    expect(message(() => parseCourseInput(raw, false))).toBe(expected);
  });

  it('does not pollute prototypes through __proto__ keys', () => {
    const raw = JSON.parse('{"course_id":"A","title":"T","tags":{"__proto__":{"polluted":"yes"}}}');
    expect(message(() => parseCourseInput(raw, false))).toBe('Tag "__proto__" must have a name of 1 to 100 characters.');
    const named = parseCourseInput(JSON.parse('{"course_id":"A","title":"T","tags":{"__proto__":"AP","ap":"AP"}}'), false);
    expect(Object.getPrototypeOf(named.tags)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a refusal for the service to raise after its permission checks', () => {
    const checked = checkCourseInput({ title: 'T' }, false);
    expect(checked.ok).toBe(false);
    expect(() => valid(checked)).toThrow(textOf(M.courseIdRequired));
    expect(valid(checkCourseUpdate({ update_prerequisite_groups: [] }))).toEqual({ groups: [] });
  });
});

describe('parseTransferInput', () => {
  it('reads the course, the school (null: the school of record) and the units', () => {
    expect(parseTransferInput({ original_course_id: 12, accepting_school_id: UUID, adjusted_units: '2.5' })).toEqual({ course: '12', school: UUID, adjustedUnits: 2.5 });
    expect(parseTransferInput({ original_course_id: UUID })).toEqual({ course: UUID, school: null, adjustedUnits: null });
  });

  it.each([[null], [{}], [{ original_course_id: '' }], [{ original_course_id: null }], [[1, 2]]])('requires the course: %j', (raw) => {
    expect(message(() => parseTransferInput(raw))).toBe('original_course_id is required.');
  });

  it('marks invalid units as null (refused with the adjusted-units message once the course and school are checked)', () => {
    for (const u of [-1, 'x', 1e9, {}, true]) expect(parseTransferInput({ original_course_id: 1, adjusted_units: u }).adjustedUnits).toBeNull();
  });
});
