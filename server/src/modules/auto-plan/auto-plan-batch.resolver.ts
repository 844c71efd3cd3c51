/** Plans generated for a selection of the caseload on GraphQL: the adapter of AutoPlanBatchService (the REST one is auto-plan-batch.rest.ts). */
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver, registerEnumType } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { ROW_REASON_PARAMS_DESCRIPTION } from '../../core/errors.js';
import { checkBatchStart } from './auto-plan-batch-input.js';
import type { BatchView } from './auto-plan-batch.service.js';
import { PlanShortfall } from './auto-plan.resolver.js';

export enum AutoPlanBatchOutcome {
  SAVED = 'SAVED',
  INFEASIBLE = 'INFEASIBLE',
  UNPROVEN = 'UNPROVEN',
  NO_PATHWAY = 'NO_PATHWAY',
  NOT_SAVED = 'NOT_SAVED',
}
registerEnumType(AutoPlanBatchOutcome, {
  name: 'AutoPlanBatchOutcome',
  description: "What became of a student's generated plan",
  valuesConfig: {
    SAVED: { description: 'Saved as a new what-if plan named for the pathways (planName).' },
    INFEASIBLE: { description: 'Proven: no plan meets the pathways; shortfalls say which requirement and why. Nothing saved.' },
    UNPROVEN: { description: 'The time limit ran out before any plan was found. Nothing saved.' },
    NO_PATHWAY: { description: 'The student follows no pathway and the school has no graduation pathway. Nothing saved.' },
    NOT_SAVED: { description: 'A plan could not be saved (reason: five what-if plans already, no school of record).' },
  },
});

export enum AutoPlanBatchState {
  queued = 'queued',
  running = 'running',
  done = 'done',
  failed = 'failed',
}
registerEnumType(AutoPlanBatchState, {
  name: 'AutoPlanBatchState',
  description: "A batch's way through the background job",
  valuesConfig: {
    queued: { description: 'Waiting for the job to start.' },
    running: { description: 'Plans being generated; done counts the students finished.' },
    done: { description: 'Every student has a result.' },
    failed: { description: 'Stopped after repeated failures; the results so far stay.' },
  },
});

@ObjectType({ description: "Why a student's plan was not saved." })
class AutoPlanBatchReason {
  @Field(() => String, { description: 'Why, as a stable reason code.' }) reason: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: ROW_REASON_PARAMS_DESCRIPTION }) params: Record<string, string> | null;
  @Field(() => String, { description: 'The English text of the reason.' }) message: string;
}

@ObjectType({ description: "One student's result in a batch." })
class AutoPlanBatchResult {
  @Field(() => Int, { description: 'The student.' }) studentId: number;
  @Field(() => String, { description: "The student's first name." }) firstName: string;
  @Field(() => String, { description: "The student's last name." }) lastName: string;
  @Field(() => AutoPlanBatchOutcome, { nullable: true, description: 'null while the student waits their turn.' }) outcome: AutoPlanBatchOutcome | null;
  @Field(() => String, { nullable: true, description: 'What the solver proved (OPTIMAL, INFEASIBLE, UNPROVEN); null when it did not run.' })
  solverStatus: string | null;
  @Field(() => Int, { nullable: true, description: 'SAVED: the new what-if plan.' }) whatIfPlanId: number | null;
  @Field(() => String, { nullable: true, description: "SAVED: the what-if plan's name (the pathways')." }) planName: string | null;
  @Field(() => AutoPlanBatchReason, { nullable: true, description: 'NOT_SAVED and NO_PATHWAY: why.' }) reason: AutoPlanBatchReason | null;
  @Field(() => [PlanShortfall], { description: 'INFEASIBLE: what cannot be met and why.' }) shortfalls: PlanShortfall[];
}

@ObjectType('AutoPlanBatch', { description: 'Plans generated for a selection of students in the background, with its progress.' })
class AutoPlanBatchGql {
  @Field(() => ID, { description: 'Identifier, to ask for the progress.' }) id: string;
  @Field(() => AutoPlanBatchState, { description: 'queued, running, done or failed.' }) state: AutoPlanBatchState;
  @Field(() => Int, { description: 'Students in the batch.' }) total: number;
  @Field(() => Int, { description: 'Students finished so far.' }) done: number;
  @Field(() => Date, { description: 'When it was started.' }) createdAt: Date;
  @Field(() => Date, { nullable: true, description: 'When it finished.' }) finishedAt: Date | null;
  @Field(() => [AutoPlanBatchResult], { description: 'Each student in the order asked, with their result once done.' }) results: AutoPlanBatchResult[];
}

const gql = (v: BatchView): AutoPlanBatchGql => ({
  ...v,
  state: v.state as AutoPlanBatchState,
  results: v.results.map((r) => ({
    ...r,
    outcome: r.outcome as AutoPlanBatchOutcome | null,
    reason: r.reason ? { reason: r.reason.reason, params: r.reason.params ?? null, message: r.reason.message } : null,
  })),
});

@Resolver()
export class AutoPlanBatchResolver {
  @Mutation(() => AutoPlanBatchGql, {
    description:
      "Staff: generates plans for students of their schools in the background, each for the pathways the student follows, saved as a what-if plan named for them (the official plan is never touched). Another school's student: nothing starts (not found). Ask autoPlanBatch for the progress.",
  })
  async generatePlansForStudents(
    @Ctx() ctx: AdapterContext,
    @Arg('studentIds', () => [Int], { description: 'The students (1 to 1000).' }) studentIds: number[],
    @Arg('timeLimitSeconds', () => Int, { nullable: true, description: "Seconds each solve may take (1 to 60); left out: the server's setting." })
    timeLimitSeconds?: number | null,
  ): Promise<AutoPlanBatchGql> {
    return gql(await ctx.services.autoPlanBatches.start(ctx, checkBatchStart({ student_ids: studentIds, time_limit_seconds: timeLimitSeconds ?? null })));
  }

  @Query(() => AutoPlanBatchGql, { description: 'Staff: a batch they started, with its progress and each result so far.' })
  async autoPlanBatch(@Ctx() ctx: AdapterContext, @Arg('id', () => ID, { description: 'The batch id.' }) id: string): Promise<AutoPlanBatchGql> {
    return gql(await ctx.services.autoPlanBatches.status(ctx, id));
  }
}
