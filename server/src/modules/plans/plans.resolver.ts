/** The plan on /graphql: the plan query and its mutations. Thin: PlansService decides. */
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Field, FieldResolver, Float, ID, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { selects } from '../../graphql/selection.js';
import type { DirectFieldResolvers } from '../../graphql/direct-fields.js';
import { fullName, UserType } from '../accounts/user.entity.js';
import { School } from '../schools/school.entity.js';
import { ScheduledCourse } from './scheduled-course.entity.js';
import type { EntrySource, PlanCourseInfo, PlanEntry } from './plan-store.js';
import { EntrySourceEnum } from '../../graphql/enums.js';
import type { PlanView } from './plan-view.js';
import { checkGrade, checkLabel, checkMove, checkSchedule, checkTerm, checkTermPosition } from './plan-input.js';
import { schoolsOfEntries } from './plans.loaders.js';

@ObjectType({ description: 'A course as the plan shows it: codes, units, school and prerequisite groups' })
export class PlanCourse {
  @Field(() => Int, { description: 'Numeric course id (the course_id of POST /api/add-scheduled-course/)' }) id: number;
  @Field(() => ID, { description: 'Stable public identifier (UUID).' }) uuid: string;
  @Field(() => String, { description: "The school's code of the course, e.g. 4401" }) courseId: string;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => String, { description: 'Free-text description.' }) description: string;
  @Field(() => Float, { description: 'Credit units.' }) units: number;
  @Field(() => [String], { description: "Display strings: each group's course codes joined with ' or '" }) prerequisiteGroups: string[];
  schoolId: number;
}

@ObjectType({ description: 'A term of the plan, in display order' })
class PlanTerm {
  @Field(() => String, { description: 'The term value of its courses: the 1-based position as text' }) term: string;
  @Field(() => Int, { nullable: true, description: 'Position among the labels; null for courses whose term is not a label' }) position: number | null;
  @Field(() => String, { description: 'Label shown to people.' }) label: string;
  @Field(() => Float, { description: 'Credit units.' }) units: number;
  @Field(() => [ScheduledCourse], { description: 'The courses.' }) courses: PlanEntry[];
}

@ObjectType({ description: 'A prerequisite group with no course in the same or an earlier term' })
class PlanWarning {
  @Field(() => Int, { description: 'Identifier of the scheduled course.' }) scheduledCourseId: number;
  @Field(() => Int, { description: 'Numeric identifier of the course.' }) courseId: number;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => String, { description: 'The term: its 1-based position in the plan, as text.' }) term: string;
  @Field(() => String, { description: 'The term label.' }) termLabel: string;
  @Field(() => String, { description: 'Prerequisite not met for "{title}" in {term label}' }) message: string;
}

@ObjectType({ description: "A student's (or baseline plan's) academic plan" })
export class Plan {
  @Field(() => ID, { description: 'Identifier: plan:{user id} for the official plan, whatif:{id} for a what-if plan.' }) id: string;
  @Field(() => Int, { nullable: true, description: 'The what-if plan this is; null for the official plan.' }) whatIfPlanId: number | null;
  @Field(() => String, { nullable: true, description: "The what-if plan's name; null for the official plan." }) whatIfName: string | null;
  @Field(() => Int, { description: 'Numeric identifier of the user.' }) userId: number;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
  @Field(() => String, { description: 'Full name.' }) fullName: string;
  @Field(() => UserType, { description: "The plan owner's user type." }) userType: UserType;
  @Field(() => Boolean, { description: "True in a parent's view: every change is refused" }) readOnly: boolean;
  @Field(() => [String], { description: 'The labels, in order.' }) labels: string[];
  @Field(() => [PlanTerm], { description: 'The terms, in order.' }) terms: PlanTerm[];
  @Field(() => [PlanWarning], { description: 'Prerequisite warnings.' }) warnings: PlanWarning[];
  @Field(() => Float, { description: 'The total units.' }) totalUnits: number;
  @Field(() => Float, { description: 'The completed units.' }) completedUnits: number;
}

/**
 * The plan query's answer with each course's school read beforehand, in one batch, as
 * GET /api/plan/ reads them (when the operation asks for them). Then every field of the plan
 * answers at once: a field answering with a promise (the school loader's, for each course) made
 * graphql-js wait on a promise for every course, entry, list and term above it, which was most
 * of the plan query's cost beyond REST's (bench/README.md, scenario 2a).
 */
