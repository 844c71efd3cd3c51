import { describe, expect, it } from 'vitest';
import { checkRow, matchHeader, parseSchoolYear, type RawRow } from './transcript-rows.js';
import { placeTerm, seasonOf } from './term-placement.js';

const raw = (o: Partial<RawRow>): RawRow => ({
  student_id: 'S1',
  email: '',
  course_code: 'ENG1',
  school_year: '2024-2025',
  term: 'Fall',
  grade: '',
  units_earned: '',
  status: '',
  grade_level: '',
  ...o,
});

describe('transcript rows', () => {
  it('matches SIS header names case aside and names the required columns missing', () => {
    expect(matchHeader(['Student Number', 'COURSE-CODE', 'School_Year', 'Semester', 'Letter Grade']).index).toEqual({
      student_id: 0,
      course_code: 1,
      school_year: 2,
      term: 3,
      grade: 4,
    });
    expect(matchHeader(['grade', 'credits']).missing).toEqual(['student_id (or email)', 'course_code', 'school_year', 'term']);
  });

  it('reads school years in their usual spellings and refuses the rest', () => {
    expect(['2024-2025', '2024-25', '2024/25', '2025', '1999-00', '2024–2025'].map(parseSchoolYear)).toEqual([
      '2024-2025',
      '2024-2025',
      '2024-2025',
      '2024-2025',
      '1999-2000',
      '2024-2025',
    ]);
    expect(['2024-2026', '24-25', 'last year', '2024-', '9999'].map(parseSchoolYear)).toEqual([null, null, null, null, null]);
  });

  it('refuses hostile and broken values with a reason code', () => {
    const reason = (o: Partial<RawRow>) => {
      const r = checkRow(5, raw(o));
      return 'issue' in r ? r.issue.reason : 'ok';
    };
    expect(reason({})).toBe('ok');
    expect(reason({ student_id: '' })).toBe('TRANSCRIPT_ROW_STUDENT_REQUIRED');
    expect(reason({ grade: 'A\u0000' })).toBe('TRANSCRIPT_ROW_FIELD_TOO_LONG');
    expect(reason({ course_code: 'x'.repeat(201) })).toBe('TRANSCRIPT_ROW_FIELD_TOO_LONG');
    expect(reason({ units_earned: '1e3' })).toBe('TRANSCRIPT_ROW_UNITS_INVALID');
    expect(reason({ units_earned: '-1' })).toBe('TRANSCRIPT_ROW_UNITS_INVALID');
    expect(reason({ status: 'graduated' })).toBe('TRANSCRIPT_ROW_STATUS_INVALID');
    expect(reason({ grade_level: '13' })).toBe('TRANSCRIPT_ROW_GRADE_LEVEL_INVALID');
    expect(reason({ term: 't'.repeat(41) })).toBe('TRANSCRIPT_ROW_TERM_REQUIRED');
    const ok = checkRow(2, raw({ status: 'In Progress', grade_level: 'Ninth grade', units_earned: '2.5' }));
    expect(ok).toEqual({
      row: {
        line: 2,
        studentId: 'S1',
        email: '',
        courseCode: 'ENG1',
        schoolYear: '2024-2025',
        term: 'Fall',
        gradeLevel: 9,
        grade: '',
        unitsEarned: 2.5,
        status: 'in_progress',
      },
    });
  });
});

describe('placing a record on the plan', () => {
  it('finds the season label, else the grade label, else names an extra term', () => {
    expect(['S1', 'Semester 2', 'Q3', 'Summer School', 'Full Year'].map(seasonOf)).toEqual(['fall', 'spring', 'spring', 'summer', 'year']);
    const seasons = ['Fall 2024', 'Spring 2025', 'Fall 2025'];
    expect(placeTerm(seasons, '10', { schoolYear: '2024-2025', term: 'S2', gradeLevel: null }, 2026)).toBe('2');
    expect(placeTerm(seasons, '10', { schoolYear: '2025-2026', term: 'Year', gradeLevel: null }, 2026)).toBe('3');
    const grades = ['9th Grade', '10th Grade', '11th Grade', '12th Grade'];
    // In 2025-2026 a 10th grader took 2024-2025 courses in 9th grade; a given grade level wins.
    expect(placeTerm(grades, '10', { schoolYear: '2024-2025', term: 'Fall', gradeLevel: null }, 2026)).toBe('1');
    expect(placeTerm(grades, '10', { schoolYear: '2024-2025', term: 'Fall', gradeLevel: 11 }, 2026)).toBe('3');
    expect(placeTerm(grades, '10', { schoolYear: '2020-2021', term: 'Fall', gradeLevel: null }, 2026)).toBe('2020-2021 Fall');
    expect(placeTerm(['1st Year', '2nd Year'], null, { schoolYear: '2024-2025', term: 'Fall', gradeLevel: null }, 2026)).toBe('2024-2025 Fall');
  });
});
