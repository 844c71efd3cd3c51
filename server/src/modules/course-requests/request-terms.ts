/**
 * Which terms of a student's plan fall in a school year: the courses planned there are the
 * student's course requests for that year. Pure: unit-tested without a database.
 *
 * Decisions (the reverse of modules/transcripts/term-placement.ts):
 * - "Season Year" labels: Fall of the year the school year starts, Spring and Summer of the year it
 *   ends; the request's term is the season ("Fall", "Spring", "Summer").
 * - Grade labels ("10th Grade", "Grade 10"): the label of the grade the student will be in that
 *   year (their grade now plus the years until then); the request's term is "Year" (full year),
 *   since such a plan does not say which semester.
 * - An extra term named "2027-2028 Fall" (how the transcript import names terms no label fits):
 *   the text after the school year.
 * - Any other label is in no school year.
 */
import { parseSeasonYear } from '../plans/plan-rules.js';
import { labelGrade } from '../transcripts/term-placement.js';
import { yearEnd } from '../transcripts/transcript-rows.js';

const SEASON_NAMES: Record<number, string> = { 1: 'Spring', 2: 'Summer', 3: 'Fall' };

/** The SIS term of a plan term value (1-based label position as text, or an extra term's name) in `schoolYear`; null: another year. */
export function requestTerm(term: string, labels: readonly string[], gradeNow: string | null, schoolYear: string, currentYearEnd: number): string | null {
  const end = yearEnd(schoolYear);
  if (!/^\d+$/.test(term)) return term.startsWith(`${schoolYear} `) ? term.slice(schoolYear.length + 1) || 'Year' : null;
  const label = labels[Number(term) - 1];
  if (label === undefined) return null;
  const season = parseSeasonYear(label);
  if (season) {
    const calendarYear = season.season === 3 ? end - 1 : end;
    return season.year === calendarYear ? (SEASON_NAMES[season.season] ?? null) : null;
  }
  const grade = labelGrade(label);
  if (grade === null || !gradeNow || !/^\d{1,2}$/.test(gradeNow.trim())) return null;
  return grade === Number(gradeNow) + (end - currentYearEnd) ? 'Year' : null;
}
