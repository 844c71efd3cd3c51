import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { MAX_LABEL_LENGTH, MAX_TERMS, parseLabels } from './profile-input.js';

/** The message parseLabels refuses `raw` with (and checks it is a 400). */
function refusal(raw: unknown): string {
  try {
    parseLabels(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('BAD_USER_INPUT');
    return (e as AppError).message;
  }
  throw new Error(`parseLabels accepted ${JSON.stringify(raw)}`);
}

describe('parseLabels', () => {
  it('keeps the spec lists in order', () => {
    expect(parseLabels(['9th Grade', '10th Grade', '11th Grade', '12th Grade'])).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade']);
    expect(parseLabels(['1st Year', '2nd Year'])).toEqual(['1st Year', '2nd Year']);
  });

  it('trims labels', () => {
    expect(parseLabels(['  Fall 2025 ', 'Spring 2026'])).toEqual(['Fall 2025', 'Spring 2026']);
  });

  it('accepts a map of position to label, ordered by position numerically', () => {
    expect(parseLabels({ 10: 'Tenth', 2: 'Second', 1: 'First' })).toEqual(['First', 'Second', 'Tenth']);
  });

  it('accepts an empty list', () => {
    expect(parseLabels([])).toEqual([]);
  });

  it('refuses what is not a list', () => {
    expect(refusal('9th Grade')).toBe('academic_year_labels must be a list of term labels.');
    expect(refusal(undefined)).toBe('academic_year_labels must be a list of term labels.');
    expect(refusal(null)).toBe('academic_year_labels must be a list of term labels.');
  });

  it('refuses empty labels and labels that are not text', () => {
    expect(refusal(['9th Grade', ''])).toBe('Every term needs a label.');
    expect(refusal(['9th Grade', '   '])).toBe('Every term needs a label.');
    expect(refusal(['9th Grade', 10])).toBe('Every term needs a label.');
  });

  it('refuses duplicate labels, case-insensitively', () => {
    expect(refusal(['9th Grade', '9th grade'])).toBe('Term labels must be different from each other.');
    expect(refusal(['A', 'B', 'A '])).toBe('Term labels must be different from each other.');
  });

  it(`refuses labels longer than ${MAX_LABEL_LENGTH} characters`, () => {
    expect(parseLabels(['x'.repeat(MAX_LABEL_LENGTH)])).toHaveLength(1);
    expect(refusal(['x'.repeat(MAX_LABEL_LENGTH + 1)])).toBe(`A term label may have at most ${MAX_LABEL_LENGTH} characters.`);
  });

  it(`refuses more than ${MAX_TERMS} terms`, () => {
    const labels = (n: number) => Array.from({ length: n }, (_, i) => `Term ${i + 1}`);
    expect(parseLabels(labels(MAX_TERMS))).toHaveLength(MAX_TERMS);
    expect(refusal(labels(MAX_TERMS + 1))).toBe(`A plan may have at most ${MAX_TERMS} terms.`);
  });
});
