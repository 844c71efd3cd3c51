/** generatePlan on GraphQL: the GraphQL adapter of AutoPlanService (the REST one is auto-plan.rest.ts). */
import { Arg, Ctx, Field, Float, InputType, Int, Mutation, ObjectType, Resolver, registerEnumType } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { checkGeneratePlan } from './auto-plan-input.js';
import type { GeneratedPlan } from './auto-plan.service.js';
import { planView } from './auto-plan-view.js';
import type { BlockReason } from './plan-model.js';

export enum AutoPlanStatus {
  OPTIMAL = 'OPTIMAL',
  INFEASIBLE = 'INFEASIBLE',
  UNPROVEN = 'UNPROVEN',
}
registerEnumType(AutoPlanStatus, {
  name: 'AutoPlanStatus',
  description: 'What the generator proved',
  valuesConfig: {
    OPTIMAL: { description: 'A plan meeting every requirement in the fewest terms possible.' },
    INFEASIBLE: { description: 'Proven: no plan meets every requirement; shortfalls say which and why.' },
    UNPROVEN: { description: 'The time limit ran out before a proof; the best plan found, if any, is given.' },
  },
});

export enum PlanBlockReason {
  TOO_FEW_COURSES = 'TOO_FEW_COURSES',
  NOT_TRANSFERABLE = 'NOT_TRANSFERABLE',
  NOT_YET_ELIGIBLE = 'NOT_YET_ELIGIBLE',
  NOT_OFFERED = 'NOT_OFFERED',
  PREREQUISITE_TOO_LATE = 'PREREQUISITE_TOO_LATE',
  PREREQUISITE_CYCLE = 'PREREQUISITE_CYCLE',
  COUNTED_ELSEWHERE = 'COUNTED_ELSEWHERE',
  NO_ROOM = 'NO_ROOM',
}
registerEnumType(PlanBlockReason, {
  name: 'PlanBlockReason',
  description: 'Why a course cannot serve a requirement',
  valuesConfig: {
    TOO_FEW_COURSES: { description: 'The requirement lists fewer courses or units than it asks for.' },
    NOT_TRANSFERABLE: { description: 'A partner college course the school does not accept.' },
    NOT_YET_ELIGIBLE: { description: 'A college course, and no term left is in a grade allowed to take one.' },
    NOT_OFFERED: { description: 'Offered in no term left (after its prerequisite, when one is named).' },
    PREREQUISITE_TOO_LATE: { description: 'Its prerequisite cannot come early enough within the terms left.' },
    PREREQUISITE_CYCLE: { description: 'Its prerequisites require the course itself.' },
    COUNTED_ELSEWHERE: { description: 'In the plan, but counted toward another requirement of its non-duplicable group.' },
    NO_ROOM: { description: 'The terms it could go in are full (per-term caps).' },
  },
});

@InputType('GeneratePlanInput', { description: 'What to generate a plan for.' })
class GeneratePlanInputGql {
  @Field(() => Int, { nullable: true, description: 'The student (staff: a student of their schools); left out: the caller.' }) studentId?: number | null;
  @Field(() => [Int], { description: "Pathways to plan for (ids); the school's graduation pathway is always added." }) pathwayIds: number[];
  @Field(() => Boolean, { nullable: true, description: 'Whether planned (not completed) courses may move to other terms still ahead.' }) movePlanned?: boolean | null;
  @Field(() => Int, { nullable: true, description: "Seconds the solver may take (1 to 60); left out: the server's setting." }) timeLimitSeconds?: number | null;
}

@ObjectType({ description: 'A course of the generated plan.' })
class GeneratedEntry {
  @Field(() => Int, { description: 'Course id.' }) courseId: number;
  @Field(() => String, { description: 'Course code.' }) courseCode: string;
  @Field(() => String, { description: 'Course title.' }) title: string;
  @Field(() => Int, { description: 'Term, 1-based position among the plan labels.' }) term: number;
  @Field(() => String, { description: 'The term label.' }) termLabel: string;
  @Field(() => Boolean, { description: 'Added by the generator (not in the plan before).' }) added: boolean;
  @Field(() => Int, { nullable: true, description: 'The term it was in before, when the generator moved it.' }) movedFrom: number | null;
}

@ObjectType({ description: 'Something that keeps a requirement from being met.' })
class PlanBlocker {
  @Field(() => PlanBlockReason, { description: 'Why.' }) reason: BlockReason;
  @Field(() => Int, { nullable: true, description: 'The course concerned; null for the requirement itself.' }) courseId: number | null;
  @Field(() => String, { nullable: true, description: 'Its code.' }) courseCode: string | null;
  @Field(() => Int, { nullable: true, description: 'The prerequisite that blocks it.' }) prerequisiteId: number | null;
  @Field(() => String, { nullable: true, description: "The prerequisite's code." }) prerequisiteCode: string | null;
  @Field(() => Int, { nullable: true, description: 'COUNTED_ELSEWHERE: the requirement it counts toward.' }) requirementId: number | null;
  @Field(() => String, { nullable: true, description: "That requirement's name." }) requirementName: string | null;
  @Field(() => [String], { nullable: true, description: 'Seasons the course is offered in (fall, spring, summer); null: every term.' }) offeredTerms: string[] | null;
  @Field(() => String, {
    nullable: true,
    description: 'When a prerequisite is the cause: the last term the course could go in, which the prerequisite does not fit before.',
  })
  lastTermLabel: string | null;
}

