/** What a plan's term labels say to the generator: the first term still ahead, seasons, grades. */
import { describe, expect, it } from 'vitest';
import { TERM_CAPS } from '../schools/term-caps.js';
import { firstRemainingTerm, gradesOfTerms, seasonsOfLabel } from './plan-terms.js';

const HS = ['9th Grade', '10th Grade', '11th Grade', '12th Grade'];

describe('plan terms', () => {
  it('finds the first remaining term from the grade', () => {
    expect(firstRemainingTerm(HS, 10)).toBe(1);
    expect(firstRemainingTerm(HS, 9)).toBe(0);
    expect(firstRemainingTerm(HS, 12)).toBe(3);
    expect(firstRemainingTerm(['Year A', 'Year B', 'Year C', 'Year D'], 11)).toBe(2);
    expect(firstRemainingTerm(HS, null)).toBe(0);
    expect(firstRemainingTerm(HS, 8)).toBe(0);
    expect(firstRemainingTerm(['1st Year', '2nd Year'], 11)).toBe(0);
  });

  it('reads seasons and grades from the labels', () => {
    expect(seasonsOfLabel('Fall 2026')).toEqual(['fall']);
    expect(seasonsOfLabel('10th Grade')).toBeNull();
    expect(gradesOfTerms(HS, null)).toEqual([9, 10, 11, 12]);
    expect(gradesOfTerms(['Year A', 'Year B', 'Year C', 'Year D'], null)).toEqual([9, 10, 11, 12]);
    expect(gradesOfTerms(['Fall 2026', 'Spring 2027'], 11)).toEqual([11, 11]);
  });

  it('states the caps', () => {
    expect(TERM_CAPS).toEqual({ HS: { units: 7, courses: 8 }, CLG: { units: 16, courses: 6 } });
  });
});
