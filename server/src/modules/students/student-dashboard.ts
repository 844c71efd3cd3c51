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
import type { RequestContext } from '../../context.js';
import { authorize } from '../../core/policy.js';
import { can } from './students.policy.js';
import { APPLICATION_STATUSES, UserType } from '../accounts/user.entity.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { studentsWithWarnings } from './student-warnings.js';
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
          WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 AND u.deactivated_at IS NULL GROUP BY 1`,
        params,
      ),
      this.db.query(
        `SELECT COALESCE(NULLIF(btrim(u.ccc_apply_status), ''), '${CCC_NOT_SET}') AS key, count(*)::int AS count
           FROM users u WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 AND u.deactivated_at IS NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
        params,
      ),
      this.db.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM scheduled_courses sc WHERE sc.user_id = u.id))::int AS without_plan
           FROM users u WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 AND u.deactivated_at IS NULL`,
        params,
      ),
      this.db.query(
        `SELECT u.application_status AS key, count(*)::int AS count
           FROM users u WHERE u.school_id = ANY($1::int[]) AND u.user_type = $2 AND u.deactivated_at IS NULL AND u.application_status IS NOT NULL GROUP BY 1`,
        [schoolIds, UserType.Parent],
      ),
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
