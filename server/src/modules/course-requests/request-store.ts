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

/**
 * The courses students of a school plan for `schoolYear` now (all its students, or `studentIds`),
 * not yet kept. Two reads: the students with their term labels (which of their terms fall in the
 * year is worked out once per student, `requestTerm`), then only the plan entries of those terms,
 * so a school's whole four-year plans are not read to find one year.
 */
export async function plannedRequests(m: Q, schoolId: number, schoolYear: string, studentIds: number[] | null = null): Promise<RequestRow[]> {
  const students: { id: number; rostered_id: string; labels: unknown; grade: string | null }[] = await m.query(
    `SELECT u.id, coalesce(nullif(u.sourced_id, ''), u.email) AS rostered_id, u.academic_year_labels AS labels, u.grade
       FROM users u
      WHERE u.school_id = $1 AND u.user_type = 1 AND ($3::int[] IS NULL OR u.id = ANY($3::int[]))
        AND NOT EXISTS (SELECT 1 FROM course_request_submissions s WHERE s.student_id = u.id AND s.school_year = $2)`,
    [schoolId, schoolYear, studentIds],
  );
  if (!students.length) return [];
  const currentEnd = schoolYearEndOf(new Date());
  const rostered = new Map<number, string>();
  // Each student's numbered terms in the year, with the SIS term each stands for.
  const termOf = new Map<string, string>();
  const pairUser: number[] = [];
  const pairTerm: string[] = [];
  for (const u of students) {
    rostered.set(u.id, u.rostered_id);
    const labels = Array.isArray(u.labels) ? (u.labels as string[]) : [];
    for (let i = 1; i <= labels.length; i++) {
      const term = requestTerm(String(i), labels, u.grade, schoolYear, currentEnd);
      if (term === null) continue;
      termOf.set(`${u.id} ${i}`, term);
      pairUser.push(u.id);
      pairTerm.push(String(i));
    }
  }
  // The numbered terms found above, and the extra terms named after the year ("2027-2028 Fall").
  const rows: { user_id: number; course_id: number; code: string; term: string }[] = await m.query(
    `SELECT sc.user_id, sc.course_id, c.course_id AS code, sc.term, sc.position, sc.id
       FROM unnest($1::int[], $2::text[]) AS x(user_id, term)
       JOIN scheduled_courses sc ON sc.user_id = x.user_id AND sc.term = x.term
       JOIN courses c ON c.id = sc.course_id
      WHERE sc.transcript_record_id IS NULL
     UNION ALL
     SELECT sc.user_id, sc.course_id, c.course_id AS code, sc.term, sc.position, sc.id
       FROM scheduled_courses sc JOIN courses c ON c.id = sc.course_id
      WHERE sc.user_id = ANY($3::int[]) AND starts_with(sc.term, $4) AND sc.transcript_record_id IS NULL
      ORDER BY 1, 4, 5, 6`,
    [pairUser, pairTerm, students.map((u) => u.id), `${schoolYear} `],
  );
  const out: RequestRow[] = [];
  for (const r of rows) {
    const term = /^\d+$/.test(r.term) ? termOf.get(`${r.user_id} ${r.term}`) : requestTerm(r.term, [], null, schoolYear, currentEnd);
    if (term === undefined || term === null) continue;
    out.push({ studentId: r.user_id, rosteredId: rostered.get(r.user_id)!, courseId: r.course_id, courseCode: r.code, term, alternate: false });
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
