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
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Caller, RequestContext } from '../../context.js';
import { badInput, because } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { can, ONBOARDING_POLICY_MESSAGES, type OnboardingAction } from './onboarding.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { ONBOARDING_INPUT_MESSAGES, type ConsentInput, type Demographics, type StudentInfo } from './onboarding-input.js';
import { User } from '../accounts/user.entity.js';
import { defaultYearLabels, type School } from '../schools/school.entity.js';
import { termCapsOf } from '../schools/term-caps.js';
import type { CccApplyStatus } from './cccapply-consent.entity.js';
import { firstRemainingTerm, generatePlan, goalsOf, gradeOfAnswer, selectPathways, type GenCourse, type GenPathway } from './plan-generator.js';

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
  constructor(private readonly db: DataSource) {}

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
   * Builds the student's four-year plan with plan-generator.ts: loads everything in five
   * statements inside one transaction (the student's row is locked, so two generations or a
   * generation and a baseline assignment never interleave) and inserts the new courses in one.
   */
  async generateFourYearPlan(ctx: RequestContext): Promise<GeneratedCourse[]> {
    const caller = this.student(ctx, 'generatePlan');
    const school = await this.schoolOf(ctx, caller, 'generatePlan');
    return this.db.transaction(async (m) => {
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

      const pathways = selectPathways(await this.loadPathways(m, school.id), goalsOf(edGoals));
      const existing: { courseId: number; term: string; position: number }[] = await m.query(
        `SELECT course_id AS "courseId", term, position FROM scheduled_courses WHERE user_id = $1`,
        [caller.user.id],
      );
      const wanted = new Set<number>(existing.map((e) => e.courseId));
      for (const p of pathways) for (const r of p.requirements) for (const c of r.courses) wanted.add(c.courseId);
      const courses = await this.loadCourses(m, [...wanted], school.id);

      const caps = termCapsOf(school);
      const added = generatePlan({
        termCount: labels.length,
        firstTerm: firstRemainingTerm(labels, grade),
        unitCap: caps.units,
        courseCap: caps.courses,
        courses,
        pathways,
        existing: existing.map((e) => ({ courseId: e.courseId, term: Number(e.term) - 1, position: e.position })),
      });
      const rows = added.map((a) => ({ courseId: a.courseId, term: String(a.term + 1), position: a.position }));
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

  /** The school's pathways with their requirements and fulfilling courses, in one statement. */
  private async loadPathways(m: EntityManager, schoolId: number): Promise<GenPathway[]> {
    const rows: {
      pathwayId: number;
      name: string;
      requirementId: number | null;
      numberOfCourses: number | null;
      numberOfUnits: string | null;
      courseId: number | null;
      nonDuplicableGroup: string | null;
    }[] = await m.query(
      `SELECT p.id AS "pathwayId", p.name, r.id AS "requirementId", r.number_of_courses AS "numberOfCourses",
              r.number_of_units AS "numberOfUnits", cr.course_id AS "courseId", cr.non_duplicable_group AS "nonDuplicableGroup"
         FROM pathways p
         LEFT JOIN requirements r ON r.pathway_id = p.id
         LEFT JOIN course_requirements cr ON cr.requirement_id = r.id
        WHERE p.school_id = $1
        ORDER BY p.id, r.id, cr.id`,
      [schoolId],
    );
    const pathways = new Map<number, GenPathway>();
    for (const row of rows) {
      let p = pathways.get(row.pathwayId);
      if (!p) pathways.set(row.pathwayId, (p = { id: row.pathwayId, name: row.name, requirements: [] }));
      if (row.requirementId === null) continue;
      let r = p.requirements.find((x) => x.id === row.requirementId);
      if (!r) {
        r = { id: row.requirementId, numberOfCourses: row.numberOfCourses ?? 0, numberOfUnits: Number(row.numberOfUnits ?? 0), courses: [] };
        p.requirements.push(r);
      }
      if (row.courseId !== null) r.courses.push({ courseId: row.courseId, nonDuplicableGroup: row.nonDuplicableGroup });
    }
    return [...pathways.values()];
  }

  /**
   * The given courses and, recursively, their prerequisites (one recursive statement), with the
   * units they count for at the student's school (a transferred course's adjusted units), then
   * their prerequisite groups (one statement).
   */
  private async loadCourses(m: EntityManager, ids: number[], schoolId: number): Promise<GenCourse[]> {
    if (!ids.length) return [];
    const rows: { id: number; code: string; units: string }[] = await m.query(
      `WITH RECURSIVE needed(id) AS (
         SELECT unnest($1::int[])
         UNION
         SELECT cp.prerequisite_id FROM course_prerequisites cp JOIN needed n ON cp.course_id = n.id
       )
       SELECT c.id, c.course_id AS code, COALESCE(t.adjusted_units, c.units) AS units
         FROM courses c
         JOIN needed n ON n.id = c.id
         LEFT JOIN course_transfers t ON t.course_id = c.id AND t.school_id = $2 AND c.school_id <> $2`,
      [ids, schoolId],
    );
    const prereqs: { courseId: number; groupIndex: number; prerequisiteId: number }[] = await m.query(
      `SELECT course_id AS "courseId", group_index AS "groupIndex", prerequisite_id AS "prerequisiteId"
         FROM course_prerequisites WHERE course_id = ANY($1::int[]) ORDER BY course_id, group_index, id`,
      [rows.map((r) => r.id)],
    );
    const groups = new Map<number, Map<number, number[]>>();
    for (const p of prereqs) {
      const byGroup = groups.get(p.courseId) ?? new Map<number, number[]>();
      groups.set(p.courseId, byGroup);
      byGroup.set(p.groupIndex, [...(byGroup.get(p.groupIndex) ?? []), p.prerequisiteId]);
    }
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      units: Number(r.units),
      prerequisiteGroups: [...(groups.get(r.id)?.entries() ?? [])].sort(([a], [b]) => a - b).map(([, members]) => members),
    }));
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
