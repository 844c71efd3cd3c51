/**
 * The append-only access log of student records: who read or disclosed which student's record,
 * what, when and why. Rows are only ever inserted (a database trigger refuses UPDATE, DELETE and
 * TRUNCATE: migrations/1732300000800-AccessLog.ts).
 *
 * Written by: view-as starts (staff and parents), plan PDF exports, consent viewer opens and
 * exports, staff reads of applications and transcripts, staff contract downloads, student
 * data deletion, the caseload (one row per student shown on a page or exported), and staff reads of
 * a plan review (plan-review/plan-review.service.ts). Read by:
 * staff of the student's school (their accessible schools), filtered by student, actor, action
 * and date range, newest first, paginated. Rows are written by `recordAccess` (record-access.ts).
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { authorize } from '../../core/policy.js';
import { can } from './access-log.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import type { AccessLogFilter } from './access-log-input.js';
import type { SchoolsService } from '../schools/schools.service.js';

export interface AccessLogRow {
  id: string;
  createdAt: Date;
  action: string;
  reason: string;
  studentId: number;
  studentName: string | null;
  actorUserId: number | null;
  actorName: string | null;
  /** On a view-as token: the account the actor was acting as (the student); else null. */
  actingUserId: number | null;
  actingName: string | null;
}

export interface AccessLogPage {
  rows: AccessLogRow[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export class AccessLogService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

  /** Staff: their schools' log, newest first. Unknown filters are refused with a message. */
  async list(ctx: RequestContext, checked: Checked<AccessLogFilter>): Promise<AccessLogPage> {
    const caller = authorize(ctx, can, 'view', null);
    const f = valid(checked);
    const schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    if (!schoolIds.length) return { rows: [], totalCount: 0, endCursor: null, hasNextPage: false };
    const where = ['a.school_id = ANY($1)'];
    const params: unknown[] = [schoolIds];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    if (f.student_id) add('a.student_id = ?', f.student_id);
    if (f.actor_id) add('a.actor_user_id = ?', f.actor_id);
    if (f.action) add('a.action = ?', f.action);
    if (f.from) add(`a.created_at >= ?::date`, f.from);
    if (f.to) add(`a.created_at < ?::date + 1`, f.to);
    const like = (v: string) => `%${v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Deleted people keep their rows but no longer match a name search (their names are gone).
    const person = (column: string) => `${column} IN (SELECT id FROM users WHERE lower(first_name || ' ' || last_name) LIKE ? OR lower(email) LIKE ?)`;
    if (f.student) add(person('a.student_id'), like(f.student));
    if (f.actor) add(person('a.actor_user_id'), like(f.actor));
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM student_record_access a WHERE ${where.join(' AND ')}`, params);
    if (f.after) add('a.id < ?', f.after);
    const first = f.first ?? 50;
    params.push(first + 1);
    const rows: AccessLogRow[] = await this.db.query(
      `SELECT a.id::text AS id, a.created_at AS "createdAt", a.action, a.reason, a.student_id AS "studentId", a.actor_user_id AS "actorUserId", a.acting_user_id AS "actingUserId",
              NULLIF(trim(g.first_name || ' ' || g.last_name), '') AS "actingName",
              NULLIF(trim(s.first_name || ' ' || s.last_name), '') AS "studentName", NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS "actorName"
         FROM student_record_access a
         LEFT JOIN users s ON s.id = a.student_id
         LEFT JOIN users u ON u.id = a.actor_user_id
         LEFT JOIN users g ON g.id = a.acting_user_id
        WHERE ${where.join(' AND ')} ORDER BY a.id DESC LIMIT $${params.length}`,
      params,
    );
    const page = rows.slice(0, first);
    return { rows: page, totalCount: n, endCursor: page.length ? page[page.length - 1].id : null, hasNextPage: rows.length > first };
  }
}
