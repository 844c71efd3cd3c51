/** The staff's list of students: every student of the schools the staff member reaches. */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, notFound, because } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { can, STUDENT_NOT_FOUND } from './students.policy.js';
import { recordAccess } from '../access-log/record-access.js';
import { hasNul, NUL_MESSAGE } from '../../core/validation.js';
import { parseId } from '../../core/ids.js';
import { UserType } from '../accounts/user.entity.js';
import { CONSENT_FORM_STATES } from '@planner/shared';
import type { SchoolsService } from '../schools/schools.service.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';
import { studentsWithWarnings } from './student-warnings.js';

export interface StudentRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  grade: string | null;
  parentCode: string | null;
  parentConsentFormState: string | null;
  /** The community-college application status; null shows as Not Set. */
  cccApplyStatus: string | null;
  schoolId: number;
}

/** What the list shows for a missing CCCApply status; searching for it finds those students. */
export const CCC_NOT_SET = 'Not Set';

export const STUDENT_SORTS = ['first_name', 'last_name', 'email', 'grade', 'ccc_apply_status'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

export interface StudentQuery {
  search?: string | null;
  schoolId?: number | null;
  sort?: StudentSort;
  descending?: boolean;
  /** Page size, at most 500. */
  first?: number;
  /** Opaque cursor from a previous page. */
  after?: string | null;
  /** Dashboard filters: a consent-form state ('none': no form yet). */
  consentState?: string | null;
  /** Dashboard filters: a CCCApply status, case-insensitive ('Not Set' for none). */
  cccApplyStatus?: string | null;
  /** Dashboard filters: 'none' (no scheduled course) or 'warnings' (a prerequisite warning). */
  plan?: string | null;
}

/** The consent filter: a consent form state, or none (no form yet). */
export const CONSENT_FILTERS = ['none', ...CONSENT_FORM_STATES] as const;
/** The plan filter: no plan, or a plan with a prerequisite warning. */
export const PLAN_FILTERS = ['none', 'warnings'] as const;

export interface StudentPage {
  rows: StudentRow[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export const MAX_PAGE = 500;

export class StudentsService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

  /** The distinct grades of the caller's students, numerically sorted: the Export Parent Forms grade choices. */
  async grades(ctx: RequestContext): Promise<string[]> {
    const caller = authorize(ctx, can, 'list', null);
    return distinctGrades(this.db, await this.schools.accessibleSchoolIds(caller.user));
  }

  /**
   * Student data deletion (issue 11): staff of the student's school delete the student's account
   * and every record about it in one transaction — plan entries, consent forms (their signed PDFs
   * are stored in the row), the CCCApply consent, parent links, school memberships, session tokens,
   * password-reset links, messages in the outbox to the student's address or about the student, and any
   * application or transcript on the account. The access log keeps its rows (append-only) and gets
   * a 'student_deleted' row naming who deleted whom (the id; the name is gone with the account).
   *
   * Decisions: another school's staff get 404, like viewing as a student of another school (whether
   * the id exists must not leak); only student accounts can be deleted this way (a parent's or staff
   * account is not a "student record"); a dual-school application belongs to the parent's account
   * and stays with it; courses and pathways the student never owned are untouched.
   */
  async deleteStudent(ctx: RequestContext, rawId: unknown): Promise<void> {
    const caller = authorize(ctx, can, 'delete', null);
    const id = parseId(rawId, 'student');
    const schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    await this.db.transaction(async (m) => {
      const [student]: { id: number; school_id: number | null; email: string; grade: string | null }[] = await m.query(
        `SELECT id, school_id, email, grade FROM users WHERE id = $1 AND user_type = $2 FOR UPDATE`,
        [id, UserType.Student],
      );
      if (!student) throw notFound(because(STUDENT_NOT_FOUND));
      authorize(ctx, can, 'delete', { student: { schoolId: student.school_id }, reach: schoolIds });
      await recordAccess(m, caller, {
        studentId: student.id,
        schoolId: student.school_id,
        action: 'student_deleted',
        reason: 'student account and every record about them deleted by staff',
      });
      // Explicit, so nothing depends on a foreign key's ON DELETE rule; the order respects the keys.
      await m.query(`DELETE FROM transcript_files WHERE application_id IN (SELECT id FROM applications WHERE parent_id = $1)`, [id]);
      await m.query(`DELETE FROM applications WHERE parent_id = $1`, [id]);
      await m.query(`DELETE FROM scheduled_courses WHERE user_id = $1`, [id]);
      await m.query(`DELETE FROM transcript_records WHERE student_id = $1`, [id]);
      await m.query(`DELETE FROM consent_forms WHERE student_id = $1`, [id]);
      // Stored exports of the student's grade may hold a copy of the form.
      await m.query(`DELETE FROM exports WHERE school_id = $1 AND grade = $2`, [student.school_id, student.grade ?? '']);
      await m.query(`DELETE FROM cccapply_consents WHERE student_id = $1`, [id]);
      await m.query(`DELETE FROM parent_student_links WHERE student_id = $1 OR parent_id = $1`, [id]);
      await m.query(`DELETE FROM student_pathways WHERE student_id = $1`, [id]);
      await m.query(`DELETE FROM school_memberships WHERE user_id = $1`, [id]);
      await m.query(`DELETE FROM auth_tokens WHERE user_id = $1 OR acting_user_id = $1`, [id]);
      await m.query(`DELETE FROM password_resets WHERE user_id = $1`, [id]);
      // Messages to the student's address, and those about the student (a guardian's consent text).
      await m.query(`DELETE FROM outbox_messages WHERE lower(recipient) = lower($1) OR user_id = $2`, [student.email, id]);
      await m.query(`DELETE FROM users WHERE id = $1`, [id]);
    });
  }

  async list(ctx: RequestContext, q: StudentQuery): Promise<StudentPage> {
    const caller = authorize(ctx, can, 'list', null);
    let schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    if (q.schoolId !== undefined && q.schoolId !== null) schoolIds = schoolIds.filter((id) => id === q.schoolId);
    const first = q.first ?? 50;
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw badInput(because('PAGE_SIZE_RANGE', { max: MAX_PAGE }));
    const offset = decodeCursor(q.after);
    if (!schoolIds.length) return { rows: [], totalCount: 0, endCursor: null, hasNextPage: false };
    const sort = STUDENT_SORTS.includes(q.sort as StudentSort) ? (q.sort as StudentSort) : 'first_name';
    const dir = q.descending ? 'DESC' : 'ASC';
    const params: unknown[] = [schoolIds, UserType.Student];
    let where = `u.school_id = ANY($1) AND u.user_type = $2 AND u.deactivated_at IS NULL`;
    const search = (q.search ?? '').trim().toLowerCase();
    if (hasNul(search)) throw badInput(because(NUL_MESSAGE));
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` AND (lower(u.first_name) LIKE $3 OR lower(u.last_name) LIKE $3 OR lower(u.email) LIKE $3
                 OR lower(COALESCE(u.ccc_apply_status, '${CCC_NOT_SET}')) LIKE $3)`;
    }
    if (q.consentState) {
      if (!(CONSENT_FILTERS as readonly string[]).includes(q.consentState)) throw badInput(because('CONSENT_FILTER_INVALID', { filters: CONSENT_FILTERS.join(', ') }));
      params.push(q.consentState);
      where += ` AND COALESCE((SELECT state FROM consent_forms f WHERE f.student_id = u.id), 'none') = $${params.length}`;
    }
    if (q.cccApplyStatus) {
      if (hasNul(q.cccApplyStatus)) throw badInput(because(NUL_MESSAGE));
      params.push(q.cccApplyStatus.trim().toLowerCase());
      where += ` AND lower(COALESCE(NULLIF(btrim(u.ccc_apply_status), ''), '${CCC_NOT_SET}')) = $${params.length}`;
    }
    if (q.plan) {
      if (!(PLAN_FILTERS as readonly string[]).includes(q.plan)) throw badInput(because('PLAN_FILTER_INVALID', { filters: PLAN_FILTERS.join(', ') }));
      if (q.plan === 'none') where += ` AND NOT EXISTS (SELECT 1 FROM scheduled_courses sc WHERE sc.user_id = u.id)`;
      else {
        params.push([...(await studentsWithWarnings(this.db, schoolIds))]);
        where += ` AND u.id = ANY($${params.length}::int[])`;
      }
    }
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM users u WHERE ${where}`, params);
    const rows: StudentRow[] = await this.db.query(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.grade,
              u.parent_code AS "parentCode", cf.state AS "parentConsentFormState", u.ccc_apply_status AS "cccApplyStatus",
              u.school_id AS "schoolId"
         FROM users u LEFT JOIN consent_forms cf ON cf.student_id = u.id
        WHERE ${where}
        ORDER BY ${orderBy(sort, dir)}
        LIMIT ${first} OFFSET ${offset}`,
      params,
    );
    const next = offset + rows.length;
    return { rows, totalCount: count, endCursor: rows.length ? encodeCursor(next) : null, hasNextPage: next < count };
  }
}

