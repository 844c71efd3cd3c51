/**
 * A student's onboarding (spec 3 §2-§4): student information, demographics, the onboarding
 * questions' education goals, the generated four-year plan, and the community-college
 * application hand-off (consent, then the Open CCC account).
 *
 * Who: only the student themself (onboarding.policy.ts; decision, the spec does not say).
 *
 * Decisions where the spec says "not shown":
 * - The consent checkboxes are stored as sent and not enforced (spec 3 §5); the signature is.
 * - CCCApply status (users.ccc_apply_status, shown on the students list): null (Not Set) until the
 *   consent is signed, 'consent_signed' after POST /api/cccapply/consent/, 'account_created' after
 *   POST /api/cccapply/account-created/ (step 3 of /cccapply/open-account-setup). Signing the
 *   consent again keeps 'account_created'.
 * - The demo confirmation code (/cccapply/confirmation) is not checked by the server (spec 3 §4).
 * - The grade used to generate the plan is the onboarding answer ('10th Grade') when there is one,
 *   the most recent thing the student said, else the student-info grade.
 * - The generated plan also meets the school's graduation pathway, as every auto-plan does.
 */
import type { DataSource } from 'typeorm';
import type { Caller, RequestContext } from '../../context.js';
import { AppError, badInput, because } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { can, ONBOARDING_POLICY_MESSAGES, type OnboardingAction } from './onboarding.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { ONBOARDING_INPUT_MESSAGES, type ConsentInput, type Demographics, type StudentInfo } from './onboarding-input.js';
import { User } from '../accounts/user.entity.js';
import { defaultYearLabels, type School } from '../schools/school.entity.js';
import type { CccApplyStatus } from './cccapply-consent.entity.js';
import type { AutoPlanService } from '../auto-plan/auto-plan.service.js';
import { goalsOf, gradeOfAnswer, selectPathways } from './goals.js';

export const ONBOARDING_MESSAGES = {
  ...ONBOARDING_POLICY_MESSAGES,
  ...ONBOARDING_INPUT_MESSAGES,
  noSchool: 'JOIN_SCHOOL_FIRST',
  consentFirst: 'CCC_CONSENT_FIRST',
} as const;

export interface GeneratedCourse {
  courseId: number;
  /** 1-based position among the plan's term labels, as text (as scheduled_courses stores it). */
  term: string;
  position: number;
}

export class OnboardingService {
  constructor(
    private readonly db: DataSource,
    private readonly autoPlan: AutoPlanService,
  ) {}

  /** The student themself, writing: no parent (read-only) and no admin view. */
  private student(ctx: RequestContext, action: OnboardingAction = 'answer'): Caller {
    return authorize(ctx, can, action, null);
  }

  /** The student's school, where `action` must be enabled. */
  private async schoolOf(ctx: RequestContext, caller: Caller, action: OnboardingAction): Promise<School> {
    const school = caller.user.schoolId === null ? null : await ctx.loaders.schoolById.load(caller.user.schoolId);
    if (!school) throw badInput(because(ONBOARDING_MESSAGES.noSchool));
    authorize(ctx, can, action, { school });
    return school;
  }

  async saveStudentInfo(ctx: RequestContext, input: Checked<StudentInfo>): Promise<StudentInfo> {
    const caller = this.student(ctx);
    const info = valid(input);
    await this.db.getRepository(User).update({ id: caller.user.id }, info);
    return info;
  }

  async saveDemographics(ctx: RequestContext, input: Checked<Demographics>): Promise<Demographics> {
    const caller = this.student(ctx);
    const demographics = valid(input);
    await this.db.query(`UPDATE users SET demographics = $2::jsonb WHERE id = $1`, [caller.user.id, JSON.stringify(demographics)]);
    return demographics;
  }

  async updateEdGoals(ctx: RequestContext, input: Checked<string[]>): Promise<string[]> {
    const caller = this.student(ctx);
    const edGoals = valid(input);
    await this.db.getRepository(User).update({ id: caller.user.id }, { edGoals });
    return edGoals;
  }

