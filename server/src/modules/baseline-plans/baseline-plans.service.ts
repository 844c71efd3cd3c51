/**
 * Baseline plans: ready-made plans a school's staff publish and its students start from.
 * A baseline plan is a type-4 user of the school (first_name the title, last_name the
 * description, email the generated username, no password: it never signs in) whose
 * scheduled_courses hold its courses and whose academic_year_labels are its terms. Staff edit
 * its courses by viewing as it (view-as.service.ts accepts type-4 records for staff).
 *
 * Rules (ours): only staff of the plan's school manage it (another school's plan answers 404,
 * as if it did not exist); students see only their own school's; everything needs the school's
 * baseline_plans_enabled flag. Assigning a plan replaces the student's courses and terms with
 * copies of the plan's in one transaction; starting from scratch removes the student's courses.
 * A duplicate is titled '{title} (Copy)' and copies terms and courses.
 */
import crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, conflict, isUniqueViolation, because } from '../../core/errors.js';
import { authorize, requireWriter } from '../../core/policy.js';
import { BASELINE_POLICY_MESSAGES, can, type BaselineAction } from './baseline-plans.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { parseId } from '../../core/ids.js';
import { BASELINE_INPUT_MESSAGES, type PlanCreate, type PlanText } from './baseline-plan-input.js';
import { User, UserType } from '../accounts/user.entity.js';
import { defaultYearLabels, SchoolMembership, type School } from '../schools/school.entity.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';

export const BASELINE_MESSAGES = {
  ...BASELINE_POLICY_MESSAGES,
  ...BASELINE_INPUT_MESSAGES,
  usernameTaken: 'BASELINE_USERNAME_TAKEN',
  noSchool: 'JOIN_SCHOOL_FIRST',
} as const;

export const MAX_PAGE = 200;

