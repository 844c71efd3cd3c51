/**
 * Course demand for the master schedule: per course, how many students requested it, by the grade
 * they will be in that school year, and the sections needed at the school's class size. Pure:
 * unit-tested without a database; the service gives it the year's requests (kept and live).
 *
 * Decisions:
 * - A student counts once per course, whatever the terms they asked it in; a student who asked it
 *   only as an alternate counts among the alternates, not the requests (a section is built for the
 *   first choices).
 * - The grade is the one the student will be in that year: their grade now plus the years until
 *   then (a grade that is not a number, e.g. "K", is taken as it is; none: "").
 * - Sections: the requests divided by the class size, rounded up (no request: none).
 * - Courses by code (code-point order, the same on every machine); grades by number, then text.
 */
import { yearEnd } from '../transcripts/transcript-rows.js';

export interface DemandRequest {
  studentId: number;
  courseId: number;
  alternate: boolean;
}

export interface DemandCourse {
  courseId: number;
  courseCode: string;
  title: string;
  /** Students with a first-choice request. */
  requested: number;
  /** Students who asked it only as an alternate. */
  alternates: number;
  byGrade: { grade: string; count: number }[];
  sections: number;
}

export interface CourseDemand {
  schoolYear: string;
  classSize: number;
  /** Every grade that appears, in order: the columns of the table. */
  grades: string[];
  courses: DemandCourse[];
}

export const DEFAULT_CLASS_SIZE = 30;
export const MAX_CLASS_SIZE = 200;

/** The grade a student will be in during `schoolYear`, from their grade now. */
export function gradeIn(gradeNow: string | null, schoolYear: string, currentYearEnd: number): string {
  const g = (gradeNow ?? '').trim();
  if (!/^\d{1,2}$/.test(g)) return g;
  return String(Number(g) + (yearEnd(schoolYear) - currentYearEnd));
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byGrade = (a: string, b: string) => {
  const na = /^\d+$/.test(a) ? Number(a) : NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return byText(a, b);
};

export function courseDemand(
  schoolYear: string,
  classSize: number,
  requests: readonly DemandRequest[],
  gradeOf: ReadonlyMap<number, string>,
  courses: ReadonlyMap<number, { code: string; title: string }>,
): CourseDemand {
  // Per course: each student's best request (a first choice wins over an alternate).
  const perCourse = new Map<number, Map<number, boolean>>();
  for (const r of requests) {
    let students = perCourse.get(r.courseId);
    if (!students) perCourse.set(r.courseId, (students = new Map()));
    const firstChoice = students.get(r.studentId) === true || !r.alternate;
    students.set(r.studentId, firstChoice);
  }
  const grades = new Set<string>();
  const out: DemandCourse[] = [];
  for (const [courseId, students] of perCourse) {
    const counts = new Map<string, number>();
    let requested = 0;
    let alternates = 0;
    for (const [studentId, firstChoice] of students) {
      if (!firstChoice) {
        alternates++;
        continue;
      }
      requested++;
      const g = gradeOf.get(studentId) ?? '';
      grades.add(g);
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    const course = courses.get(courseId) ?? { code: '', title: '' };
    out.push({
      courseId,
      courseCode: course.code,
      title: course.title,
      requested,
      alternates,
      byGrade: [...counts].map(([grade, count]) => ({ grade, count })).sort((a, b) => byGrade(a.grade, b.grade)),
      sections: Math.ceil(requested / classSize),
    });
  }
  out.sort((a, b) => byText(a.courseCode, b.courseCode) || a.courseId - b.courseId);
  return { schoolYear, classSize, grades: [...grades].sort(byGrade), courses: out };
}

/** The students behind a number: those who asked `courseId` (first choice; `alternates`: only as an alternate), of `grade` when given. */
export function demandStudentIds(
  requests: readonly DemandRequest[],
  gradeOf: ReadonlyMap<number, string>,
  courseId: number,
  grade: string | null,
  alternates: boolean,
): number[] {
  const best = new Map<number, boolean>();
  for (const r of requests) if (r.courseId === courseId) best.set(r.studentId, best.get(r.studentId) === true || !r.alternate);
  return [...best]
    .filter(([id, firstChoice]) => firstChoice !== alternates && (grade === null || (gradeOf.get(id) ?? '') === grade))
    .map(([id]) => id)
    .sort((a, b) => a - b);
}
