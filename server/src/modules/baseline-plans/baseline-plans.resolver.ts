/** GraphQL twin of baseline-plans.rest.ts: the same service calls; a plan's title and description are its first and last name. */
import { checkPlanCreate, checkPlanId, checkPlanText } from './baseline-plan-input.js';
import { Arg, Ctx, Field, FieldResolver, Float, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import type { User } from '../accounts/user.entity.js';
import { School } from '../schools/school.entity.js';
import type { PlanPage } from './baseline-plans.service.js';

@ObjectType({ description: 'A baseline plan: a ready-made plan of a school (a type-4 record)' })
export class BaselinePlan {
  @Field(() => Int, { description: 'The record id: view it with viewAsStudent(studentId)' }) id: number;
  @Field(() => String, { description: 'first_name of the record' }) title: string;
  @Field(() => String, { description: 'last_name of the record' }) description: string;
  @Field(() => String, { description: 'Generated: baseline_plan_ and a timestamp' }) username: string;
  @Field(() => [String], { description: 'Labels of the academic years (HS: four, CLG: two).' }) academicYearLabels: string[];
  schoolId: number | null;
}

@ObjectType({ description: 'A page of baseline plan items, with the total count and the cursor of the next page.' })
class BaselinePlanConnection {
  @Field(() => [BaselinePlan], { description: 'The items of this page.' }) nodes: BaselinePlan[];
  @Field(() => Int, { description: 'How many items match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: 'Cursor of the last item of this page; pass it as `after` to read the next page.', nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows (ask again with after = endCursor).' }) hasNextPage: boolean;
}

@ObjectType({ description: "A course in the caller's plan" })
class PlannedCourse {
  @Field(() => Int, { description: 'Numeric identifier of the course.' }) courseId: number;
  @Field(() => String, { description: "The school's course code, e.g. 2401" }) courseCode: string;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => Float, { description: 'Credit units.' }) units: number;
  @Field(() => String, { description: '1-based position among the term labels, as text' }) term: string;
  @Field(() => Int, { description: 'Position (0-based order).' }) position: number;
}

@ObjectType({ description: 'GET /api/assign-plan-to-student/: what the student has before choosing a plan' })
class PlanAssignmentStatus {
  @Field(() => Boolean, { description: 'Whether it has courses.' }) hasCourses: boolean;
  @Field(() => Int, { description: 'The course count.' }) courseCount: number;
  @Field(() => [PlannedCourse], { description: 'The courses.' }) courses: PlannedCourse[];
}

export const toBaselinePlan = (u: User): BaselinePlan => ({
  id: u.id,
  title: u.firstName,
  description: u.lastName,
  username: u.email,
  academicYearLabels: u.academicYearLabels,
  schoolId: u.schoolId,
});
const toConnection = (p: PlanPage): BaselinePlanConnection => ({
  nodes: p.rows.map(toBaselinePlan),
  totalCount: p.totalCount,
  endCursor: p.endCursor,
  hasNextPage: p.hasNextPage,
});

@Resolver(() => BaselinePlan)
export class BaselinePlansResolver {
  @Query(() => BaselinePlanConnection, { description: "Staff: their schools' baseline plans, by title" })
  async baselinePlans(
    @Ctx() ctx: AdapterContext,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<BaselinePlanConnection> {
    return toConnection(await ctx.services.baselinePlans.list(ctx, first ?? 50, after));
  }

  @Query(() => BaselinePlanConnection, { description: "Students: their school's baseline plans" })
  async baselinePlansForSchool(
    @Ctx() ctx: AdapterContext,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<BaselinePlanConnection> {
    return toConnection(await ctx.services.baselinePlans.listForSchool(ctx, first ?? 50, after));
  }

  @Query(() => PlanAssignmentStatus, { description: 'Reads the plan assignment status.' })
  async planAssignmentStatus(@Ctx() ctx: AdapterContext): Promise<PlanAssignmentStatus> {
    const { courseCount, courses } = await ctx.services.baselinePlans.planSummary(ctx);
    return { hasCourses: courseCount > 0, courseCount, courses };
  }

  @Mutation(() => BaselinePlan, { description: 'Creates the baseline plan.' })
  async createBaselinePlan(
    @Ctx() ctx: AdapterContext,
    @Arg('title', () => String, { description: 'Title, as shown to people.' }) title: string,
    @Arg('description', () => String, { description: 'Description of the baseline plan, shown to staff.' }) description: string,
    @Arg('username', () => String, { nullable: true, description: 'Generated when missing' }) username: string | null,
  ): Promise<BaselinePlan> {
    return toBaselinePlan(await ctx.services.baselinePlans.create(ctx, checkPlanCreate({ first_name: title, last_name: description, username: username ?? undefined })));
  }

  @Mutation(() => BaselinePlan, { description: 'Updates the baseline plan.' })
  async updateBaselinePlan(
    @Ctx() ctx: AdapterContext,
    @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number,
    @Arg('title', () => String, { description: 'Title, as shown to people.' }) title: string,
    @Arg('description', () => String, { description: 'Description of the baseline plan, shown to staff.' }) description: string,
  ): Promise<BaselinePlan> {
    return toBaselinePlan(await ctx.services.baselinePlans.update(ctx, id, checkPlanText({ first_name: title, last_name: description })));
  }

  @Mutation(() => Boolean, { description: 'Deletes the baseline plan.' })
  async deleteBaselinePlan(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number): Promise<boolean> {
    await ctx.services.baselinePlans.remove(ctx, id);
    return true;
  }

  @Mutation(() => BaselinePlan, { description: "A copy titled '{title} (Copy)' with the same terms and courses" })
  async duplicateBaselinePlan(
    @Ctx() ctx: AdapterContext,
    @Arg('planId', () => Int, { description: 'Identifier of the baseline plan.' }) planId: number,
  ): Promise<BaselinePlan> {
    return toBaselinePlan(await ctx.services.baselinePlans.duplicate(ctx, checkPlanId({ planId })));
  }

  @Mutation(() => Int, { description: "Replaces the student's terms and courses with the plan's; answers the number of courses copied" })
  assignPlanToStudent(@Ctx() ctx: AdapterContext, @Arg('planId', () => Int, { description: 'Identifier of the baseline plan.' }) planId: number): Promise<number> {
    return ctx.services.baselinePlans.assignToStudent(ctx, checkPlanId({ planId }));
  }

  @Mutation(() => Int, { description: "Removes every course from the student's plan; answers how many" })
  clearStudentCourses(@Ctx() ctx: AdapterContext): Promise<number> {
    return ctx.services.baselinePlans.clearStudentCourses(ctx);
  }

  @FieldResolver(() => Int, { description: 'The course count.' })
  courseCount(@Root() plan: BaselinePlan, @Ctx() ctx: AdapterContext): Promise<number> {
    return ctx.loaders.scheduledCourseCountByUser.load(plan.id);
  }

  @FieldResolver(() => School, { description: 'The school.', nullable: true })
  async school(@Root() plan: BaselinePlan, @Ctx() ctx: AdapterContext): Promise<School | null> {
    return plan.schoolId === null ? null : ctx.loaders.schoolById.load(plan.schoolId);
  }
}
