/**
 * The counselor dashboard above the students list: counts of consent-form states, CCCApply
 * statuses, plan completeness (no plan, prerequisite warnings) and Dual School application
 * statuses, over the schools the staff member reaches. A fixed number of SQL statements whatever
 * the number of students: four grouped counts, and three reads for the warning rule, which is
 * the plans area's own (buildView), run per student in memory.
 *
 * Decisions: "no plan" means no scheduled course; a consent state 'none' means no form yet;
 * application statuses count the Dual School parents of those schools (the admissions page lists them).
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { authorize } from '../../core/policy.js';
import { can } from './students.policy.js';
import type { User } from '../accounts/user.entity.js';
import { APPLICATION_STATUSES, UserType } from '../accounts/user.entity.js';
import type { PlanEntry } from '../plans/plan-store.js';
import { buildView } from '../plans/plan-view.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { CCC_NOT_SET } from './students.service.js';

export interface DashboardBucket {
  key: string;
  count: number;
}

export interface StudentDashboard {
  totalStudents: number;
  consentStates: DashboardBucket[];
  cccApplyStatuses: DashboardBucket[];
  studentsWithoutPlan: number;
  studentsWithWarnings: number;
  applicationStatuses: DashboardBucket[];
}

export const CONSENT_STATES = ['none', 'admin_signed', 'student_signed', 'parent_signed', 'both_signed'] as const;

export class StudentDashboardService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

  async dashboard(ctx: RequestContext): Promise<StudentDashboard> {
    const caller = authorize(ctx, can, 'viewDashboard', null);
    const schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    const params = [schoolIds, UserType.Student];
    const [consent, ccc, plan, apps, warnings] = await Promise.all([
      this.db.query(
        `SELECT COALESCE(cf.state, 'none') AS key, count(*)::int AS count
           FROM users u LEFT JOIN consent_forms cf ON cf.student_id = u.id
          WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 GROUP BY 1`, params),
      this.db.query(
        `SELECT COALESCE(NULLIF(btrim(u.ccc_apply_status), ''), '${CCC_NOT_SET}') AS key, count(*)::int AS count
           FROM users u WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 GROUP BY 1 ORDER BY 2 DESC, 1`, params),
      this.db.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM scheduled_courses sc WHERE sc.user_id = u.id))::int AS without_plan
           FROM users u WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2`, params),
      this.db.query(
        `SELECT u.application_status AS key, count(*)::int AS count
           FROM users u WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 AND u.application_status IS NOT NULL GROUP BY 1`,
        [schoolIds, UserType.Parent]),
      studentsWithWarnings(this.db, schoolIds),
    ]);
    const fixed = (rows: DashboardBucket[], keys: readonly string[]) => {
      const byKey = new Map(rows.map((r) => [r.key, r.count]));
      return keys.map((key) => ({ key, count: byKey.get(key) ?? 0 }));
    };
    return {
      totalStudents: plan[0]?.total ?? 0,
      consentStates: fixed(consent, CONSENT_STATES),
      cccApplyStatuses: ccc,
      studentsWithoutPlan: plan[0]?.without_plan ?? 0,
      studentsWithWarnings: warnings.size,
      applicationStatuses: fixed(apps, APPLICATION_STATUSES),
    };
  }
}

/**
 * Ids of the students of `schoolIds` whose plan has at least one prerequisite warning, by the
 * plans area's rule (buildView). Three statements: students, their scheduled courses, prerequisites.
 */
export async function studentsWithWarnings(db: DataSource, schoolIds: number[]): Promise<Set<number>> {
  if (!schoolIds.length) return new Set();
  const entries: { id: number; user_id: number; course_id: number; term: string; position: number; completed: boolean; title: string; units: string }[] =
    await db.query(
      `SELECT sc.id, sc.user_id, sc.course_id, sc.term, sc.position, sc.completed, c.title, c.units
         FROM scheduled_courses sc
         JOIN users u ON u.id = sc.user_id
         JOIN courses c ON c.id = sc.course_id
        WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2
          AND EXISTS (SELECT 1 FROM course_prerequisites p WHERE p.course_id IN (SELECT course_id FROM scheduled_courses WHERE user_id = sc.user_id))`,
      [schoolIds, UserType.Student],
    );
  if (!entries.length) return new Set();
  const userIds = [...new Set(entries.map((e) => e.user_id))];
  const courseIds = [...new Set(entries.map((e) => e.course_id))];
  const [users, prereqs]: [{ id: number; labels: string[] }[], { course_id: number; group_index: number; prerequisite_id: number }[]] = await Promise.all([
    db.query(`SELECT id, academic_year_labels AS labels FROM users WHERE id = ANY($1::int[])`, [userIds]),
    db.query(`SELECT course_id, group_index, prerequisite_id FROM course_prerequisites WHERE course_id = ANY($1::int[])`, [courseIds]),
  ]);
  const groups = new Map<number, number[][]>();
  for (const p of prereqs) {
    const g = groups.get(p.course_id) ?? [];
    (g[p.group_index] ??= []).push(p.prerequisite_id);
    groups.set(p.course_id, g);
  }
  const byUser = new Map<number, PlanEntry[]>();
  for (const e of entries) {
    const list = byUser.get(e.user_id) ?? [];
    list.push({
      id: e.id, userId: e.user_id, courseId: e.course_id, term: e.term, position: e.position, grade: '', completed: e.completed,
      course: {
        id: e.course_id, uuid: '', courseId: '', title: e.title, description: '', units: Number(e.units), schoolId: 0,
        prerequisiteGroups: [], prerequisiteGroupUuids: [], prerequisiteIds: (groups.get(e.course_id) ?? []).filter(Boolean),
      },
    });
    byUser.set(e.user_id, list);
  }
  const out = new Set<number>();
  for (const u of users) {
    const view = buildView({ academicYearLabels: u.labels } as User, true, byUser.get(u.id) ?? []);
    if (view.warnings.length) out.add(u.id);
  }
  return out;
}
