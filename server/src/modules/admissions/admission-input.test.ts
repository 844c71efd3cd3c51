/** The application and decision parsers (admission-input.ts) with good and hostile input: a value or the exact 400 message, never a crash. */
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, valid, type Checked } from '../../core/validation.js';
import { ADMISSION_INPUT_MESSAGES as M, checkApplicationSave, checkDecision } from './admission-input.js';
import { textOf } from '../../test/reasons.js';

const message = <T>(c: Checked<T>) => (c.ok ? 'accepted' : c.error.message);
const save = (form_data: unknown, application_status?: unknown) => checkApplicationSave({ form_data, application_status });

describe('checkApplicationSave', () => {
  it('keeps known fields, takes the step title from the form and defaults the status to in_progress', () => {
    const v = valid(
      save([
        { step: 1, title: 'anything', data: { studentFullName: 'Ana Ruiz' } },
        { step: 7, data: { techComputer: true } },
      ]),
    );
    expect(v.applicationStatus).toBe('in_progress');
    expect(v.records).toEqual([
      { step: 1, title: 'Applicant Information', data: { studentFullName: 'Ana Ruiz' } },
      { step: 7, title: 'Technology Access', data: { techComputer: true } },
    ]);
    expect(valid(save([], 'complete')).applicationStatus).toBe('complete');
    expect(valid(save([{ step: 1, data: { studentFullName: null } }])).records[0].data.studentFullName).toBe('');
  });

  it('refuses a payload of the wrong shape with the exact message', () => {
    expect(message(checkApplicationSave({}))).toBe('form_data must be a list of { step, title, data } records.');
    expect(message(save({ step: 1 }))).toBe('form_data must be a list of { step, title, data } records.');
    expect(message(save('[]'))).toBe('form_data must be a list of { step, title, data } records.');
    expect(message(save(Array.from({ length: 10 }, () => ({ step: 1, data: {} }))))).toBe('form_data has more records than the application has steps.');
    expect(message(save([{ step: '1', data: {} }]))).toBe('Invalid value for form_data.0.step.');
    expect(message(save([{ step: 1, data: ['x'] }]))).toBe('Invalid value for form_data.0.data.');
    expect(message(checkApplicationSave([{ form_data: [] }]))).toBe('Invalid value for input.');
  });

  it('refuses a status other than in_progress or complete, before looking at the records', () => {
    expect(message(save([], 'accepted'))).toBe(textOf(M.badStatus));
    expect(message(save([{ step: 9, data: {} }], ['complete']))).toBe('application_status must be in_progress or complete.');
  });

  it('names an unknown step or field, and a value of the wrong type', () => {
    expect(message(save([{ step: 9, data: {} }]))).toBe('Unknown application step 9.');
    expect(message(save([{ step: 1, data: { schoolName: 'x' } }]))).toBe('Unknown field "schoolName" in step 1.');
    expect(message(save([{ step: 7, data: { techComputer: 'yes' } }]))).toBe('Has Daily Computer Access must be true or false.');
    expect(message(save([{ step: 1, data: { studentFullName: { first: 'A' } } }]))).toBe('Full Legal Name must be text.');
    expect(message(save([{ step: 8, data: { transcriptFiles: 'a.pdf' } }]))).toBe('Transcript Files must be a list of file names.');
    expect(message(save([{ step: 8, data: { transcriptFiles: ['a\u0000.pdf'] } }]))).toBe('Transcript Files must be a list of file names.');
    expect(message(save([{ step: 8, data: { transcriptFiles: Array(51).fill('a.pdf') } }]))).toBe('Transcript Files must be a list of file names.');
  });

  it('refuses oversize text and NUL characters', () => {
    expect(valid(save([{ step: 1, data: { studentFullName: 'x'.repeat(5000) } }])).records[0].data.studentFullName).toHaveLength(5000);
    expect(message(save([{ step: 1, data: { studentFullName: 'x'.repeat(5001) } }]))).toBe('Full Legal Name may be at most 5000 characters.');
    expect(message(save([{ step: 1, data: { studentFullName: 'A\u0000' } }]))).toBe(textOf(NUL_MESSAGE));
  });

  it('drops a __proto__ key in data: nothing saved under it, no prototype changed', () => {
    const raw = JSON.parse('{"form_data":[{"step":1,"data":{"__proto__":{"polluted":true}}}]}');
    const data = valid(checkApplicationSave(raw)).records[0].data;
    expect(Object.keys(data)).toEqual([]);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const top = JSON.parse('{"form_data":[],"__proto__":{"application_status":"accepted"}}');
    expect(valid(checkApplicationSave(top)).applicationStatus).toBe('in_progress');
  });
});

describe('checkDecision', () => {
  it('accepts a decision with a trimmed reason', () => {
    expect(valid(checkDecision({ decision: 'accepted' }))).toEqual({ decision: 'accepted', reason: '', schoolYearId: null });
    expect(valid(checkDecision({ decision: 'accepted', school_year_id: 12 }))).toEqual({ decision: 'accepted', reason: '', schoolYearId: 12 });
    expect(message(checkDecision({ decision: 'accepted', school_year_id: 'x; DROP' }))).toMatch(/school year/);
    expect(valid(checkDecision({ decision: 'declined', reason: '  Full  ' }))).toEqual({ decision: 'declined', reason: 'Full', schoolYearId: null });
  });

  it('refuses an unknown decision, a long reason, and a decline without a reason, in that order', () => {
    expect(message(checkDecision({ decision: 'maybe', reason: 'x'.repeat(3000) }))).toBe('decision must be accepted or declined.');
    expect(message(checkDecision({ decision: ['accepted'] }))).toBe('decision must be accepted or declined.');
    expect(message(checkDecision({ decision: 'declined', reason: 'x'.repeat(2001) }))).toBe('The reason may be at most 2000 characters.');
    expect(message(checkDecision({ decision: 'declined', reason: '   ' }))).toBe(textOf(M.reasonRequired));
    expect(message(checkDecision({ decision: 'declined' }))).toBe('Please give a reason for declining the application.');
  });

  it('refuses NUL, wrong types and arrays', () => {
    expect(message(checkDecision({ decision: 'declined', reason: 'no\u0000' }))).toBe(textOf(NUL_MESSAGE));
    expect(message(checkDecision({ decision: 'declined', reason: 7 }))).toBe('Invalid value for reason.');
    expect(message(checkDecision([{ decision: 'accepted' }]))).toBe('Invalid value for input.');
    expect(message(checkDecision(undefined))).toBe('decision must be accepted or declined.');
  });
});
