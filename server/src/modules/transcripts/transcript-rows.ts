/**
 * A transcript row: what one line of the CSV (or one Ed-Fi courseTranscript) says about one course
 * a student took, checked and normalised. Pure: unit-tested without a database.
 *
 * The CSV's columns (documented in the README; a header name is matched case aside, ignoring
 * spaces, underscores, dashes and dots, so "Course Code", "course_code" and "COURSECODE" match):
 *
 * | column         | also accepted (common SIS export names)                                          | |
 * |----------------|-----------------------------------------------------------------------------------|-|
 * | student_id     | sourcedId, student_sourced_id, student_number, student_no, studentUniqueId, sis_id, local_id, perm_id | the student's sourcedId as rostered (or their student number, where the district rosters that as sourcedId) |
 * | email          | student_email, email_address                                                        | matched when student_id is empty or absent |
 * | course_code    | course_id, course_number, course_no, course                                       | the course's code in the school's catalogue |
 * | school_year    | year, academic_year, sy                                                           | 2024-2025, 2024-25, 2024/25 or the ending year alone (2025, Ed-Fi's convention) |
 * | term           | term_name, term_code, semester, session                                           | free text: Fall, S1, Semester 2, Year... |
 * | grade          | mark, letter_grade, final_grade, final_letter_grade_earned                        | the grade earned (not the grade level) |
 * | units_earned   | units, credits, credits_earned, earned_credits                                    | a number from 0 to 100 |
 * | status         | completion_status, course_status, result, course_attempt_result                   | completed, in progress or withdrawn (see STATUS_WORDS) |
 * | grade_level    | when_taken_grade_level, grade_when_taken                                          | optional: the student's grade level then (places the course on a "9th Grade" style plan) |
 *
 * Decisions where the issue is silent:
 * - student_id or email, course_code, school_year and term are required columns; the others may
 *   be absent. Without a status a row with a grade is completed and one without is in progress.
 * - A row names the student by student_id (matched to the rostered sourcedId) when it has one,
 *   else by email; the match happens when the rows are saved, among the importer's school only.
 */
import { because, rowReason, type ReasonMessage, type RowReason } from '../../core/errors.js';

export const TRANSCRIPT_STATUSES = ['completed', 'in_progress', 'withdrawn'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

export type TranscriptColumn = 'student_id' | 'email' | 'course_code' | 'school_year' | 'term' | 'grade' | 'units_earned' | 'status' | 'grade_level';

/** Each column's accepted names, normalised (see normaliseHeader). */
export const COLUMN_NAMES: Record<TranscriptColumn, string[]> = {
  student_id: ['studentid', 'sourcedid', 'studentsourcedid', 'studentnumber', 'studentno', 'studentuniqueid', 'sisid', 'localid', 'permid'],
  email: ['email', 'studentemail', 'emailaddress'],
  course_code: ['coursecode', 'courseid', 'coursenumber', 'courseno', 'course'],
  school_year: ['schoolyear', 'year', 'academicyear', 'sy'],
  term: ['term', 'termname', 'termcode', 'semester', 'session'],
  grade: ['grade', 'mark', 'lettergrade', 'finalgrade', 'finallettergradeearned'],
  units_earned: ['unitsearned', 'units', 'credits', 'creditsearned', 'earnedcredits'],
  status: ['status', 'completionstatus', 'coursestatus', 'result', 'courseattemptresult'],
  grade_level: ['gradelevel', 'whentakengradelevel', 'gradewhentaken'],
};

/** Words of the status column (normalised), and what they mean. Ed-Fi's Pass and Fail are attempts that ended. */
export const STATUS_WORDS: Record<string, TranscriptStatus> = {
  completed: 'completed',
  complete: 'completed',
  c: 'completed',
  pass: 'completed',
  passed: 'completed',
  fail: 'completed',
  failed: 'completed',
  inprogress: 'in_progress',
  ip: 'in_progress',
  enrolled: 'in_progress',
  current: 'in_progress',
  incomplete: 'in_progress',
  withdrawn: 'withdrawn',
  withdrew: 'withdrawn',
  w: 'withdrawn',
  wd: 'withdrawn',
  dropped: 'withdrawn',
};

export const MAX_GRADE_LENGTH = 20;
export const MAX_TERM_LENGTH = 40;
export const MAX_FIELD_LENGTH = 200;

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[\s_.-]+/g, '');

