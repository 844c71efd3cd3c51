/** The baseline plan payload parsers (baseline-plan-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, valid, type Checked } from '../../core/validation.js';
import { BASELINE_INPUT_MESSAGES as M, checkPlanCreate, checkPlanId, checkPlanText } from './baseline-plan-input.js';
import { textOf } from '../../test/reasons.js';

const message = <T>(c: Checked<T>) => (c.ok ? 'accepted' : c.error.message);

describe('checkPlanCreate', () => {
  it('trims the title and description; no username means one is generated', () => {
    expect(valid(checkPlanCreate({ first_name: ' Grad ', last_name: ' Four years ', user_type: '4' }))).toEqual({
      firstName: 'Grad',
      lastName: 'Four years',
      username: null,
    });
    expect(valid(checkPlanCreate({ first_name: 'A', last_name: 'B', username: ' baseline_plan_x-1 ' })).username).toBe('baseline_plan_x-1');
  });

  it('checks in order: user_type, title, description, NUL, lengths, username', () => {
    expect(message(checkPlanCreate({ user_type: 1 }))).toBe(textOf(M.userType));
    expect(message(checkPlanCreate({ last_name: 'x' }))).toBe(textOf(M.titleRequired));
    expect(message(checkPlanCreate({ first_name: 'x', last_name: '  ' }))).toBe(textOf(M.descriptionRequired));
    expect(message(checkPlanCreate({ first_name: 'x\u0000', last_name: 'y'.repeat(3000) }))).toBe(textOf(NUL_MESSAGE));
    expect(message(checkPlanCreate({ first_name: 'x'.repeat(201), last_name: 'y'.repeat(3000) }))).toBe(textOf(M.titleTooLong));
    expect(message(checkPlanCreate({ first_name: 'x', last_name: 'y'.repeat(2001) }))).toBe(textOf(M.descriptionTooLong));
    expect(message(checkPlanCreate({ first_name: 'x', last_name: 'y', username: 'someone@example.org' }))).toBe(textOf(M.username));
    expect(message(checkPlanCreate({ first_name: 'x', last_name: 'y', username: `baseline_plan_${'a'.repeat(87)}` }))).toBe(textOf(M.username));
  });

  it('reads wrong types as blank and a non-object body as empty', () => {
    expect(message(checkPlanCreate({ first_name: ['x'], last_name: 'y' }))).toBe(textOf(M.titleRequired));
    expect(message(checkPlanCreate({ first_name: 'x', last_name: 'y', username: 5 }))).toBe(textOf(M.username));
    expect(message(checkPlanCreate([{ first_name: 'x', last_name: 'y' }]))).toBe(textOf(M.titleRequired));
    expect(message(checkPlanCreate('first_name=x'))).toBe(textOf(M.titleRequired));
    expect(message(checkPlanCreate(null))).toBe(textOf(M.titleRequired));
  });

  it('ignores a __proto__ key', () => {
    const raw = JSON.parse('{"first_name":"A","last_name":"B","__proto__":{"user_type":1,"username":"evil@example.org"}}');
    expect(valid(checkPlanCreate(raw))).toEqual({ firstName: 'A', lastName: 'B', username: null });
  });
});

describe('checkPlanText', () => {
  it('reads the title and description, ignoring user_type and username', () => {
    expect(valid(checkPlanText({ first_name: 'A', last_name: 'B', user_type: 1, username: 'x' }))).toEqual({ firstName: 'A', lastName: 'B' });
    expect(message(checkPlanText({ first_name: 'A', last_name: 7 }))).toBe(textOf(M.descriptionRequired));
  });
});

describe('checkPlanId', () => {
  it('reads a whole number or numeric text', () => {
    expect(valid(checkPlanId({ planId: 12 }))).toBe(12);
    expect(valid(checkPlanId({ planId: ' 12 ' }))).toBe(12);
  });

  it('asks for a plan for anything else', () => {
    for (const raw of [
      {},
      { planId: 'abc' },
      { planId: -1 },
      { planId: 1.5 },
      { planId: '1e3' },
      { planId: [1] },
      { planId: '9'.repeat(30) },
      [{ planId: 1 }],
      null,
      'planId=1',
    ]) {
      expect(message(checkPlanId(raw))).toBe(textOf(M.planId));
    }
  });
});
