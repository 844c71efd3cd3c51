/**
 * Generate a plan for a student (issue: auto-plan): loads the student's plan, the chosen
 * pathways (and the school's graduation pathway), every requirement the student sees, and the
 * courses that may be needed with their prerequisites, then runs plan-model.ts in the solver pool's
 * worker threads (solver-pool.ts), which answer 503 AUTO_PLAN_UNAVAILABLE when a worker fails.
 * Nothing is saved: the answer is a preview.
 *
 * Decisions where the issue is silent:
 * - A term's seasons come from its label ('Fall 2026' is fall); any other label ('10th Grade') is a
 *   whole school year, which holds every season.
 * - A term's grade comes from its label ('11th Grade'); for four other labels the year (9 to 12);
 *   otherwise the student's present grade for every term (so a grade rule never lets a student in
 *   early). A partner college course may go only in terms whose grade is at least the school's
 *   dual_enrollment_from_grade; college students are never held back.
 * - A partner college course counts only when the student's school accepted it (a course_transfers
 *   row), with its adjusted units; the school's own courses always count with their units.
 * - Completed courses never move; planned ones move only when the caller asks (movePlanned), and
 *   only within the terms still ahead.
 * - A completed course whose grade is below a requirement's minimum does not count toward it (the
 *   progress page's rule, pathways/progress.ts countingLinks). It is not retaken (a course is in a
 *   plan once): the generator plans another course of the requirement, or reports the shortfall.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { because, conflict, notFound } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { User, UserType } from '../accounts/user.entity.js';
import { SchoolType, type School } from '../schools/school.entity.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { defaultYearLabels } from '../schools/school.entity.js';
import { termCapsOf } from '../schools/term-caps.js';
import { can } from './auto-plan.policy.js';
import { checkWhatIfCreate } from '../what-if-plans/what-if-input.js';
import type { WhatIfPlansService } from '../what-if-plans/what-if-plans.service.js';
import type { PlansService } from '../plans/plans.service.js';
import { findWhatIf, type WhatIfRow } from '../what-if-plans/what-if-store.js';
import type { Loaders } from '../../loaders.js';
import type { GeneratePlanInput } from './auto-plan-input.js';
import type { AutoPlanResult, ModelCourse, ModelRequirement, ModelTerm, Season } from './plan-model.js';
import type { Planner } from './solver-pool.js';
import { firstRemainingTerm, gradesOfTerms, seasonsOfLabel } from './plan-terms.js';

export interface GeneratedPlan {
  student: User;
  labels: string[];
  pathways: { id: number; name: string }[];
  result: AutoPlanResult;
  timeLimitSeconds: number;
  /** Names and codes for the answer. */
  courses: Map<number, { code: string; title: string; offered: string[] | null }>;
  requirements: Map<number, { name: string; pathwayName: string }>;
}