export type ColumnIndex = Partial<Record<TranscriptColumn, number>>;

/** Where each column is in the header; the required ones missing, as their documented names. */
export function matchHeader(header: string[]): { index: ColumnIndex; missing: string[] } {
  const names = header.map(normaliseHeader);
  const index: ColumnIndex = {};
  for (const [column, accepted] of Object.entries(COLUMN_NAMES) as [TranscriptColumn, string[]][]) {
    // The column's own name first, then its variants in the order listed.
    for (const name of accepted) {
      const at = names.indexOf(name);
      if (at >= 0) {
        index[column] = at;
        break;
      }
    }
  }
  const missing: string[] = [];
  if (index.student_id === undefined && index.email === undefined) missing.push('student_id (or email)');
  for (const c of ['course_code', 'school_year', 'term'] as const) if (index[c] === undefined) missing.push(c);
  return { index, missing };
}

/** What a row says, once checked (staged as is, saved by the job). */
export interface TranscriptRow {
  line: number;
  studentId: string;
  email: string;
  courseCode: string;
  /** Normalised: 2024-2025. */
  schoolYear: string;
  term: string;
  gradeLevel: number | null;
  grade: string;
  unitsEarned: number | null;
  status: TranscriptStatus;
}

/** A row not saved: its line, who and what it names, and why (a reason code with its English text). */
export interface TranscriptIssue extends RowReason {
  line: number;
  student: string;
  course_code: string;
}

export function issueOf(line: number, student: string, courseCode: string, why: ReasonMessage): TranscriptIssue {
  return { line, student, course_code: courseCode, ...rowReason(why) };
}

/** 2024-2025, 2024-25, 2024/25, 2024–2025 or 2025 (the ending year) as 2024-2025; null when it is none of these. */
export function parseSchoolYear(raw: string): string | null {
  const s = raw.trim();
  let start: number;
  let end: number;
  const single = /^(\d{4})$/.exec(s);
  const pair = /^(\d{4})\s*[-/–]\s*(\d{2}|\d{4})$/.exec(s);
  if (single) {
    end = Number(single[1]);
    start = end - 1;
  } else if (pair) {
    start = Number(pair[1]);
    end = pair[2].length === 2 ? Math.floor(start / 100) * 100 + Number(pair[2]) + (Number(pair[2]) < start % 100 ? 100 : 0) : Number(pair[2]);
  } else return null;
  if (end !== start + 1 || start < 1950 || end > 2100) return null;
  return `${start}-${end}`;
}

/** The ending year of a normalised school year (2024-2025: 2025). */
export const yearEnd = (schoolYear: string) => Number(schoolYear.slice(5));