async function planWithSchools(ctx: AdapterContext, view: PlanView, info: GraphQLResolveInfo): Promise<Plan> {
  if (selects(info, ['terms', 'courses', 'course', 'school'])) {
    const schools = await schoolsOfEntries(ctx.loaders.schoolById, view.entries);
    // The view's courses were read for this request alone (plan-store.ts loadEntries).
    for (const e of view.entries) e.course.school = schools.get(e.course.schoolId) ?? null;
  }
  return toPlan(view);
}

export function toPlan(view: PlanView): Plan {
  return {
    id: view.whatIf ? `whatif:${view.whatIf.id}` : `plan:${view.user.id}`,
    whatIfPlanId: view.whatIf?.id ?? null,
    whatIfName: view.whatIf?.name ?? null,
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

/** An entry's course: the plan's entries carry theirs; entries of other answers load it. */
function entryCourse(entry: { course?: PlanCourseInfo; courseId: number }, ctx: AdapterContext): PlanCourseInfo | Promise<PlanCourseInfo> {
  if (entry.course) return entry.course;
  return ctx.loaders.planCourseById.load(entry.courseId).then((course) => {
    if (!course) throw new Error(`Course ${entry.courseId} of a plan entry is missing.`);
    return course;
  });
}

/** A course's school: read beforehand by the plan query (`planWithSchools`), loaded otherwise. */
function courseSchool(course: PlanCourseInfo, ctx: AdapterContext): School | null | Promise<School | null> {
  if (course.school !== undefined) return course.school;
  return ctx.loaders.schoolById.load(course.schoolId);
}

/**
 * The fields every entry and course of a plan answer resolves (30 entries: 90 calls per answer),
 * resolved without type-graphql's per-call wrapper (its resolver data, parameter list and
 * middleware chain, for resolvers that take no argument and have no middleware), and `source`
 * with no resolver at all: the entry's own property, which graphql-jit then reads in place of a
 * call with its resolve info. Same answers, errors and loads as the methods that declare them
 * (graphql/schema.ts installs these).
 */
export const planEntryFields: DirectFieldResolvers<AdapterContext> = {
  ScheduledCourse: {
    source: null,
    course: (entry: { course?: PlanCourseInfo; courseId: number }, _args, ctx) => entryCourse(entry, ctx),
  },
  PlanCourse: { school: (course: PlanCourseInfo, _args, ctx) => courseSchool(course, ctx) },
};

@Resolver(() => ScheduledCourse)
export class PlansResolver {
  // Declares the field; it answers the entry's own `source` (`planEntryFields`).
  @FieldResolver(() => EntrySourceEnum, {
    description: "record: from the school's record (grade and completion locked); self_reported: entered by the student; planned: no grade yet.",
  })
  source(@Root() entry: PlanEntry): EntrySource {
    return entry.source;
  }

  @Query(() => Plan, { description: 'The plan of the caller (or of the student they view as), with terms and prerequisite warnings' })
  async plan(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Plan> {
    return planWithSchools(ctx, await ctx.services.plans.plan(ctx, whatIfPlanId), info);
  }

  @Query(() => PlanCourse, { description: 'A course the caller can put in a plan, by uuid (the student course page)' })
  planCourse(@Ctx() ctx: AdapterContext, @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<PlanCourseInfo> {
    return ctx.services.plans.courseByUuid(ctx, uuid);
  }

  @Mutation(() => ScheduledCourse, { description: 'Adds a course to a term (1-based position as text) of the plan' })
  scheduleCourse(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('courseId', () => Int, { description: 'Numeric identifier of the course.' }) courseId: number,
    @Arg('term', () => String, { description: 'The term: its 1-based position in the plan, as text.' }) term: string,
  ): Promise<PlanEntry> {
    return ctx.services.plans.schedule(ctx, checkSchedule({ course_id: courseId, term }), whatIfPlanId);
  }

  @Mutation(() => Boolean, { description: 'Removes a course (by course id) from the plan' })
  async unscheduleCourse(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('courseId', () => Int, { description: 'Numeric identifier of the course.' }) courseId: number,
  ): Promise<boolean> {
    await ctx.services.plans.unschedule(ctx, courseId, whatIfPlanId);
    return true;
  }

  @Mutation(() => ScheduledCourse, { description: 'Updates the grade.' })
  updateGrade(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('scheduledCourseId', () => Int, { description: 'Identifier of the scheduled course.' }) scheduledCourseId: number,
    @Arg('grade', () => String, { description: 'Grade level (e.g. 9 to 12), or the grade earned where a course is concerned.' }) grade: string,
    @Arg('completed', () => Boolean, { description: 'Whether it is completed.' }) completed: boolean,
  ): Promise<PlanEntry> {
    return ctx.services.plans.updateGrade(ctx, checkGrade(scheduledCourseId, { grade, completed }), whatIfPlanId);
  }

  @Mutation(() => Plan, { description: 'Moves a course to a term, at a position there (default: the end)' })
  async moveScheduledCourse(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('scheduledCourseId', () => Int, { description: 'Identifier of the scheduled course.' }) scheduledCourseId: number,
    @Arg('term', () => String, { description: 'The term: its 1-based position in the plan, as text.' }) term: string,
    @Arg('position', () => Int, { description: 'Position within the term (0-based; default: the end).', nullable: true }) position: number | null,
  ): Promise<Plan> {
    await ctx.services.plans.moveToTerm(ctx, checkMove(scheduledCourseId, { term, position: position ?? undefined }), whatIfPlanId);
    return toPlan(await ctx.services.plans.plan(ctx, whatIfPlanId));
  }

  @Mutation(() => Plan, { description: 'The courses of one term in their new order' })
  async reorderTerm(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('term', () => String, { description: 'The term: its 1-based position in the plan, as text.' }) term: string,
    @Arg('scheduledCourseIds', () => [Int], { description: 'The scheduled course ids.' }) scheduledCourseIds: number[],
  ): Promise<Plan> {
    await ctx.services.plans.reorderTerm(ctx, term, scheduledCourseIds, whatIfPlanId);
    return toPlan(await ctx.services.plans.plan(ctx, whatIfPlanId));
  }

  @Mutation(() => Plan, { description: 'Adds the term.' })
  async addTerm(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('label', () => String, { description: 'Label shown to people.' }) label: string,
  ): Promise<Plan> {
    await ctx.services.plans.addTerm(ctx, checkLabel(label), whatIfPlanId);
    return toPlan(await ctx.services.plans.plan(ctx, whatIfPlanId));
  }

  @Mutation(() => Plan, { description: 'Renames the term at position and moves it to newPosition; its courses move with it' })
  async updateTerm(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('position', () => Int, { description: 'The term: its 1-based position in the plan.' }) position: number,
    @Arg('label', () => String, { description: 'Label shown to people.' }) label: string,
    @Arg('newPosition', () => Int, { description: 'The new 1-based position of the term (default: where it is).', nullable: true }) newPosition: number | null,
  ): Promise<Plan> {
    await ctx.services.plans.updateTerm(ctx, checkTerm(position, label), newPosition, whatIfPlanId);
    return toPlan(await ctx.services.plans.plan(ctx, whatIfPlanId));
  }

  @Mutation(() => Plan, { description: 'Deletes an empty term; later terms move up' })
  async deleteTerm(
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
    @Arg('position', () => Int, { description: 'The term: its 1-based position in the plan.' }) position: number,
  ): Promise<Plan> {
    await ctx.services.plans.deleteTerm(ctx, checkTermPosition(position), whatIfPlanId);
    return toPlan(await ctx.services.plans.plan(ctx, whatIfPlanId));
  }

  // Declares the field; `planEntryFields` resolves it.
  @FieldResolver(() => PlanCourse, { description: 'The course.' })
  course(@Root() entry: ScheduledCourse & { course?: PlanCourseInfo }, @Ctx() ctx: AdapterContext): PlanCourseInfo | Promise<PlanCourseInfo> {
    return entryCourse(entry, ctx);
  }
}

@Resolver(() => PlanCourse)
export class PlanCourseResolver {
  // Declares the field; `planEntryFields` resolves it.
  @FieldResolver(() => School, { description: 'The school.', nullable: true })
  school(@Root() course: PlanCourseInfo, @Ctx() ctx: AdapterContext): School | null | Promise<School | null> {
    return courseSchool(course, ctx);
  }

  @FieldResolver(() => ScheduledCourse, { nullable: true, description: "The course's entry in the caller's plan, if scheduled" })
  scheduled(
    @Root() course: PlanCourse,
    @Ctx() ctx: AdapterContext,
    @Arg('whatIfPlanId', () => Int, { nullable: true, description: "One of the student's what-if plans instead of the official plan." }) whatIfPlanId: number | null,
  ): Promise<PlanEntry | null> {
    const user = ctx.caller?.user;
    if (!user) return Promise.resolve(null);
    if (whatIfPlanId !== null && whatIfPlanId !== undefined) return ctx.services.plans.entryForCourse(ctx, course.id, whatIfPlanId);
    return ctx.loaders.scheduledEntry.load(`${user.id}:${course.id}`);
  }
}
