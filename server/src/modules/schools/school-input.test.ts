/** The create-school parser (school-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, valid, type Checked } from '../../core/validation.js';
import { checkSchoolCreate, SCHOOL_INPUT_MESSAGES as M } from './school-input.js';
import { textOf } from '../../test/reasons.js';

const message = <T>(c: Checked<T>) => (c.ok ? 'accepted' : c.error.message);
const good = { name: 'Lincoln High', school_type: 'hs', location: 'CA' };

describe('checkSchoolCreate', () => {
  it('trims the text and upper-cases the school type', () => {
    expect(valid(checkSchoolCreate({ name: ' Lincoln High ', school_type: ' clg ', location: ' CA ' }))).toEqual({
      name: 'Lincoln High',
      schoolType: 'CLG',
      location: 'CA',
    });
  });

  it('reports the first problem in form order: name, school type, state', () => {
    expect(message(checkSchoolCreate({}))).toBe(textOf(M.nameRequired));
    expect(message(checkSchoolCreate({ name: '   ', school_type: 'x', location: '' }))).toBe(textOf(M.nameRequired));
    expect(message(checkSchoolCreate({ name: 'A', school_type: 'x', location: '' }))).toBe(textOf(M.typeInvalid));
    expect(message(checkSchoolCreate({ name: 'A', school_type: 'HS', location: '' }))).toBe(textOf(M.stateRequired));
    expect(message(checkSchoolCreate({ name: 'A', school_type: 'HS' }))).toBe('Please enter the state.');
  });

  it('bounds the name at 200 and the state at 60 characters', () => {
    expect(valid(checkSchoolCreate({ ...good, name: 'n'.repeat(200) })).name).toHaveLength(200);
    expect(message(checkSchoolCreate({ ...good, name: 'n'.repeat(201) }))).toBe('School name must be at most 200 characters.');
    expect(message(checkSchoolCreate({ ...good, location: 's'.repeat(61) }))).toBe('State must be at most 60 characters.');
    expect(message(checkSchoolCreate({ ...good, name: 'n'.repeat(1_000_000) }))).toBe(textOf(M.nameTooLong));
  });

  it('refuses NUL characters in any field', () => {
    expect(message(checkSchoolCreate({ ...good, name: 'Lin\u0000coln' }))).toBe(textOf(NUL_MESSAGE));
    expect(message(checkSchoolCreate({ ...good, location: 'C\u0000A' }))).toBe(textOf(NUL_MESSAGE));
    expect(message(checkSchoolCreate({ ...good, school_type: 'HS\u0000' }))).toBe(textOf(NUL_MESSAGE));
  });

  it('names the field of a wrong type', () => {
    expect(message(checkSchoolCreate({ ...good, name: 42 }))).toBe('Invalid value for name.');
    expect(message(checkSchoolCreate({ ...good, school_type: ['HS'] }))).toBe('Invalid value for school_type.');
    expect(message(checkSchoolCreate({ ...good, location: { state: 'CA' } }))).toBe('Invalid value for location.');
  });

  it('refuses an array or a scalar where the payload object is expected', () => {
    expect(message(checkSchoolCreate([good]))).toBe('Invalid value for input.');
    expect(message(checkSchoolCreate('Lincoln'))).toBe('Invalid value for input.');
  });

  it('ignores a __proto__ key and other unknown keys without polluting the result', () => {
    const parsed = valid(checkSchoolCreate(JSON.parse('{"name":"A","school_type":"HS","location":"CA","__proto__":{"admin":true},"id":9}')));
    expect(parsed).toEqual({ name: 'A', schoolType: 'HS', location: 'CA' });
    expect((parsed as unknown as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