/** A grade level 1..12 (KG as 0) from text such as 9, 09, "Ninth grade" (Ed-Fi's descriptor), or null. */
const ORDINALS = ['kindergarten', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
export function parseGradeLevel(raw: string): number | null | 'invalid' {
  const s = raw.trim().toLowerCase();
  if (!s) return null;
  if (s === 'kg' || s === 'k') return 0;
  if (/^\d{1,2}$/.test(s)) {
    const n = Number(s);
    return n >= 1 && n <= 12 ? n : 'invalid';
  }
  const word = ORDINALS.findIndex((o) => s.startsWith(o));
  return word >= 0 ? word : 'invalid';
}

export const TRANSCRIPT_ROW_MESSAGES = {
  studentRequired: because('TRANSCRIPT_ROW_STUDENT_REQUIRED'),
  courseRequired: because('TRANSCRIPT_ROW_COURSE_REQUIRED'),
  year: (value: string) => because('TRANSCRIPT_ROW_YEAR_INVALID', { value }),
  termRequired: because('TRANSCRIPT_ROW_TERM_REQUIRED', { max: MAX_TERM_LENGTH }),
  status: (value: string) => because('TRANSCRIPT_ROW_STATUS_INVALID', { value }),
  units: (value: string) => because('TRANSCRIPT_ROW_UNITS_INVALID', { value }),
  grade: because('TRANSCRIPT_ROW_GRADE_TOO_LONG', { max: MAX_GRADE_LENGTH }),
  gradeLevel: (value: string) => because('TRANSCRIPT_ROW_GRADE_LEVEL_INVALID', { value }),
  tooLong: because('TRANSCRIPT_ROW_FIELD_TOO_LONG', { max: MAX_FIELD_LENGTH }),
} as const;

/** The raw values of a row, by column ('' when absent): from a CSV line or an Ed-Fi record. */
export type RawRow = Record<TranscriptColumn, string>;

/** Checks one row; the normalised row or why not. Control characters are refused with the field. */
export function checkRow(line: number, raw: RawRow, opts: { statusRequired?: boolean } = {}): { row: TranscriptRow } | { issue: TranscriptIssue } {
  const v = Object.fromEntries(Object.entries(raw).map(([k, x]) => [k, x.trim()])) as RawRow;
  const student = v.student_id || v.email;
  const fail = (why: ReasonMessage) => ({ issue: issueOf(line, student, v.course_code, why) });
  if (Object.values(v).some((x) => x.length > MAX_FIELD_LENGTH || /\p{Cc}/u.test(x))) return fail(TRANSCRIPT_ROW_MESSAGES.tooLong);
  if (!student) return fail(TRANSCRIPT_ROW_MESSAGES.studentRequired);
  if (!v.course_code) return fail(TRANSCRIPT_ROW_MESSAGES.courseRequired);
  const schoolYear = parseSchoolYear(v.school_year);
  if (!schoolYear) return fail(TRANSCRIPT_ROW_MESSAGES.year(v.school_year));
  if (!v.term || v.term.length > MAX_TERM_LENGTH) return fail(TRANSCRIPT_ROW_MESSAGES.termRequired);
  if (v.grade.length > MAX_GRADE_LENGTH) return fail(TRANSCRIPT_ROW_MESSAGES.grade);
  let unitsEarned: number | null = null;
  if (v.units_earned) {
    const n = Number(v.units_earned);
    if (!/^\d{1,3}(\.\d{1,2})?$|^\.\d{1,2}$/.test(v.units_earned) || !(n >= 0 && n <= 100)) return fail(TRANSCRIPT_ROW_MESSAGES.units(v.units_earned));
    unitsEarned = n;
  }
  let status: TranscriptStatus;
  if (v.status || opts.statusRequired) {
    const s = STATUS_WORDS[normaliseHeader(v.status)];
    if (!s) return fail(TRANSCRIPT_ROW_MESSAGES.status(v.status));
    status = s;
  } else status = v.grade ? 'completed' : 'in_progress';
  const gradeLevel = parseGradeLevel(v.grade_level);
  if (gradeLevel === 'invalid') return fail(TRANSCRIPT_ROW_MESSAGES.gradeLevel(v.grade_level));
  return {
    row: {
      line,
      studentId: v.student_id,
      email: v.student_id ? '' : v.email.toLowerCase(),
      courseCode: v.course_code,
      schoolYear,
      term: v.term,
      gradeLevel,
      grade: v.grade,
      unitsEarned,
      status,
    },
  };
}

/** The key of a record within one import: a second row with it repeats the first. */
export const recordKey = (r: TranscriptRow) =>
  JSON.stringify([r.studentId ? `id:${r.studentId}` : `email:${r.email}`, r.courseCode.toLowerCase(), r.schoolYear, r.term.toLowerCase()]);
