/** The plan on /graphql: the plan query and its mutations. Thin: PlansService decides. */
import { Arg, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import { fullName } from '../accounts/user.entity.js';
import { School } from '../schools/school.entity.js';
import { ScheduledCourse } from './scheduled-course.entity.js';
import type { PlanCourseInfo, PlanEntry, PlanView } from './plans.service.js';

@ObjectType({ description: 'A course as the plan shows it: codes, units, school and prerequisite groups' })
export class PlanCourse {
  @Field(() => Int, { description: 'Numeric course id (the course_id of POST /api/add-scheduled-course/)' }) id: number;
  @Field(() => ID) uuid: string;
  @Field(() => String, { description: "The school's code of the course, e.g. 4401" }) courseId: string;
  @Field(() => String) title: string;
  @Field(() => String) description: string;
  @Field(() => Float) units: number;
  @Field(() => [String], { description: "Display strings: each group's course codes joined with ' or '" }) prerequisiteGroups: string[];
  schoolId: number;
}

@ObjectType({ description: 'A term of the plan, in display order' })
class PlanTerm {
  @Field(() => String, { description: 'The term value of its courses: the 1-based position as text' }) term: string;
  @Field(() => Int, { nullable: true, description: 'Position among the labels; null for courses whose term is not a label' }) position: number | null;
  @Field(() => String) label: string;
  @Field(() => Float) units: number;
  @Field(() => [ScheduledCourse]) courses: PlanEntry[];
}

@ObjectType({ description: 'A prerequisite group with no course in the same or an earlier term' })
class PlanWarning {
  @Field(() => Int) scheduledCourseId: number;
  @Field(() => Int) courseId: number;
  @Field(() => String) title: string;
  @Field(() => String) term: string;
  @Field(() => String) termLabel: string;
  @Field(() => String, { description: 'Prerequisite not met for "{title}" in {term label}' }) message: string;
}

@ObjectType({ description: "A student's (or baseline plan's) academic plan" })
class Plan {
  @Field(() => ID) id: string;
  @Field(() => Int) userId: number;
  @Field(() => String) firstName: string;
  @Field(() => String) lastName: string;
  @Field(() => String) fullName: string;
  @Field(() => Int) userType: number;
  @Field(() => Boolean, { description: "True in a parent's view: every change is refused" }) readOnly: boolean;
  @Field(() => [String]) labels: string[];
  @Field(() => [PlanTerm]) terms: PlanTerm[];
  @Field(() => [PlanWarning]) warnings: PlanWarning[];
  @Field(() => Float) totalUnits: number;
  @Field(() => Float) completedUnits: number;
}

function toPlan(view: PlanView): Plan {
  return {
    id: `plan:${view.user.id}`,
    userId: view.user.id,
    firstName: view.user.firstName,
    lastName: view.user.lastName,
    fullName: fullName(view.user),
    userType: view.user.userType,
    readOnly: view.readOnly,
    labels: view.labels,
    terms: view.terms,
    warnings: view.warnings,
    totalUnits: view.totalUnits,
    completedUnits: view.completedUnits,
  };
}

@Resolver(() => ScheduledCourse)
export class PlansResolver {
  @Query(() => Plan, { description: 'The plan of the caller (or of the student they view as), with terms and prerequisite warnings' })
  async plan(@Ctx() ctx: RequestContext): Promise<Plan> {
    return toPlan(await ctx.services.plans.plan(ctx));
  }

  @Query(() => PlanCourse, { description: 'A course the caller can put in a plan, by uuid (the student course page)' })
  planCourse(@Ctx() ctx: RequestContext, @Arg('uuid', () => ID) uuid: string): Promise<PlanCourseInfo> {
    return ctx.services.plans.courseByUuid(ctx, uuid);
  }

  @Mutation(() => ScheduledCourse, { description: 'Adds a course to a term (1-based position as text) of the plan' })
  scheduleCourse(
    @Ctx() ctx: RequestContext,
    @Arg('courseId', () => Int) courseId: number,
    @Arg('term', () => String) term: string,
  ): Promise<PlanEntry> {
    return ctx.services.plans.schedule(ctx, { course_id: courseId, term });
  }

  @Mutation(() => Boolean, { description: 'Removes a course (by course id) from the plan' })
  async unscheduleCourse(@Ctx() ctx: RequestContext, @Arg('courseId', () => Int) courseId: number): Promise<boolean> {
    await ctx.services.plans.unschedule(ctx, courseId);
    return true;
  }

  @Mutation(() => ScheduledCourse)
  updateGrade(
    @Ctx() ctx: RequestContext,
    @Arg('scheduledCourseId', () => Int) scheduledCourseId: number,
    @Arg('grade', () => String) grade: string,
    @Arg('completed', () => Boolean) completed: boolean,
  ): Promise<PlanEntry> {
    return ctx.services.plans.updateGrade(ctx, scheduledCourseId, { grade, completed });
  }

  @Mutation(() => Plan, { description: 'Moves a course to a term, at a position there (default: the end)' })
  async moveScheduledCourse(
    @Ctx() ctx: RequestContext,
    @Arg('scheduledCourseId', () => Int) scheduledCourseId: number,
    @Arg('term', () => String) term: string,
    @Arg('position', () => Int, { nullable: true }) position: number | null,
  ): Promise<Plan> {
    await ctx.services.plans.moveToTerm(ctx, scheduledCourseId, { term, position: position ?? undefined });
    return toPlan(await ctx.services.plans.plan(ctx));
  }

  @Mutation(() => Plan, { description: 'The courses of one term in their new order' })
  async reorderTerm(
    @Ctx() ctx: RequestContext,
    @Arg('term', () => String) term: string,
    @Arg('scheduledCourseIds', () => [Int]) scheduledCourseIds: number[],
  ): Promise<Plan> {
    await ctx.services.plans.reorderTerm(ctx, term, scheduledCourseIds);
    return toPlan(await ctx.services.plans.plan(ctx));
  }

  @Mutation(() => Plan)
  async addTerm(@Ctx() ctx: RequestContext, @Arg('label', () => String) label: string): Promise<Plan> {
    await ctx.services.plans.addTerm(ctx, label);
    return toPlan(await ctx.services.plans.plan(ctx));
  }

  @Mutation(() => Plan, { description: 'Renames the term at position and moves it to newPosition; its courses move with it' })
  async updateTerm(
    @Ctx() ctx: RequestContext,
    @Arg('position', () => Int) position: number,
    @Arg('label', () => String) label: string,
    @Arg('newPosition', () => Int, { nullable: true }) newPosition: number | null,
  ): Promise<Plan> {
    await ctx.services.plans.updateTerm(ctx, position, label, newPosition);
    return toPlan(await ctx.services.plans.plan(ctx));
  }

  @Mutation(() => Plan, { description: 'Deletes an empty term; later terms move up' })
  async deleteTerm(@Ctx() ctx: RequestContext, @Arg('position', () => Int) position: number): Promise<Plan> {
    await ctx.services.plans.deleteTerm(ctx, position);
    return toPlan(await ctx.services.plans.plan(ctx));
  }

  @FieldResolver(() => PlanCourse)
  async course(@Root() entry: ScheduledCourse & { course?: PlanCourseInfo }, @Ctx() ctx: RequestContext): Promise<PlanCourseInfo> {
    if (entry.course) return entry.course;
    const course = await ctx.loaders.planCourseById.load(entry.courseId);
    if (!course) throw new Error(`Course ${entry.courseId} of a plan entry is missing.`);
    return course;
  }
}

@Resolver(() => PlanCourse)
export class PlanCourseResolver {
  @FieldResolver(() => School, { nullable: true })
  school(@Root() course: PlanCourse, @Ctx() ctx: RequestContext): Promise<School | null> {
    return ctx.loaders.schoolById.load(course.schoolId);
  }

  @FieldResolver(() => ScheduledCourse, { nullable: true, description: "The course's entry in the caller's plan, if scheduled" })
  scheduled(@Root() course: PlanCourse, @Ctx() ctx: RequestContext): Promise<PlanEntry | null> {
    const user = ctx.caller?.user;
    if (!user) return Promise.resolve(null);
    return ctx.loaders.scheduledEntry.load(`${user.id}:${course.id}`);
  }
}