  /**
   * Builds the student's four-year plan with the auto-plan generator (auto-plan.service.ts,
   * plan-model.ts): the fewest-terms plan meeting every requirement of the pathways the onboarding
   * goals select (goals.ts) and of the school's graduation pathway, under every rule the plan page
   * checks. What the student already has never moves (movePlanned is off); new courses go only in
   * the terms still ahead, each after the courses already in its term.
   *
   * When no complete plan exists (INFEASIBLE, proven) or none could be proven within the solver's
   * time limit (UNPROVEN), the best plan the solver found is still added: the one meeting the most
   * of the requirements with the fewest courses (the elastic solve's plan), or the fewest-terms
   * plan found so far. A student finishing onboarding must get a plan; what is still missing shows
   * on the plan page's requirement progress, and POST /api/generate-plan/ explains it. Only when
   * the solver found no plan at all within its time limit is nothing added.
   *
   * When the generator itself is unavailable (a solver worker thread failed, which
   * POST /api/generate-plan/ answers with 503 AUTO_PLAN_UNAVAILABLE), onboarding still finishes:
   * the answers are saved, nothing is added (200, no courses), and the student generates a plan
   * from the plan page later. A student at the end of onboarding expects to reach their plan, not
   * an error about a part they did not ask for by name.
   *
   * Three steps, so no transaction stays open while the solver works (up to its time limit) and the
   * embedded database's single connection is never needed twice at once: (1) in a short transaction
   * with the student's row locked, the terms are settled (labels stored when absent) and the goals
   * read; (2) the generator reads and solves outside any transaction; (3) in a second transaction,
   * the row locked again, the courses are inserted in one statement after what each term holds
   * then. A course planned meanwhile (another tab, a baseline plan) is kept and not added twice.
   */
  async generateFourYearPlan(ctx: RequestContext): Promise<GeneratedCourse[]> {
    const caller = this.student(ctx, 'generatePlan');
    const school = await this.schoolOf(ctx, caller, 'generatePlan');
    const { grade, labels, pathways } = await this.db.transaction(async (m) => {
      const [user] = await m.query(`SELECT grade, ed_goals AS "edGoals", academic_year_labels AS "labels" FROM users WHERE id = $1 FOR UPDATE`, [caller.user.id]);
      const edGoals: string[] = Array.isArray(user.edGoals) ? user.edGoals : [];
      let labels: string[] = Array.isArray(user.labels) ? user.labels : [];
      if (!labels.length) {
        labels = defaultYearLabels(school.schoolType);
        await m.query(`UPDATE users SET academic_year_labels = $2::jsonb WHERE id = $1`, [caller.user.id, JSON.stringify(labels)]);
      }
      const answered = edGoals.map(gradeOfAnswer).find((g) => g !== null) ?? null;
      const recorded = Number.parseInt(String(user.grade ?? ''), 10);
      const grade = answered ?? (Number.isNaN(recorded) ? null : recorded);
      const schoolPathways: { id: number; name: string }[] = await m.query(`SELECT id, name FROM pathways WHERE school_id = $1 ORDER BY id`, [school.id]);
      return { grade, labels, pathways: selectPathways(schoolPathways, goalsOf(edGoals)) };
    });

    // The generator reads the grade and the terms from the student: the onboarding answer and the labels settled above.
    const student = { ...caller.user, grade: grade === null ? null : String(grade), academicYearLabels: labels } as User;
    const generated = await this.autoPlan
      .generateForStudent(ctx, student, school, {
        studentId: caller.user.id,
        pathwayIds: pathways.map((p) => p.id),
        movePlanned: false,
        timeLimitSeconds: null,
      })
      .catch((err: unknown) => {
        // The generator is down (a worker thread failed): onboarding still finishes, with nothing added.
        if (err instanceof AppError && err.reason === 'AUTO_PLAN_UNAVAILABLE') return null;
        throw err;
      });
    if (!generated) return [];

    return this.db.transaction(async (m) => {
      await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [caller.user.id]);
      const existing: { courseId: number; term: string; position: number }[] = await m.query(
        `SELECT course_id AS "courseId", term, position FROM scheduled_courses WHERE user_id = $1`,
        [caller.user.id],
      );
      const planned = new Set(existing.map((e) => e.courseId));
      const nextPosition = new Map<string, number>();
      for (const e of existing) nextPosition.set(e.term, Math.max(nextPosition.get(e.term) ?? 0, e.position + 1));
      const rows: GeneratedCourse[] = [];
      // Added courses come in term order, then course code: each goes after what its term already holds.
      for (const a of generated.result.added) {
        if (planned.has(a.courseId)) continue;
        const term = String(a.term + 1);
        const position = nextPosition.get(term) ?? 0;
        nextPosition.set(term, position + 1);
        rows.push({ courseId: a.courseId, term, position });
      }
      if (rows.length) {
        await m.query(
          `INSERT INTO scheduled_courses (user_id, course_id, term, position)
           SELECT $1, c, t, p FROM unnest($2::int[], $3::text[], $4::int[]) AS x(c, t, p)
           ON CONFLICT (user_id, course_id) DO NOTHING`,
          [caller.user.id, rows.map((r) => r.courseId), rows.map((r) => r.term), rows.map((r) => r.position)],
        );
      }
      return rows;
    });
  }

  /**
   * Stores the consent (replacing an earlier one) with the signature, time and address, and sets
   * the student's CCCApply status, in one transaction.
   */
  async signCccApplyConsent(ctx: RequestContext, input: Checked<ConsentInput>): Promise<CccApplyStatus> {
    const caller = this.student(ctx, 'applyToCollege');
    await this.schoolOf(ctx, caller, 'applyToCollege');
    const c = valid(input);
    return this.db.transaction(async (m) => {
      await m.query(
        `INSERT INTO cccapply_consents (student_id, consent_data_release, consent_ccc_apply, consent_verification,
           consent_privacy_policy, consent_submit_application, consent_financial_aid, consent_terms_of_use,
           consent_pathway_planner, electronic_signature, ip, signed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
         ON CONFLICT (student_id) DO UPDATE SET
           consent_data_release = EXCLUDED.consent_data_release, consent_ccc_apply = EXCLUDED.consent_ccc_apply,
           consent_verification = EXCLUDED.consent_verification, consent_privacy_policy = EXCLUDED.consent_privacy_policy,
           consent_submit_application = EXCLUDED.consent_submit_application, consent_financial_aid = EXCLUDED.consent_financial_aid,
           consent_terms_of_use = EXCLUDED.consent_terms_of_use, consent_pathway_planner = EXCLUDED.consent_pathway_planner,
           electronic_signature = EXCLUDED.electronic_signature, ip = EXCLUDED.ip, signed_at = now()`,
        [
          caller.user.id,
          c.consentDataRelease,
          c.consentCCCApply,
          c.consentVerification,
          c.consentPrivacyPolicy,
          c.consentSubmitApplication,
          c.consentFinancialAid,
          c.consentTermsOfUse,
          c.consentPathwayPlanner,
          c.electronicSignature,
          ctx.ip,
        ],
      );
      const [rows]: [{ status: CccApplyStatus }[], number] = await m.query(
        `UPDATE users SET ccc_apply_status = CASE WHEN ccc_apply_status = 'account_created' THEN ccc_apply_status ELSE 'consent_signed' END
          WHERE id = $1 RETURNING ccc_apply_status AS status`,
        [caller.user.id],
      );
      return rows[0].status;
    });
  }

  /** Step 3 of /cccapply/open-account-setup: the student says the Open CCC account exists. */
  async confirmOpenCccAccount(ctx: RequestContext): Promise<CccApplyStatus> {
    const caller = this.student(ctx, 'applyToCollege');
    await this.schoolOf(ctx, caller, 'applyToCollege');
    return this.db.transaction(async (m) => {
      const [consents]: [unknown[], number] = await m.query(
        `UPDATE cccapply_consents SET account_created_at = COALESCE(account_created_at, now()) WHERE student_id = $1 RETURNING id`,
        [caller.user.id],
      );
      if (!consents.length) throw badInput(because(ONBOARDING_MESSAGES.consentFirst));
      await m.query(`UPDATE users SET ccc_apply_status = 'account_created' WHERE id = $1`, [caller.user.id]);
      return 'account_created' as const;
    });
  }

  /** The caller's own CCCApply status (students), null when not set. */
  async cccApplyStatus(ctx: RequestContext): Promise<CccApplyStatus | null> {
    const caller = authorize(ctx, can, 'viewOwnStatus', null);
    const [row] = await this.db.query(`SELECT ccc_apply_status AS status FROM users WHERE id = $1`, [caller.user.id]);
    return (row?.status as CccApplyStatus | undefined) ?? null;
  }
}
