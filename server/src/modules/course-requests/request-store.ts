/**
 * The course-request window of a school and the requests it collects, read and kept in SQL. Used by
 * the course-requests service, by plans (a student's change to a kept year is refused) and by plan
 * review (an approval keeps the student's requests where plan approval is on).
 *
 * Decisions:
 * - Dates are calendar days in UTC: the window is open from the start of opens_on to the end of
 *   closes_on.
 * - The close needs no scheduler: the first read or change after closes_on keeps every student's
 *   requests, under the window's row lock, so it happens once.
 * - Courses from the school's record (history) are never requests; a student approved earlier keeps
 *   the requests their counselor approved.
 * - Changing the window to another school year starts afresh (nothing kept for the new year); the
 *   same year keeps what was already kept.
 */
import type { EntityManager } from 'typeorm';
import { returnedRows } from '../../core/returned-rows.js';
import { schoolYearEndOf } from '../transcripts/term-placement.js';
import { requestTerm } from './request-terms.js';

export interface RequestWindow {
  schoolId: number;
  schoolYear: string;
  opensOn: string;
  closesOn: string;
  frozenAt: Date | null;
}

export type WindowState = 'upcoming' | 'open' | 'closed';

type Q = Pick<EntityManager, 'query'>;

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export function windowState(w: Pick<RequestWindow, 'opensOn' | 'closesOn'>, today = todayUtc()): WindowState {
  if (today < w.opensOn) return 'upcoming';
  return today > w.closesOn ? 'closed' : 'open';
}

export async function loadWindow(m: Q, schoolId: number, lock = false): Promise<RequestWindow | null> {
  const rows = await m.query(
    `SELECT school_id, school_year, to_char(opens_on, 'YYYY-MM-DD') AS opens_on, to_char(closes_on, 'YYYY-MM-DD') AS closes_on, frozen_at
       FROM course_request_windows WHERE school_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [schoolId],
  );
  if (!rows.length) return null;
  const r = rows[0];
  return { schoolId: r.school_id, schoolYear: r.school_year, opensOn: r.opens_on, closesOn: r.closes_on, frozenAt: r.frozen_at };
}

/** One request: the student, the course and the SIS term. */
export interface RequestRow {
  studentId: number;
  rosteredId: string;
  courseId: number;
  courseCode: string;
  term: string;
  alternate: boolean;
}

/** The courses students of a school plan for `schoolYear` now (all its students, or `studentIds`), not yet kept. */
export async function plannedRequests(m: Q, schoolId: number, schoolYear: string, studentIds: number[] | null = null): Promise<RequestRow[]> {
  const rows: { student_id: number; rostered_id: string; labels: string[] | null; grade: string | null; course_id: number; code: string; term: string }[] = await m.query(
    `SELECT u.id AS student_id, coalesce(nullif(u.sourced_id, ''), u.email) AS rostered_id, u.academic_year_labels AS labels, u.grade,
            sc.course_id, c.course_id AS code, sc.term
       FROM users u JOIN scheduled_courses sc ON sc.user_id = u.id JOIN courses c ON c.id = sc.course_id
      WHERE u.school_id = $1 AND u.user_type = 1 AND sc.transcript_record_id IS NULL AND ($3::int[] IS NULL OR u.id = ANY($3::int[]))
        AND NOT EXISTS (SELECT 1 FROM course_request_submissions s WHERE s.student_id = u.id AND s.school_year = $2)
      ORDER BY u.id, sc.term, sc.position, sc.id`,
    [schoolId, schoolYear, studentIds],
  );
  const currentEnd = schoolYearEndOf(new Date());
  const out: RequestRow[] = [];
  for (const r of rows) {
    const term = requestTerm(r.term, Array.isArray(r.labels) ? r.labels : [], r.grade, schoolYear, currentEnd);
    if (term !== null) out.push({ studentId: r.student_id, rosteredId: r.rostered_id, courseId: r.course_id, courseCode: r.code, term, alternate: false });
  }
  return out;
}

/** Keeps the requests of the students (all of the school's, or `studentIds`) not yet kept for `schoolYear`. */
export async function keepRequests(
  m: Q,
  schoolId: number,
  schoolYear: string,
  source: 'window_close' | 'plan_approval' | 'staff',
  studentIds: number[] | null = null,
): Promise<void> {
  const planned = await plannedRequests(m, schoolId, schoolYear, studentIds);
  await m.query(
    `INSERT INTO course_request_submissions (student_id, school_year, school_id, source)
     SELECT id, $2, $1, $3 FROM users WHERE school_id = $1 AND user_type = 1 AND ($4::int[] IS NULL OR id = ANY($4::int[]))
     ON CONFLICT DO NOTHING`,
    [schoolId, schoolYear, source, studentIds],
  );
  if (!planned.length) return;
  await m.query(
    `INSERT INTO course_requests (student_id, school_year, school_id, course_id, term, alternate)
     SELECT s, $1, $2, c, t, false FROM unnest($3::int[], $4::int[], $5::text[]) AS x(s, c, t) ON CONFLICT DO NOTHING`,
    [schoolYear, schoolId, planned.map((p) => p.studentId), planned.map((p) => p.courseId), planned.map((p) => p.term)],
  );
}

/** The school's window, with its requests kept first if it has closed since (under the window's lock). */
export async function currentWindow(m: EntityManager, schoolId: number): Promise<RequestWindow | null> {
  const seen = await loadWindow(m, schoolId);
  if (!seen || seen.frozenAt || windowState(seen) !== 'closed') return seen;
  return m.transaction(async (t) => {
    const w = await loadWindow(t, schoolId, true);
    if (!w || w.frozenAt || windowState(w) !== 'closed') return w;
    await keepRequests(t, schoolId, w.schoolYear, 'window_close');
    const [{ frozen_at }] = returnedRows<{ frozen_at: Date }>(
      await t.query(`UPDATE course_request_windows SET frozen_at = now() WHERE school_id = $1 RETURNING frozen_at`, [schoolId]),
    );
    return { ...w, frozenAt: frozen_at };
  });
}

/** The window of the student's school, and whether their requests for its school year are kept (null: no school, or no window). */
export async function studentWindow(m: EntityManager, student: { id: number; schoolId: number | null }): Promise<{ window: RequestWindow; kept: boolean } | null> {
  if (student.schoolId === null) return null;
  const w = await currentWindow(m, student.schoolId);
  if (!w) return null;
  if (w.frozenAt) return { window: w, kept: true };
  const kept = await m.query(`SELECT 1 FROM course_request_submissions WHERE student_id = $1 AND school_year = $2`, [student.id, w.schoolYear]);
  return { window: w, kept: kept.length > 0 };
}

/** The school year whose course requests a student may no longer change (kept), or null. */
export async function keptYear(m: EntityManager, student: { id: number; schoolId: number | null }): Promise<string | null> {
  const s = await studentWindow(m, student);
  return s?.kept ? s.window.schoolYear : null;
}

/**
 * Whether a plan term of the kept school year, as the SIS names it (`requestTerm`: "Fall", "Year"…),
 * holds any of the student's kept requests: the same term, a full-year request in any term of the
 * year, or any request in a full-year term.
 */
export async function holdsKeptRequests(m: Q, studentId: number, schoolYear: string, term: string): Promise<boolean> {
  const rows = await m.query(`SELECT 1 FROM course_requests WHERE student_id = $1 AND school_year = $2 AND ($3 = 'Year' OR term IN ($3, 'Year')) LIMIT 1`, [
    studentId,
    schoolYear,
    term,
  ]);
  return rows.length > 0;
}
