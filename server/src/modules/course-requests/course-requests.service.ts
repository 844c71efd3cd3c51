/**
 * Course requests for the next school year (issue: "course requests out"). A school's staff set
 * its request window (a school setting: the school year and its open and close dates); while it is
 * open, the courses each student plans in that year's terms are their requests; at its close, or
 * when the counselor approves the student's plan where plan approval is on, they are kept as
 * submitted (course_requests) and from then on a student's change to that year is refused
 * (COURSE_REQUESTS_CLOSED). Staff list the requests (paged, for scripts) and export them as a CSV
 * for the SIS. See request-store.ts for when requests are kept, request-terms.ts for which plan
 * terms fall in the year.
 *
 * Decisions:
 * - Staff act on their school of record only (like the school's other settings); an API token of
 *   a staff member acts as that member.
 * - Before the window opens there are no requests; while it is open the list is read live from the
 *   plans (a student whose plan was approved shows their kept requests); after it closes, the kept
 *   ones.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, because, notFound } from '../../core/errors.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { can } from './course-requests.policy.js';
import { isSchoolYear, type RequestWindowInput, type StaffRequestsInput } from './request-window-input.js';
import { parseId } from '../../core/ids.js';
import { keepRequests } from './request-store.js';
import { currentWindow, plannedRequests, studentWindow, windowState, type RequestRow, type RequestWindow, type WindowState } from './request-store.js';
import { schoolYearEndOf } from '../transcripts/term-placement.js';
import { yearEnd } from '../transcripts/transcript-rows.js';
import { EXPORT_LAYOUT_MESSAGES, exportCell, writeExport, type ExportColumn, type ExportLayoutInput } from './export-layouts.js';
import { courseDemand, demandStudentIds, gradeIn, type CourseDemand } from './course-demand.js';

export const COURSE_REQUEST_MESSAGES = {
  yearInvalid: 'COURSE_REQUEST_YEAR_INVALID',
  noWindow: 'COURSE_REQUEST_WINDOW_NONE',
  pageSize: 'COURSE_REQUEST_PAGE_SIZE',
  studentNotFound: 'TRANSCRIPT_STUDENT_NOT_FOUND',
  courseNotFound: 'COURSE_NOT_FOUND',
  gradeInvalid: 'COURSE_DEMAND_GRADE_INVALID',
} as const;

export interface RequestWindowView extends RequestWindow {
  state: WindowState;
}

/** A student's view of their school's window: its year, dates and state, and whether their own requests are kept. */
export interface OwnRequestWindowView {
  schoolYear: string;
  opensOn: string;
  closesOn: string;
  state: WindowState;
  /** Kept as submitted (the window closed, their plan was approved, or staff set them): only staff change them. */
  kept: boolean;
}

export interface CourseRequestView extends RequestRow {
  schoolYear: string;
  /** Kept as submitted (at the close or on approval), or read live from the plan. */
  kept: boolean;
}

export const MAX_PAGE = 1000;
/** The SIS export's columns, in order (issue 33): the generic layout (export-layouts.ts). */
export const EXPORT_COLUMNS = ['student_id', 'course_code', 'school_year', 'term', 'alternate'] as const;

/** A student behind a demand number. */
export interface DemandStudentView {
  studentId: number;
  name: string;
  rosteredId: string;
  grade: string;
}

export class CourseRequestsService {
  constructor(private readonly db: DataSource) {}

  /** Staff: the request window of their school of record (null: none set). */
  async window(ctx: RequestContext): Promise<RequestWindowView | null> {
    const caller = authorize(ctx, can, 'read', null);
    const schoolId = authorize(ctx, can, 'read', { schoolId: caller.user.schoolId }).user.schoolId!;
    const w = await currentWindow(this.db.manager, schoolId);
    return w && { ...w, state: windowState(w) };
  }

  /**
   * A student (or a parent or staff member viewing as them): their school's window when it collects
   * a school year still to come, with whether their requests are kept. Null when there is none, for
   * a window of this year or a past one (no news), and for anyone but a student.
   */
  async ownWindow(ctx: RequestContext): Promise<OwnRequestWindowView | null> {
    const caller = requireCaller(ctx);
    if (!permits(caller, can, 'readOwn', null)) return null;
    const s = await studentWindow(this.db.manager, { id: caller.user.id, schoolId: caller.user.schoolId });
    if (!s || yearEnd(s.window.schoolYear) <= schoolYearEndOf(new Date())) return null;
    const { schoolYear, opensOn, closesOn } = s.window;
    return { schoolYear, opensOn, closesOn, state: windowState(s.window), kept: s.kept };
  }

