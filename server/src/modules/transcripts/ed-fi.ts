/**
 * Ed-Fi's courseTranscripts resource (Ed-Fi Data Standard v3 to v5, ODS/API
 * `/ed-fi/courseTranscripts`), as the JSON array its GET answers: each record names the course by
 * `courseReference.courseCode`, the student, year and term by `studentAcademicRecordReference`
 * (`studentUniqueId`, `schoolYear` (the ending year), `termDescriptor`), and carries
 * `courseAttemptResultDescriptor` (Pass, Fail, Incomplete, Withdrawn), `earnedCredits`,
 * `finalLetterGradeEarned` (or `finalNumericGradeEarned`) and `whenTakenGradeLevelDescriptor`.
 * Descriptors are URIs such as `uri://ed-fi.org/TermDescriptor#Fall Semester`: the code value
 * after `#` is read. A record is mapped to the same raw row as a CSV line, so the same checks and
 * the same save run on both; the "line" of a record is its 1-based position in the array.
 */
import type { RawRow } from './transcript-rows.js';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
/** A descriptor's code value: the text after '#' of its URI (the whole text when it has none). */
export const descriptorValue = (v: unknown): string => {
  const s = text(v);
  const at = s.lastIndexOf('#');
  return at >= 0 ? s.slice(at + 1) : s;
};

export function edFiRow(record: unknown): RawRow {
  const r = obj(record);
  const course = obj(r.courseReference);
  const academic = obj(r.studentAcademicRecordReference);
  const letter = text(r.finalLetterGradeEarned);
  return {
    student_id: text(academic.studentUniqueId),
    email: '',
    course_code: text(course.courseCode),
    school_year: text(academic.schoolYear),
    term: descriptorValue(academic.termDescriptor),
    grade: letter || text(r.finalNumericGradeEarned),
    units_earned: text(r.earnedCredits),
    // Required by Ed-Fi: a record without it is refused (checkRow's statusRequired).
    status: descriptorValue(r.courseAttemptResultDescriptor),
    grade_level: descriptorValue(r.whenTakenGradeLevelDescriptor),
  };
}
