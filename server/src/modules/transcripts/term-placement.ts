/**
 * Where a course from the school's record goes on the student's plan: the plan's terms are the
 * student's labels ("9th Grade" ... "12th Grade" by default, or "Fall 2025" style), the record
 * names a school year and a term. Pure: unit-tested without a database.
 *
 * Decisions (the issue says "in their term"):
 * - "Season Year" labels: the record's term read as a season (Fall, S1, Semester 1, Q1/Q2, T1:
 *   fall; Spring, S2, Semester 2, Q3/Q4, T2/T3, Winter: spring; Summer), in its calendar year
 *   (fall in the year the school year starts, spring and summer in the year it ends); a year-long
 *   course goes to the fall that starts it.
 * - Grade labels ("9th Grade", "Grade 10"): the grade level the record gives, else the student's
 *   grade now less the school years since (in 2025-2026 a 10th grader took a 2024-2025 course in
 *   9th grade).
 * - Otherwise (no label fits): an extra term named "2024-2025 Fall", shown after the others, so
 *   the course is never hidden and the student's own labels are never changed by an import.
 * - School years run from July to June (the US school and fiscal year).
 */
import { parseSeasonYear } from '../plans/plan-rules.js';
import { yearEnd } from './transcript-rows.js';

export type Season = 'fall' | 'winter' | 'spring' | 'summer' | 'year';

export function seasonOf(term: string): Season {
  const t = term.trim().toLowerCase();
  if (/summer/.test(t)) return 'summer';
  if (/winter/.test(t)) return 'winter';
  if (/fall|autumn|^s1$|sem(ester)?\s*1|^q[12]$|^t1$|first/.test(t)) return 'fall';
  if (/spring|^s2$|sem(ester)?\s*2|^q[34]$|^t[23]$|second/.test(t)) return 'spring';
  return 'year';
}

const SEASON_RANK: Record<Season, number> = { fall: 1, year: 1, winter: 2, spring: 3, summer: 4 };

/** The order of attempts: a later school year, then a later term within it, is a later attempt. */
export const attemptRank = (schoolYear: string, term: string) => yearEnd(schoolYear) * 10 + SEASON_RANK[seasonOf(term)];

/** The ending year of the school year `date` falls in (July starts a school year). */
export const schoolYearEndOf = (date: Date) => (date.getUTCMonth() >= 6 ? date.getUTCFullYear() + 1 : date.getUTCFullYear());

/** A label's grade number: "9th Grade" and "Grade 9" give 9; null for any other label. */
export function labelGrade(label: string): number | null {
  const m = /^\s*(\d{1,2})(?:st|nd|rd|th)?\s+grade\s*$/i.exec(label) ?? /^\s*grade\s+(\d{1,2})\s*$/i.exec(label);
  return m ? Number(m[1]) : null;
}

/** The student's grade level in the record's school year: the record's own, else derived from their grade now. */
export function gradeThen(record: { schoolYear: string; gradeLevel: number | null }, gradeNow: string | null, currentYearEnd: number): number | null {
  if (record.gradeLevel !== null) return record.gradeLevel;
  if (!gradeNow || !/^\d{1,2}$/.test(gradeNow.trim())) return null;
  return Number(gradeNow) - (currentYearEnd - yearEnd(record.schoolYear));
}

/** The term value (1-based label position as text, or an extra term's name) for a record. */
export function placeTerm(
  labels: readonly string[],
  gradeNow: string | null,
  record: { schoolYear: string; term: string; gradeLevel: number | null },
  currentYearEnd: number,
): string {
  const season = seasonOf(record.term);
  const end = yearEnd(record.schoolYear);
  const calendarYear = season === 'fall' || season === 'year' ? end - 1 : end;
  const labelSeason = season === 'year' ? 3 : season === 'fall' ? 3 : season === 'summer' ? 2 : 1;
  const bySeason = labels.findIndex((l) => {
    const p = parseSeasonYear(l);
    return p !== null && p.year === calendarYear && p.season === labelSeason;
  });
  if (bySeason >= 0) return String(bySeason + 1);
  const grade = gradeThen(record, gradeNow, currentYearEnd);
  if (grade !== null) {
    const byGrade = labels.findIndex((l) => labelGrade(l) === grade);
    if (byGrade >= 0) return String(byGrade + 1);
  }
  return `${record.schoolYear} ${record.term}`.slice(0, 60);
}