  /** Staff: sets their school's window. Another school year starts afresh; the same year keeps what was kept. */
  async setWindow(ctx: RequestContext, checked: Checked<RequestWindowInput>): Promise<RequestWindowView> {
    const caller = authorize(ctx, can, 'setWindow', null);
    const schoolId = authorize(ctx, can, 'setWindow', { schoolId: caller.user.schoolId }).user.schoolId!;
    const input = valid(checked);
    await this.db.query(
      `INSERT INTO course_request_windows (school_id, school_year, opens_on, closes_on, updated_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (school_id) DO UPDATE SET opens_on = EXCLUDED.opens_on, closes_on = EXCLUDED.closes_on, updated_by = EXCLUDED.updated_by, updated_at = now(),
         school_year = EXCLUDED.school_year,
         frozen_at = CASE WHEN course_request_windows.school_year = EXCLUDED.school_year THEN course_request_windows.frozen_at END`,
      [schoolId, input.schoolYear, input.opensOn, input.closesOn, caller.user.id],
    );
    const w = (await currentWindow(this.db.manager, schoolId))!;
    return { ...w, state: windowState(w) };
  }

  /** Staff: every request of their school for `schoolYear` (default: the window's), ordered by student then course. */
  private async all(ctx: RequestContext, rawYear: unknown): Promise<{ schoolYear: string; rows: CourseRequestView[] }> {
    const caller = authorize(ctx, can, 'read', null);
    const schoolId = authorize(ctx, can, 'read', { schoolId: caller.user.schoolId }).user.schoolId!;
    const w = await currentWindow(this.db.manager, schoolId);
    const schoolYear = rawYear === undefined || rawYear === null || rawYear === '' ? w?.schoolYear : rawYear;
    if (schoolYear === undefined) throw notFound(because(COURSE_REQUEST_MESSAGES.noWindow));
    if (typeof schoolYear !== 'string' || !isSchoolYear(schoolYear)) throw badInput(because(COURSE_REQUEST_MESSAGES.yearInvalid));
    const kept: CourseRequestView[] = (
      await this.db.query(
        `SELECT r.student_id, coalesce(nullif(u.sourced_id, ''), u.email) AS rostered_id, r.course_id, c.course_id AS code, r.term, r.alternate
           FROM course_requests r JOIN users u ON u.id = r.student_id JOIN courses c ON c.id = r.course_id
          WHERE r.school_id = $1 AND r.school_year = $2`,
        [schoolId, schoolYear],
      )
    ).map((r: Record<string, unknown>) => ({
      studentId: r.student_id as number,
      rosteredId: r.rostered_id as string,
      courseId: r.course_id as number,
      courseCode: r.code as string,
      term: r.term as string,
      alternate: r.alternate as boolean,
      schoolYear,
      kept: true,
    }));
    const live = w && w.schoolYear === schoolYear && !w.frozenAt && windowState(w) === 'open' ? await plannedRequests(this.db.manager, schoolId, schoolYear) : [];
    const rows = [...kept, ...live.map((r) => ({ ...r, schoolYear, kept: false }))];
    // Code-point order: the same on every machine, whatever its locale.
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    rows.sort((a, b) => a.studentId - b.studentId || byText(a.courseCode, b.courseCode) || byText(a.term, b.term));
    return { schoolYear, rows };
  }