/**
 * The ORDER BY of a sort column (never user text: the column comes from STUDENT_SORTS). Grades
 * sort as numbers ('9' before '10'), any non-numeric grade after them; ties break on id.
 */
/** Distinct grades of the students of the schools the staff member reaches, sorted numerically (export dialog). */
export async function distinctGrades(db: DataSource, schoolIds: number[]): Promise<string[]> {
  if (!schoolIds.length) return [];
  const rows: { grade: string }[] = await db.query(
    `SELECT DISTINCT grade FROM users WHERE school_id = ANY($1::int[]) AND user_type = $2 AND deactivated_at IS NULL AND grade IS NOT NULL AND btrim(grade) <> ''`,
    [schoolIds, UserType.Student],
  );
  return rows
    .map((r) => r.grade)
    .sort((a, b) => {
      const na = Number(a),
        nb = Number(b);
      if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
      return Number.isFinite(na) ? -1 : Number.isFinite(nb) ? 1 : a.localeCompare(b);
    });
}

function orderBy(sort: StudentSort, dir: 'ASC' | 'DESC'): string {
  if (sort === 'grade') {
    return `(CASE WHEN u.grade ~ '^[0-9]{1,4}$' THEN u.grade::int END) ${dir} NULLS LAST, lower(u.grade) ${dir} NULLS LAST, u.id ${dir}`;
  }
  return `lower(u.${sort}) ${dir} NULLS LAST, u.id ${dir}`;
}
