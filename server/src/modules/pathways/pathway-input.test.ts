/** The pathway payload parsers (pathway-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { valid, type Checked } from '../../core/validation.js';
import { checkFulfillmentAdd, checkFulfillmentRemove, checkPathway, checkRequirement, checkRequirementCreate, PATHWAY_INPUT_MESSAGES as M } from './pathway-input.js';
import { textOf } from '../../test/reasons.js';

const UUID = '11111111-2222-3333-4444-555555555555';
const message = <T>(c: Checked<T>) => (c.ok ? 'accepted' : c.error.message);

describe('checkPathway', () => {
  it('trims text and lower-cases the colour', () => {
    expect(valid(checkPathway({ name: ' STEM ', description: ' d ', color: 'Blue' }, false))).toEqual({ name: 'STEM', description: 'd', color: 'blue' });
  });

  it('requires a name on create only; an update keeps what it leaves out', () => {
    expect(message(checkPathway({}, false))).toBe(textOf(M.nameRequired));
    expect(message(checkPathway({ name: '   ' }, true))).toBe(textOf(M.nameRequired));
    expect(valid(checkPathway({ color: '' }, true))).toEqual({ color: '' });
  });

  it('reports the first problem in form order: name, description, colour', () => {
    expect(message(checkPathway({ name: '', description: 'x'.repeat(5001), color: 'teal' }, false))).toBe(textOf(M.nameRequired));
    expect(message(checkPathway({ name: 'ok', description: 'x'.repeat(5001), color: 'teal' }, false))).toBe(textOf(M.descriptionTooLong));
    expect(message(checkPathway({ name: 'ok', color: 'teal' }, false))).toBe(textOf(M.colorInvalid));
  });

  it('refuses hostile input with a message', () => {
    expect(message(checkPathway({ name: 'x'.repeat(201) }, false))).toBe(textOf(M.nameTooLong));
    expect(message(checkPathway({ name: 'a\u0000b' }, false))).toBe('Text may not contain the NUL character.');
    expect(message(checkPathway({ name: 42 }, false))).toBe('Invalid value for name.');
    expect(message(checkPathway({ name: ['a'] }, true))).toBe('Invalid value for name.');
    expect(message(checkPathway([{ name: 'a' }], false))).toBe('Invalid value for input.');
    expect(message(checkPathway('name=a', false))).toBe('Invalid value for input.');
  });

  it('ignores a __proto__ key and unknown fields', () => {
    const raw = JSON.parse('{"name":"A","__proto__":{"color":"red"},"school_id":9}');
    const out = valid(checkPathway(raw, false));
    expect(out).toEqual({ name: 'A' });
    expect(({} as Record<string, unknown>).color).toBeUndefined();
  });
});

describe('checkRequirement', () => {
  it('reads units (rounded to cents) and courses from numbers or numeric text', () => {
    expect(valid(checkRequirement({ name: 'Math', number_of_units: ' 3.456 ', number_of_courses: '2' }, false))).toEqual({
      name: 'Math',
      numberOfUnits: 3.46,
      numberOfCourses: 2,
    });
    expect(valid(checkRequirement({ number_of_units: '', number_of_courses: null }, true))).toEqual({});
  });

  it('reports the first problem in form order with the spec text', () => {
    expect(message(checkRequirement({}, false))).toBe(textOf(M.requirementNameRequired));
    expect(message(checkRequirement({ name: 'R', number_of_units: -1, number_of_courses: 1.5 }, false))).toBe(textOf(M.unitsInvalid));
    expect(message(checkRequirement({ name: 'R', number_of_units: 10000 }, false))).toBe(textOf(M.unitsInvalid));
    expect(message(checkRequirement({ name: 'R', number_of_courses: 1.5 }, false))).toBe(textOf(M.coursesInvalid));
    expect(message(checkRequirement({ name: 'R', number_of_courses: '1e9' }, false))).toBe(textOf(M.coursesInvalid));
    expect(message(checkRequirement({ number_of_units: { a: 1 } }, true))).toBe(textOf(M.unitsInvalid));
    expect(message(checkRequirement({ number_of_units: 'NaN' }, true))).toBe(textOf(M.unitsInvalid));
  });

  it('refuses NUL, oversize text and arrays', () => {
    expect(message(checkRequirement({ name: 'R', description: '\u0000' }, false))).toBe('Text may not contain the NUL character.');
    expect(message(checkRequirement({ name: 'R'.repeat(201) }, false))).toBe(textOf(M.nameTooLong));
    expect(message(checkRequirement([], false))).toBe('Invalid value for input.');
  });
});

describe('checkRequirementCreate', () => {
  it('keeps the pathway uuid for the lookup and the fields apart', () => {
    const input = checkRequirementCreate({ pathway_uuid: UUID, name: 'R' });
    expect(valid(input.pathway)).toBe(UUID);
    expect(valid(input.fields)).toEqual({ name: 'R' });
  });

  it('asks for a pathway when none is named', () => {
    expect(message(checkRequirementCreate({ name: 'R' }).pathway)).toBe(textOf(M.selectPathway));
    expect(message(checkRequirementCreate({ pathway_uuid: '' }).pathway)).toBe(textOf(M.selectPathway));
    expect(message(checkRequirementCreate(null).pathway)).toBe(textOf(M.selectPathway));
    expect(message(checkRequirementCreate([UUID]).pathway)).toBe(textOf(M.selectPathway));
  });
});

describe('checkFulfillmentAdd / checkFulfillmentRemove', () => {
  it('reads the requirement and its non-duplicables (none: an empty list)', () => {
    expect(valid(checkFulfillmentAdd({ requirement_uuid: UUID, non_duplicables: [UUID] }))).toEqual({ requirementUuid: UUID, nonDuplicables: [UUID] });
    expect(valid(checkFulfillmentAdd({ requirement_uuid: UUID, non_duplicables: null }))).toEqual({ requirementUuid: UUID, nonDuplicables: [] });
    expect(valid(checkFulfillmentRemove({ requirement_uuid: UUID }))).toEqual({ requirementUuid: UUID });
  });

  it('asks for a requirement first, then refuses bad non-duplicables', () => {
    expect(message(checkFulfillmentAdd({ non_duplicables: 'x' }))).toBe(textOf(M.selectRequirement));
    expect(message(checkFulfillmentAdd(undefined))).toBe(textOf(M.selectRequirement));
    expect(message(checkFulfillmentAdd([UUID]))).toBe(textOf(M.selectRequirement));
    expect(message(checkFulfillmentRemove({ requirement_uuid: null }))).toBe(textOf(M.selectRequirement));
    expect(message(checkFulfillmentRemove('x'))).toBe(textOf(M.selectRequirement));
    expect(message(checkFulfillmentAdd({ requirement_uuid: UUID, non_duplicables: { 0: UUID } }))).toBe(textOf(M.nonDuplicablesInvalid));
    expect(message(checkFulfillmentAdd({ requirement_uuid: UUID, non_duplicables: [1] }))).toBe(textOf(M.nonDuplicablesInvalid));
    expect(message(checkFulfillmentAdd({ requirement_uuid: UUID, non_duplicables: Array(101).fill(UUID) }))).toBe(textOf(M.nonDuplicablesInvalid));
  });
});