export class AutoPlanService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
    private readonly plan: Planner,
    private readonly defaultTimeLimitSeconds: number,
    private readonly whatIfPlans: WhatIfPlansService,
    private readonly plans: PlansService,
  ) {}

  /**
   * "Replace my plan": generates again (the same input gives the same plan) and makes the caller's
   * official plan the generated one: the added courses go in, the moved ones (movePlanned) move;
   * completed courses and everything else stay. The student's own plan only (auto-plan.policy.ts
   * 'replace'), under the plan page's rules (plans.service.ts applyGenerated); an impossible
   * pathway changes nothing (409).
   */
  async replacePlan(ctx: RequestContext, checked: Checked<GeneratePlanInput>): Promise<{ added: number; moved: number }> {
    authorize(ctx, can, 'replace', null);
    const generated = await this.generate(ctx, checked, 'replace');
    const { status, entries, added, moved } = generated.result;
    if (status === 'INFEASIBLE' || !entries.length) throw conflict(because('AUTO_PLAN_NOTHING_TO_SAVE'));
    return this.plans.applyGenerated(
      ctx,
      added.map((a) => ({ courseId: a.courseId, term: String(a.term + 1) })),
      moved.map((v) => ({ courseId: v.courseId, from: String(v.from + 1), term: String(v.term + 1) })),
    );
  }

  /**
   * "Save as a what-if plan": generates again (the same input gives the same plan) and saves the
   * whole generated plan as a new what-if plan of the student, named as asked; the official plan
   * is never touched. The student in their own session, or staff of the student's school for a
   * student of the caseload (auto-plan.policy.ts 'save'), and only when a plan exists: an
   * impossible pathway has nothing to save (409).
   */
  async saveAsWhatIf(ctx: RequestContext, checked: Checked<GeneratePlanInput>, name: unknown): Promise<WhatIfRow> {
    authorize(ctx, can, 'save', null);
    const named = valid(checkWhatIfCreate({ name, start: 'empty' })); // a bad name is refused before any solving
    const generated = await this.generate(ctx, checked, 'save');
    const saved = await this.saveGenerated(generated, named.name, false);
    return (await findWhatIf(this.db, saved.id))!;
  }

  /**
   * A generated plan saved as a new what-if plan of its student (the caller authorized): 409
   * AUTO_PLAN_NOTHING_TO_SAVE without a plan, the what-if area's own rules otherwise.
   */
  async saveGenerated(generated: GeneratedPlan, name: string, freeName: boolean): Promise<{ id: number; name: string }> {
    if (generated.result.status === 'INFEASIBLE' || !generated.result.entries.length) throw conflict(because('AUTO_PLAN_NOTHING_TO_SAVE'));
    const position = new Map<number, number>();
    const entries = generated.result.entries.map((e) => {
      const p = position.get(e.term) ?? 0;
      position.set(e.term, p + 1);
      return { courseId: e.courseId, term: String(e.term + 1), position: p };
    });
    return this.db.transaction((m) => this.whatIfPlans.createFilled(m, generated.student.id, name, generated.labels, entries, freeName));
  }

  async generate(ctx: RequestContext, checked: Checked<GeneratePlanInput>, action: 'generate' | 'save' | 'replace' = 'generate'): Promise<GeneratedPlan> {
    const caller = authorize(ctx, can, action, null);
    const input = valid(checked);
    const student = input.studentId === null || input.studentId === caller.user.id ? caller.user : await this.db.getRepository(User).findOneBy({ id: input.studentId });
    const reach = student && student.id !== caller.user.id && caller.user.userType === UserType.Staff ? await this.schools.accessibleSchoolIds(caller.user) : [];
    authorize(ctx, can, action, { student: student ? { id: student.id, type: student.userType, schoolId: student.schoolId } : null, reach });
    const school = student!.schoolId === null ? null : await ctx.loaders.schoolById.load(student!.schoolId);
    if (!school) throw notFound(because('NO_SCHOOL_OF_RECORD'));
    return this.generateFor(ctx.loaders, student!, school, input);
  }

  /**
   * The same generation for a student the caller already authorized (onboarding's generated
   * four-year plan: the student themself), with their school; the student's grade and term labels
   * are read from `student`, so a caller may hand in the ones it decided (onboarding's answer).
   */
  generateForStudent(ctx: RequestContext, student: User, school: School, input: GeneratePlanInput): Promise<GeneratedPlan> {
    return this.generateFor(ctx.loaders, student, school, input);
  }

  /** The generation itself, for a student the caller already authorized (also a background job's, with its own loaders). */
  async generateFor(loaders: Loaders, student: User, school: School, input: GeneratePlanInput): Promise<GeneratedPlan> {
    const visible = (await loaders.reach.load(student.id)).schoolIds;
    const pathwayRows: { id: number; name: string }[] = await this.db.query(
      `SELECT id, name FROM pathways WHERE id = ANY($1::int[]) AND school_id = ANY($2::int[]) ORDER BY id`,
      [input.pathwayIds, visible],
    );
    if (pathwayRows.length !== input.pathwayIds.length) throw notFound(because('PATHWAY_NOT_FOUND'));
    const goalPathways = new Set(pathwayRows.map((p) => p.id));
    if (school.graduationPathwayId !== null && school.graduationPathwayId !== undefined) goalPathways.add(school.graduationPathwayId);

    const labels = student.academicYearLabels?.length ? student.academicYearLabels : defaultYearLabels(school.schoolType);
    const recorded = Number.parseInt(String(student.grade ?? ''), 10);
    const grade = Number.isNaN(recorded) ? null : recorded;
    const firstTerm = firstRemainingTerm(labels, grade);

    const reqRows: {
      id: number;
      uuid: string;
      name: string;
      number_of_courses: number;
      number_of_units: string;
      minimum_grade: string | null;
      pathway_id: number;
      pathway_name: string;
    }[] = await this.db.query(
      `SELECT r.id, r.uuid, r.name, r.number_of_courses, r.number_of_units, r.minimum_grade, p.id AS pathway_id, p.name AS pathway_name
           FROM requirements r JOIN pathways p ON p.id = r.pathway_id WHERE p.school_id = ANY($1::int[]) ORDER BY r.id`,
      [visible],
    );
    const linkRows: { course_id: number; requirement_id: number; non_duplicable_group: string | null }[] = await this.db.query(
      `SELECT cr.course_id, cr.requirement_id, cr.non_duplicable_group FROM course_requirements cr WHERE cr.requirement_id = ANY($1::int[]) ORDER BY cr.requirement_id, cr.course_id`,
      [reqRows.map((r) => r.id)],
    );
    const planRows: { course_id: number; term: string; completed: boolean; grade: string | null }[] = await this.db.query(
      `SELECT course_id, term, completed, grade FROM scheduled_courses WHERE user_id = $1 ORDER BY course_id`,
      [student.id],
    );
    const goalReqIds = new Set(reqRows.filter((r) => goalPathways.has(r.pathway_id)).map((r) => r.id));
    const wanted = new Set<number>(planRows.map((p) => p.course_id));
    for (const l of linkRows) if (goalReqIds.has(l.requirement_id)) wanted.add(l.course_id);
    const courseRows: {
      id: number;
      code: string;
      title: string;
      school_id: number;
      units: string;
      adjusted: string | null;
      accepted: boolean;
      offered: string[] | null;
    }[] = await this.db.query(
      `WITH RECURSIVE needed(id) AS (
           SELECT unnest($1::int[])
           UNION
           SELECT cp.prerequisite_id FROM course_prerequisites cp JOIN needed n ON cp.course_id = n.id
         )
         SELECT c.id, c.course_id AS code, c.title, c.school_id, c.units, t.adjusted_units AS adjusted, t.id IS NOT NULL AS accepted, c.offered_terms AS offered
           FROM courses c JOIN needed n ON n.id = c.id
           LEFT JOIN course_transfers t ON t.course_id = c.id AND t.school_id = $2
         ORDER BY c.id`,
      [[...wanted], school.id],
    );
    const prereqRows: { course_id: number; group_index: number; prerequisite_id: number }[] = await this.db.query(
      `SELECT course_id, group_index, prerequisite_id FROM course_prerequisites WHERE course_id = ANY($1::int[]) ORDER BY course_id, group_index, id`,
      [courseRows.map((c) => c.id)],
    );
    const groups = new Map<number, Map<number, number[]>>();
    for (const p of prereqRows) {
      const byGroup = groups.get(p.course_id) ?? new Map<number, number[]>();
      groups.set(p.course_id, byGroup);
      byGroup.set(p.group_index, [...(byGroup.get(p.group_index) ?? []), p.prerequisite_id]);
    }

    const grades = gradesOfTerms(labels, grade);
    const collegeFrom =
      school.schoolType === SchoolType.CLG
        ? 0
        : (() => {
            const t = grades.findIndex((g) => g !== null && g >= school.dualEnrollmentFromGrade);
            return t < 0 ? labels.length : t;
          })();
    const courses: ModelCourse[] = courseRows.map((c) => {
      const partner = c.school_id !== school.id;
      return {
        id: c.id,
        code: c.code,
        units: partner && c.adjusted !== null ? Number(c.adjusted) : Number(c.units),
        prerequisiteGroups: [...(groups.get(c.id)?.entries() ?? [])].sort(([a], [b]) => a - b).map(([, m]) => m),
        offered: c.offered && c.offered.length ? (c.offered as Season[]) : null,
        availableFrom: partner ? collegeFrom : 0,
        ...(partner && !c.accepted ? { barrier: 'NOT_TRANSFERABLE' as const } : {}),
      };
    });
    const requirements: ModelRequirement[] = reqRows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      name: r.name,
      requiredCourses: r.number_of_courses,
      requiredUnits: Number(r.number_of_units),
      minimumGrade: r.minimum_grade,
      goal: goalReqIds.has(r.id),
    }));
    const terms: ModelTerm[] = labels.map((l) => ({ seasons: seasonsOfLabel(l) }));
    const timeLimitSeconds = input.timeLimitSeconds ?? this.defaultTimeLimitSeconds;
    // Plain data only from here: the worker builds the models, solves and decodes them off the event loop.
    const result = await this.plan(
      {
        terms,
        firstTerm,
        caps: termCapsOf(school),
        courses,
        requirements,
        links: linkRows.map((l) => ({ courseId: l.course_id, requirementId: l.requirement_id, group: l.non_duplicable_group })),
        entries: planRows
          .map((p) => ({ courseId: p.course_id, term: Number(p.term) - 1, movable: input.movePlanned && !p.completed, completed: p.completed, grade: p.grade }))
          .filter((e) => Number.isInteger(e.term) && e.term >= 0 && e.term < labels.length),
      },
      timeLimitSeconds,
    );
    const allPathways = new Map<number, string>();
    for (const r of reqRows) allPathways.set(r.pathway_id, r.pathway_name);
    return {
      student,
      labels,
      pathways: [...goalPathways].sort((a, b) => a - b).map((id) => ({ id, name: allPathways.get(id) ?? pathwayRows.find((p) => p.id === id)?.name ?? '' })),
      result,
      timeLimitSeconds,
      courses: new Map(courseRows.map((c) => [c.id, { code: c.code, title: c.title, offered: c.offered?.length ? c.offered : null }])),
      requirements: new Map(reqRows.map((r) => [r.id, { name: r.name, pathwayName: r.pathway_name }])),
    };
  }
}