export interface PlanPage {
  rows: User[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface PlannedCourseRow {
  userId: number;
  courseId: number;
  courseCode: string;
  title: string;
  units: number;
  term: string;
  position: number;
}

const generatedUsername = () => `baseline_plan_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;

export class BaselinePlansService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

  private async staffSchool(ctx: RequestContext, action: BaselineAction): Promise<School> {
    const caller = authorize(ctx, can, action, null);
    const school = caller.user.schoolId === null ? null : await ctx.loaders.schoolById.load(caller.user.schoolId);
    if (!school) throw badInput(because(BASELINE_MESSAGES.noSchool));
    authorize(ctx, can, action, { school });
    return school;
  }

  /** Schools whose plans this staff member manages: the ones they reach that use baseline plans. */
  private async managedSchoolIds(ctx: RequestContext, action: BaselineAction): Promise<number[]> {
    const caller = authorize(ctx, can, action, null);
    const ids = await this.schools.accessibleSchoolIds(caller.user);
    const schools = await ctx.loaders.schoolById.loadMany(ids);
    return schools.filter((s): s is School => !!s && !(s instanceof Error) && s.baselinePlansEnabled).map((s) => s.id);
  }

  /** A plan this staff member manages, or 404 (another school's plan must not be told apart from none). */
  private async managedPlan(ctx: RequestContext, action: BaselineAction, id: unknown): Promise<User> {
    const ids = await this.managedSchoolIds(ctx, action);
    const plan = await this.db.getRepository(User).findOneBy({ id: parseId(id, 'baseline plan'), userType: UserType.BaselinePlan });
    // Staff of a school without baseline plans learn why, not merely "not found".
    if (!ids.length) await this.staffSchool(ctx, action);
    authorize(ctx, can, action, { plan, reach: ids });
    return plan!;
  }

  private async page(schoolIds: number[], first: number, after: string | null | undefined): Promise<PlanPage> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw badInput(because('PAGE_SIZE_RANGE', { max: MAX_PAGE }));
    const offset = decodeCursor(after);
    if (!schoolIds.length) return { rows: [], totalCount: 0, endCursor: null, hasNextPage: false };
    const qb = this.db.getRepository(User).createQueryBuilder('u').where('u.user_type = :t AND u.school_id IN (:...ids)', { t: UserType.BaselinePlan, ids: schoolIds });
    const [rows, totalCount] = await qb.orderBy('lower(u.first_name)', 'ASC').addOrderBy('u.id', 'ASC').skip(offset).take(first).getManyAndCount();
    const next = offset + rows.length;
    return { rows, totalCount, endCursor: rows.length ? encodeCursor(next) : null, hasNextPage: next < totalCount };
  }

  /** Staff: the baseline plans of their schools, by title. */
  async list(ctx: RequestContext, first = 50, after: string | null = null): Promise<PlanPage> {
    const ids = await this.managedSchoolIds(ctx, 'list');
    if (!ids.length) await this.staffSchool(ctx, 'list');
    return this.page(ids, first, after);
  }

  /** Students: their school's baseline plans (the Select a Baseline Plan page). */
  async listForSchool(ctx: RequestContext, first = 50, after: string | null = null): Promise<PlanPage> {
    const caller = authorize(ctx, can, 'browse', null);
    const school = caller.user.schoolId === null ? null : await ctx.loaders.schoolById.load(caller.user.schoolId);
    authorize(ctx, can, 'browse', { school });
    return this.page([school!.id], first, after);
  }

  async create(ctx: RequestContext, checked: Checked<PlanCreate>): Promise<User> {
    const school = await this.staffSchool(ctx, 'create');
    const { firstName, lastName, username: given } = valid(checked);
    const username = given ?? generatedUsername();
    try {
      return await this.db.transaction(async (m) => {
        const plan = await m.getRepository(User).save(
          m.getRepository(User).create({
            email: username.toLowerCase(),
            passwordHash: '',
            firstName,
            lastName,
            userType: UserType.BaselinePlan,
            schoolId: school.id,
            academicYearLabels: defaultYearLabels(school.schoolType),
          }),
        );
        await m.getRepository(SchoolMembership).insert({ userId: plan.id, schoolId: school.id });
        return plan;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(because(BASELINE_MESSAGES.usernameTaken));
      throw e;
    }
  }

  async update(ctx: RequestContext, id: unknown, checked: Checked<PlanText>): Promise<User> {
    const plan = await this.managedPlan(ctx, 'edit', id);
    const { firstName, lastName } = valid(checked);
    await this.db.getRepository(User).update({ id: plan.id }, { firstName, lastName });
    return { ...plan, firstName, lastName } as User;
  }

  /** Deletes the plan and its courses (and any view of it an admin still holds). */
  async remove(ctx: RequestContext, id: unknown): Promise<void> {
    const plan = await this.managedPlan(ctx, 'delete', id);
    await this.db.getRepository(User).delete({ id: plan.id, userType: UserType.BaselinePlan });
  }

  async duplicate(ctx: RequestContext, planId: Checked<number>): Promise<User> {
    requireWriter(ctx);
    const plan = await this.managedPlan(ctx, 'duplicate', valid(planId));
    const title = `${plan.firstName} (Copy)`.slice(0, 200);
    return this.db.transaction(async (m) => {
      const copy = await m.getRepository(User).save(
        m.getRepository(User).create({
          email: generatedUsername(),
          passwordHash: '',
          firstName: title,
          lastName: plan.lastName,
          userType: UserType.BaselinePlan,
          schoolId: plan.schoolId,
          academicYearLabels: plan.academicYearLabels,
        }),
      );
      await m.getRepository(SchoolMembership).insert({ userId: copy.id, schoolId: plan.schoolId! });
      await copyCourses(m, plan.id, copy.id);
      return copy;
    });
  }

  /** The caller's plan at a glance (GET /api/assign-plan-to-student/): whether it has courses, and which. */
  async planSummary(ctx: RequestContext): Promise<{ courseCount: number; courses: PlannedCourseRow[] }> {
    const caller = authorize(ctx, can, 'viewOwnPlan', null);
    const courses = await plannedCourses(this.db, [caller.user.id]);
    return { courseCount: courses.length, courses };
  }

  /** Replaces the student's terms and courses with copies of the plan's, in one transaction. */
  async assignToStudent(ctx: RequestContext, checked: Checked<number>): Promise<number> {
    const caller = authorize(ctx, can, 'assign', null);
    const planId = valid(checked);
    const school = caller.user.schoolId === null ? null : await ctx.loaders.schoolById.load(caller.user.schoolId);
    authorize(ctx, can, 'assign', { school });
    const found = await this.db.getRepository(User).findOneBy({ id: planId, userType: UserType.BaselinePlan });
    authorize(ctx, can, 'assign', { plan: found, reach: [school!.id] });
    const plan = found!;
    return this.db.transaction(async (m) => {
      // Locks the student's row: a generation or another assignment waits for this one.
      await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [caller.user.id]);
      // Courses from the school's record stay (the plan's copy of such a course is left out).
      await m.query(`DELETE FROM scheduled_courses WHERE user_id = $1 AND transcript_record_id IS NULL`, [caller.user.id]);
      if (plan.academicYearLabels.length) {
        await m.query(`UPDATE users SET academic_year_labels = $2::jsonb WHERE id = $1`, [caller.user.id, JSON.stringify(plan.academicYearLabels)]);
      }
      return copyCourses(m, plan.id, caller.user.id);
    });
  }

  /** Starting from scratch: removes every course from the student's plan (terms stay), except those from the school's record. */
  async clearStudentCourses(ctx: RequestContext): Promise<number> {
    const caller = authorize(ctx, can, 'clearOwnPlan', null);
    const [, count] = await this.db.query(`DELETE FROM scheduled_courses WHERE user_id = $1 AND transcript_record_id IS NULL`, [caller.user.id]);
    return Number(count ?? 0);
  }
}

async function copyCourses(m: EntityManager, fromUserId: number, toUserId: number): Promise<number> {
  const rows: unknown[] = await m.query(
    `INSERT INTO scheduled_courses (user_id, course_id, term, position)
     SELECT $2, course_id, term, position FROM scheduled_courses WHERE user_id = $1 ORDER BY id
     ON CONFLICT (user_id, course_id) DO NOTHING
     RETURNING id`,
    [fromUserId, toUserId],
  );
  return rows.length;
}

/** The courses of several users' plans in one statement, by term (as a number) and position. */
export async function plannedCourses(db: DataSource, userIds: readonly number[]): Promise<PlannedCourseRow[]> {
  if (!userIds.length) return [];
  const rows: (Omit<PlannedCourseRow, 'units'> & { units: string })[] = await db.query(
    `SELECT sc.user_id AS "userId", c.id AS "courseId", c.course_id AS "courseCode", c.title, c.units, sc.term, sc.position
       FROM scheduled_courses sc JOIN courses c ON c.id = sc.course_id
      WHERE sc.user_id = ANY($1::int[])
      ORDER BY sc.user_id, CASE WHEN sc.term ~ '^[0-9]{1,6}$' THEN sc.term::int END NULLS LAST, sc.position, sc.id`,
    [userIds],
  );
  return rows.map((r) => ({ ...r, units: Number(r.units) }));
}
