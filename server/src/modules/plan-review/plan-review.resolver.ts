/** Plan review on /graphql: the review of a plan and its three actions. Thin: PlanReviewService decides. */
import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { PlanChangeKindEnum, PlanReviewStatusEnum, ReviewActionEnum } from '../../graphql/enums.js';
import { checkReturnPlan } from './plan-review-input.js';
import type { PlanChangeView, PlanReviewEventView, PlanReviewView } from './plan-review.service.js';

@ObjectType({ description: 'One step of a plan review: who submitted, returned or approved the plan, and when' })
class PlanReviewEvent {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => ReviewActionEnum, { description: 'submitted, returned or approved' }) action: string;
  @Field(() => String, { nullable: true, description: 'Who did it (null: the account was deleted).' }) actorName: string | null;
  @Field(() => String, { nullable: true, description: "The counselor's comment of a return." }) comment: string | null;
  @Field(() => Date, { description: 'When.' }) createdAt: Date;
  @Field(() => Int, { nullable: true, description: 'The approved version an approval recorded.' }) version: number | null;
}

@ObjectType({ description: 'A change of the plan since its approved version' })
class PlanChange {
  @Field(() => PlanChangeKindEnum, { description: 'added, removed, moved (to another term) or grade_changed' }) kind: string;
  @Field(() => Int, { description: 'Numeric identifier of the course.' }) courseId: number;
  @Field(() => String, { description: "The school's code of the course." }) courseCode: string;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => String, { nullable: true, description: 'The term before (1-based position as text); null for an added course.' }) fromTerm: string | null;
  @Field(() => String, { nullable: true, description: 'The term now; null for a removed course.' }) toTerm: string | null;
  @Field(() => String, { nullable: true, description: 'Label of the term before.' }) fromTermLabel: string | null;
  @Field(() => String, { nullable: true, description: 'Label of the term now.' }) toTermLabel: string | null;
  @Field(() => String, { nullable: true, description: 'The grade before.' }) fromGrade: string | null;
  @Field(() => String, { nullable: true, description: 'The grade now.' }) toGrade: string | null;
}

@ObjectType({ description: "The review state of a student's plan, its history, and (for the student's counselors) what changed since approval" })
class PlanReview {
  @Field(() => Int, { description: "The student's user id." }) studentId: number;
  @Field(() => String, { description: "The student's full name." }) studentName: string;
  @Field(() => Boolean, { description: "Whether plan review is on at the student's school (off: always draft, no actions)." }) enabled: boolean;
  @Field(() => PlanReviewStatusEnum, { description: 'draft, submitted, returned, approved or changed_since_approval' }) status: string;
  @Field(() => String, { nullable: true, description: "The counselor's comment while the plan is returned." }) comment: string | null;
  @Field(() => Int, { nullable: true, description: 'The latest approved version (1, 2, ...).' }) approvedVersion: number | null;
  @Field(() => Date, { nullable: true, description: 'When the latest approved version was approved.' }) approvedAt: Date | null;
  @Field(() => [PlanReviewEvent], { description: 'Every step, newest first.' }) events: PlanReviewEventView[];
  @Field(() => [PlanChange], {
    nullable: true,
    description: "Changes since the approved version: staff of the student's school only (null otherwise, or with no approved version).",
  })
  changes: PlanChangeView[] | null;
  @Field(() => Boolean, { description: 'Whether the caller may submit the plan now.' }) canSubmit: boolean;
  @Field(() => Boolean, { description: 'Whether the caller may approve or return the plan now.' }) canReview: boolean;
}

const studentArg = { nullable: true, description: "The student's user id (default: the account the token acts as)." } as const;

@Resolver()
export class PlanReviewResolver {
  @Query(() => PlanReview, { description: "The review of a student's plan: the student, their counselors, linked parents" })
  planReview(@Ctx() ctx: AdapterContext, @Arg('studentId', () => Int, studentArg) studentId: number | null): Promise<PlanReviewView> {
    return ctx.services.planReview.review(ctx, studentId);
  }

  @Mutation(() => PlanReview, { description: 'The student submits their plan for review' })
  submitPlanForReview(@Ctx() ctx: AdapterContext, @Arg('studentId', () => Int, studentArg) studentId: number | null): Promise<PlanReviewView> {
    return ctx.services.planReview.submit(ctx, studentId);
  }

  @Mutation(() => PlanReview, { description: "Staff of the student's school approve the plan (a new approved version)" })
  approvePlan(@Ctx() ctx: AdapterContext, @Arg('studentId', () => Int, studentArg) studentId: number | null): Promise<PlanReviewView> {
    return ctx.services.planReview.approve(ctx, studentId);
  }

  @Mutation(() => PlanReview, { description: "Staff of the student's school return the plan to the student with a comment" })
  returnPlan(
    @Ctx() ctx: AdapterContext,
    @Arg('studentId', () => Int, studentArg) studentId: number | null,
    @Arg('comment', () => String, { description: 'What the student should change (required).' }) comment: string,
  ): Promise<PlanReviewView> {
    return ctx.services.planReview.returnPlan(ctx, studentId, checkReturnPlan({ comment }));
  }
}