  /**
   * Staff: a student's requests for the window's school year, replaced by `requests` and kept
   * (the student may change them no more). A student of another school is not found; a course
   * outside the school's catalogue is not found.
   */
  async setStudentRequests(ctx: RequestContext, rawStudentId: unknown, checked: Checked<StaffRequestsInput>): Promise<CourseRequestView[]> {
    const caller = authorize(ctx, can, 'changeRequests', null);
    const schoolId = authorize(ctx, can, 'changeRequests', { schoolId: caller.user.schoolId }).user.schoolId!;
    const studentId = parseId(rawStudentId, 'student');
    const { requests } = valid(checked);
    const w = await currentWindow(this.db.manager, schoolId);
    if (!w) throw notFound(because(COURSE_REQUEST_MESSAGES.noWindow));
    const student = await this.db.query(`SELECT 1 FROM users WHERE id = $1 AND school_id = $2 AND user_type = 1`, [studentId, schoolId]);
    if (!student.length) throw notFound(because(COURSE_REQUEST_MESSAGES.studentNotFound));
    const courseIds = requests.map((r) => r.courseId);
    const known = await this.db.query(`SELECT id FROM courses WHERE id = ANY($1::int[]) AND school_id = $2`, [courseIds, schoolId]);
    if (known.length !== courseIds.length) throw notFound(because(COURSE_REQUEST_MESSAGES.courseNotFound));
    await this.db.transaction(async (m) => {
      await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [studentId]);
      await keepRequests(m, schoolId, w.schoolYear, 'staff', [studentId]);
      await m.query(`DELETE FROM course_requests WHERE student_id = $1 AND school_year = $2`, [studentId, w.schoolYear]);
      if (requests.length)
        await m.query(
          `INSERT INTO course_requests (student_id, school_year, school_id, course_id, term, alternate, changed_by)
           SELECT $1, $2, $3, c, t, a, $4 FROM unnest($5::int[], $6::text[], $7::boolean[]) AS x(c, t, a)`,
          [studentId, w.schoolYear, schoolId, caller.user.id, courseIds, requests.map((r) => r.term), requests.map((r) => r.alternate)],
        );
    });
    return (await this.all(ctx, w.schoolYear)).rows.filter((r) => r.studentId === studentId);
  }

  /** Staff: a page of the requests (`pageSize` 1..1000, an opaque cursor). */
  async list(
    ctx: RequestContext,
    rawYear: unknown,
    rawPageSize: unknown,
    cursor: unknown,
  ): Promise<{ schoolYear: string; count: number; next: string | null; results: CourseRequestView[] }> {
    const { schoolYear, rows } = await this.all(ctx, rawYear);
    const size = rawPageSize === undefined || rawPageSize === null || rawPageSize === '' ? 100 : Number(rawPageSize);
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE) throw badInput(because(COURSE_REQUEST_MESSAGES.pageSize, { max: MAX_PAGE }));
    const offset = decodeCursor(typeof cursor === 'string' ? cursor : null);
    const results = rows.slice(offset, offset + size);
    return { schoolYear, count: rows.length, next: offset + size < rows.length ? encodeCursor(offset + size) : null, results };
  }

  /** Staff: the SIS export in a layout (export-layouts.ts), CRLF line ends as RFC 4180 writes them. */
  async exportCsv(ctx: RequestContext, rawYear: unknown, checkedLayout: Checked<ExportLayoutInput>): Promise<{ schoolYear: string; layout: string; csv: string }> {
    let layout = valid(checkedLayout);
    const { schoolYear, rows } = await this.all(ctx, rawYear);
    if (layout.saved) {
      const columns = await this.savedColumns(requireCaller(ctx).user.schoolId!);
      if (!columns) throw badInput(because(EXPORT_LAYOUT_MESSAGES.columnsNone));
      layout = { ...layout, columns };
    }
    return { schoolYear, layout: layout.layout, csv: writeExport(layout, rows) };
  }

  /** Staff: their school's saved export columns (null: none saved). */
  async exportColumns(ctx: RequestContext): Promise<ExportColumn[] | null> {
    const caller = authorize(ctx, can, 'read', null);
    const schoolId = authorize(ctx, can, 'read', { schoolId: caller.user.schoolId }).user.schoolId!;
    return this.savedColumns(schoolId);
  }

  /** Staff: saves their school's export columns (checked as the export's `columns` is), or clears them with null. */
  async setExportColumns(ctx: RequestContext, checked: Checked<ExportColumn[] | null>): Promise<ExportColumn[] | null> {
    const caller = authorize(ctx, can, 'setWindow', null);
    const schoolId = authorize(ctx, can, 'setWindow', { schoolId: caller.user.schoolId }).user.schoolId!;
    const columns = valid(checked);
    await this.db.query(`UPDATE schools SET course_request_columns = $2::jsonb WHERE id = $1`, [
      schoolId,
      columns && JSON.stringify(columns.map(({ field, header }) => ({ field, header }))),
    ]);
    return columns;
  }

  private async savedColumns(schoolId: number): Promise<ExportColumn[] | null> {
    const [row]: { columns: ExportColumn[] | null }[] = await this.db.query(`SELECT course_request_columns AS columns FROM schools WHERE id = $1`, [schoolId]);
    return row?.columns ?? null;
  }

  /** Staff: sets their school's class size, the one the demand report divides by. */
  async setClassSize(ctx: RequestContext, checked: Checked<number>): Promise<number> {
    const caller = authorize(ctx, can, 'setWindow', null);
    const schoolId = authorize(ctx, can, 'setWindow', { schoolId: caller.user.schoolId }).user.schoolId!;
    const size = valid(checked);
    await this.db.query(`UPDATE schools SET course_request_class_size = $2 WHERE id = $1`, [schoolId, size]);
    return size;
  }

  /** The year's requests with what the demand report needs: each student's grade that year, the courses' codes and titles, the class size. */
  private async demandInputs(ctx: RequestContext, rawYear: unknown) {
    const { schoolYear, rows } = await this.all(ctx, rawYear);
    const schoolId = requireCaller(ctx).user.schoolId!;
    const studentIds = [...new Set(rows.map((r) => r.studentId))];
    const courseIds = [...new Set(rows.map((r) => r.courseId))];
    const [[school], students, courses] = await Promise.all([
      this.db.query(`SELECT course_request_class_size AS size FROM schools WHERE id = $1`, [schoolId]),
      this.db.query(
        `SELECT id, grade, trim(first_name || ' ' || last_name) AS name, coalesce(nullif(sourced_id, ''), email) AS rostered_id
           FROM users WHERE id = ANY($1::int[]) AND school_id = $2`,
        [studentIds, schoolId],
      ),
      this.db.query(`SELECT id, course_id AS code, title FROM courses WHERE id = ANY($1::int[])`, [courseIds]),
    ]);
    const currentEnd = schoolYearEndOf(new Date());
    const gradeOf = new Map<number, string>(students.map((u: { id: number; grade: string | null }) => [u.id, gradeIn(u.grade, schoolYear, currentEnd)]));
    const people = new Map<number, { name: string; rosteredId: string }>(
      students.map((u: { id: number; name: string; rostered_id: string }) => [u.id, { name: u.name, rosteredId: u.rostered_id }]),
    );
    const courseOf = new Map<number, { code: string; title: string }>(
      courses.map((c: { id: number; code: string; title: string }) => [c.id, { code: c.code, title: c.title }]),
    );
    return { schoolYear, rows, classSize: Number(school.size), gradeOf, people, courseOf };
  }

  /** Staff: the course demand of their school for `schoolYear` (default: the window's). */
  async demand(ctx: RequestContext, rawYear: unknown): Promise<CourseDemand> {
    const d = await this.demandInputs(ctx, rawYear);
    return courseDemand(d.schoolYear, d.classSize, d.rows, d.gradeOf, d.courseOf);
  }

  /** Staff: the demand report as a CSV: course_code, course_title, requested, one column per grade (grade_10…), alternates, sections. */
  async demandCsv(ctx: RequestContext, rawYear: unknown): Promise<{ schoolYear: string; csv: string }> {
    const d = await this.demand(ctx, rawYear);
    const header = ['course_code', 'course_title', 'requested', ...d.grades.map((g) => (g === '' ? 'grade_unknown' : `grade_${g}`)), 'alternates', 'sections'];
    const lines = [
      header.map(exportCell).join(','),
      ...d.courses.map((c) => {
        const byGrade = new Map(c.byGrade.map((g) => [g.grade, g.count]));
        return [c.courseCode, c.title, String(c.requested), ...d.grades.map((g) => String(byGrade.get(g) ?? 0)), String(c.alternates), String(c.sections)]
          .map(exportCell)
          .join(',');
      }),
    ];
    return { schoolYear: d.schoolYear, csv: lines.join('\r\n') + '\r\n' };
  }

  /**
   * Staff: the students behind a demand number: those who requested `courseId` (of `grade` when
   * given; with `alternates`, those who asked it only as an alternate), by name. A course nobody
   * requested answers an empty list, a course that does not exist a 404; a malformed id or grade is a 400.
   */
  async demandStudents(ctx: RequestContext, rawYear: unknown, rawCourseId: unknown, rawGrade: unknown, rawAlternates: unknown): Promise<DemandStudentView[]> {
    const caller = authorize(ctx, can, 'read', null);
    authorize(ctx, can, 'read', { schoolId: caller.user.schoolId });
    const courseId = parseId(rawCourseId, 'course');
    const grade = rawGrade === undefined || rawGrade === null ? null : rawGrade;
    if (grade !== null && (typeof grade !== 'string' || grade.length > 10 || !/^[A-Za-z0-9 ]*$/.test(grade)))
      throw badInput(because(COURSE_REQUEST_MESSAGES.gradeInvalid));
    const alternates = rawAlternates === true || rawAlternates === 'true';
    if (rawAlternates !== undefined && rawAlternates !== null && !alternates && rawAlternates !== false && rawAlternates !== 'false')
      throw badInput(because('INVALID_INPUT', { field: 'alternates' }));
    const d = await this.demandInputs(ctx, rawYear);
    if (!d.courseOf.has(courseId) && !(await this.db.query(`SELECT 1 FROM courses WHERE id = $1`, [courseId])).length) {
      throw notFound(because(COURSE_REQUEST_MESSAGES.courseNotFound));
    }
    return demandStudentIds(d.rows, d.gradeOf, courseId, grade, alternates)
      .map((id) => ({ studentId: id, name: d.people.get(id)?.name ?? '', rosteredId: d.people.get(id)?.rosteredId ?? '', grade: d.gradeOf.get(id) ?? '' }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.studentId - b.studentId));
  }
}