@ObjectType({ description: 'A requirement no plan can meet, by how much, and what blocks it.' })
export class PlanShortfall {
  @Field(() => Int, { description: 'Requirement id.' }) requirementId: number;
  @Field(() => String, { description: 'Requirement name.' }) requirementName: string;
  @Field(() => String, { description: 'Its pathway.' }) pathwayName: string;
  @Field(() => Int, { description: 'Courses still missing.' }) missingCourses: number;
  @Field(() => Float, { description: 'Units still missing.' }) missingUnits: number;
  @Field(() => [PlanBlocker], { description: 'What blocks it.' }) blockedBy: PlanBlocker[];
}

@ObjectType('AutoPlan', { description: 'A generated plan (a preview; nothing is saved).' })
export class GeneratedPlanGql {
  @Field(() => AutoPlanStatus, { description: 'What was proven.' }) status: AutoPlanStatus;
  @Field(() => Int, { description: 'Terms the plan uses; 0 without a plan.' }) terms: number;
  @Field(() => [String], { description: "The plan's term labels." }) labels: string[];
  @Field(() => [String], { description: 'The pathways planned for (names).' }) pathways: string[];
  @Field(() => [GeneratedEntry], { description: 'The whole plan, term by term.' }) entries: GeneratedEntry[];
  @Field(() => [PlanShortfall], { description: 'INFEASIBLE: what cannot be met and why.' }) shortfalls: PlanShortfall[];
  @Field(() => Int, { description: 'The time limit used, in seconds.' }) timeLimitSeconds: number;
  @Field(() => Float, { description: 'Seconds the solve took.' }) seconds: number;
}

@ObjectType({ description: 'What replacing the plan with the generated one changed.' })
class ReplacedPlan {
  @Field(() => Int, { description: 'Courses added to the plan.' }) added: number;
  @Field(() => Int, { description: 'Planned courses moved to another term.' }) moved: number;
}

/** The service's answer with names and codes filled in, as both APIs show it (auto-plan-view.ts). */
export const generatedView = (g: GeneratedPlan): GeneratedPlanGql => planView(g) as GeneratedPlanGql;

const serviceInput = (input: GeneratePlanInputGql) =>
  checkGeneratePlan({
    student_id: input.studentId ?? null,
    pathway_ids: input.pathwayIds,
    move_planned: input.movePlanned ?? false,
    time_limit_seconds: input.timeLimitSeconds ?? null,
  });

@Resolver()
export class AutoPlanResolver {
  @Mutation(() => Int, {
    description:
      "Generates the plan (as generatePlan) and saves it as a new what-if plan of the student with this name; answers the what-if plan's id. The student themself, or staff for a student of their schools (studentId). The official plan is not touched.",
  })
  async saveGeneratedPlan(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => GeneratePlanInputGql, { description: 'Pathways and options, as for generatePlan.' }) input: GeneratePlanInputGql,
    @Arg('name', () => String, { description: "The what-if plan's name." }) name: string,
  ): Promise<number> {
    return (await ctx.services.autoPlan.saveAsWhatIf(ctx, serviceInput(input), name)).id;
  }

  @Mutation(() => ReplacedPlan, {
    description:
      "Generates the plan (as generatePlan) and makes it the caller's official plan: the courses it adds go in, the ones it moves (movePlanned) move, everything else stays. The student's own plan only (also a counselor viewing as them); nothing changes when no plan meets the pathways.",
  })
  async replacePlanWithGenerated(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => GeneratePlanInputGql, { description: 'Pathways and options, as for generatePlan (studentId: left out, or the caller).' })
    input: GeneratePlanInputGql,
  ): Promise<ReplacedPlan> {
    return ctx.services.autoPlan.replacePlan(ctx, serviceInput(input));
  }

  @Mutation(() => GeneratedPlanGql, {
    description:
      'Generates the fewest-terms plan meeting every requirement of the pathways (and the graduation pathway), or proves which requirement cannot be met and why. A preview: nothing is saved.',
  })
  async generatePlan(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => GeneratePlanInputGql, { description: 'Student, pathways and options.' }) input: GeneratePlanInputGql,
  ): Promise<GeneratedPlanGql> {
    return generatedView(await ctx.services.autoPlan.generate(ctx, serviceInput(input)));
  }
}
