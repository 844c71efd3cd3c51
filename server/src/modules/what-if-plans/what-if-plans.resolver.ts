/** What-if plans on /graphql: the list, one plan, the compare view and the student's changes. Thin: WhatIfPlansService decides. */
import { Arg, Ctx, Field, Float, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { WhatIfStartEnum } from '../../graphql/enums.js';
import { RequirementProgress } from '../pathways/pathways.resolver.js';
import { Plan, toPlan } from '../plans/plans.resolver.js';
import { checkCompared, checkWhatIfCreate, checkWhatIfName, MAX_WHAT_IF_PLANS } from './what-if-input.js';
import type { WhatIfRow } from './what-if-store.js';
import type { RequirementProgressRow } from '../pathways/progress.js';

@ObjectType({ description: "One of a student's named alternative plans" })
class WhatIfPlan {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'Name, as shown to people (1 to 80 characters).' }) name: string;
  @Field(() => Int, { description: 'How many courses it holds.' }) courseCount: number;
  @Field(() => Float, { description: 'The total units.' }) totalUnits: number;
  @Field(() => Date, { description: 'When it was created.' }) createdAt: Date;
  @Field(() => Date, { description: 'When it last changed.' }) updatedAt: Date;
}

@ObjectType({ description: "A student's what-if plans, and whether the caller may change them" })
class WhatIfPlanList {
  @Field(() => Int, { description: 'Numeric identifier of the student.' }) studentId: number;
  @Field(() => Boolean, { description: 'True for the student in their own session; staff and parents read only.' }) canEdit: boolean;
  @Field(() => Int, { description: 'The most what-if plans a student may keep.' }) limit: number;
  @Field(() => [WhatIfPlan], { description: 'The plans, oldest first.' }) plans: WhatIfRow[];
}

@ObjectType({ description: "One side of the compare view: a plan and its requirement progress from the student's progress engine" })
class ComparedPlan {
  @Field(() => Int, { nullable: true, description: 'The what-if plan; null for the official plan.' }) whatIfPlanId: number | null;
  @Field(() => String, { nullable: true, description: "The what-if plan's name; null for the official plan." }) name: string | null;
  @Field(() => Int, { description: 'How many courses the plan holds.' }) courseCount: number;
  @Field(() => Float, { description: 'The total units.' }) totalUnits: number;
  @Field(() => [RequirementProgress], { description: 'Progress of every requirement the student sees.' }) progress: RequirementProgressRow[];
}

const studentArg = { nullable: true, description: "A student's id, for staff of the student's school and linked parents (default: the caller)." };

@Resolver()
export class WhatIfPlansResolver {
  @Query(() => WhatIfPlanList, { description: 'The what-if plans of the caller (or of the student they view as, or of studentId)' })
  async whatIfPlans(@Ctx() ctx: AdapterContext, @Arg('studentId', () => Int, studentArg) studentId: number | null): Promise<WhatIfPlanList> {
    const { student, plans } = await ctx.services.whatIfPlans.list(ctx, studentId);
    const caller = ctx.caller!;
    const canEdit = caller.user.id === student.id && caller.actingUserId === null && !caller.readOnly;
    return { studentId: student.id, canEdit, limit: MAX_WHAT_IF_PLANS, plans };
  }

  @Query(() => Plan, { description: 'One what-if plan as the plan screens show it (read-only for anyone but the student)' })
  async whatIfPlan(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number): Promise<Plan> {
    return toPlan(await ctx.services.whatIfPlans.view(ctx, id));
  }

  @Query(() => [ComparedPlan], { description: "Two plans' requirement progress side by side; a side is 'official' or a what-if plan's id" })
  comparePlans(
    @Ctx() ctx: AdapterContext,
    @Arg('left', () => String, { description: "'official' or a what-if plan's id." }) left: string,
    @Arg('right', () => String, { description: "'official' or a what-if plan's id." }) right: string,
    @Arg('studentId', () => Int, studentArg) studentId: number | null,
  ): Promise<ComparedPlan[]> {
    return ctx.services.whatIfPlans.compare(ctx, checkCompared(left, right), studentId);
  }

  @Mutation(() => WhatIfPlan, { description: 'Starts a what-if plan: empty, as a copy of the official plan, or from a baseline plan' })
  createWhatIfPlan(
    @Ctx() ctx: AdapterContext,
    @Arg('name', () => String, { description: 'Name, as shown to people (1 to 80 characters).' }) name: string,
    @Arg('start', () => WhatIfStartEnum, { nullable: true, description: "'empty' (default), 'official' or 'baseline'." }) start: string | null,
    @Arg('baselineId', () => Int, { nullable: true, description: "The baseline plan to start from, with start 'baseline'." }) baselineId: number | null,
  ): Promise<WhatIfRow> {
    return ctx.services.whatIfPlans.create(ctx, checkWhatIfCreate({ name, start, baselineId }));
  }

  @Mutation(() => WhatIfPlan, { description: 'Renames a what-if plan.' })
  renameWhatIfPlan(
    @Ctx() ctx: AdapterContext,
    @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number,
    @Arg('name', () => String, { description: 'The new name (1 to 80 characters).' }) name: string,
  ): Promise<WhatIfRow> {
    return ctx.services.whatIfPlans.rename(ctx, id, checkWhatIfName(name));
  }

  @Mutation(() => Boolean, { description: 'Deletes a what-if plan and its courses.' })
  async deleteWhatIfPlan(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number): Promise<boolean> {
    await ctx.services.whatIfPlans.remove(ctx, id);
    return true;
  }

  @Mutation(() => Plan, { description: "Makes a what-if plan the official plan: the official plan's terms and courses become exact copies of it" })
  async makeWhatIfPlanOfficial(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number): Promise<Plan> {
    return toPlan(await ctx.services.whatIfPlans.makeOfficial(ctx, id));
  }
}
