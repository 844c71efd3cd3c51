/** GraphQL of pathways, requirements, fulfilment and progress: thin adapters over PathwaysService. */
import { Arg, Ctx, Field, FieldResolver, Float, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { Course } from '../courses/course.entity.js';
import { School } from '../schools/school.entity.js';
import { Pathway, Requirement } from './pathway.entity.js';
import type { Fulfillment } from './pathways.service.js';
import { checkFulfillmentAdd, checkFulfillmentRemove, checkPathway, checkRequirement, checkRequirementCreate } from './pathway-input.js';

@ObjectType({ description: 'A page of pathway items, with the total count and the cursor of the next page.' })
class PathwayConnection {
  @Field(() => [Pathway], { description: 'The items of this page.' }) nodes: Pathway[];
  @Field(() => Int, { description: 'How many items match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: 'Cursor of the last item of this page; pass it as `after` to read the next page.', nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows (ask again with after = endCursor).' }) hasNextPage: boolean;
}

@ObjectType({ description: "A requirement with how far the caller's plan meets it (computed on the server)" })
export class RequirementProgress {
  @Field(() => ID, { description: 'The requirement uuid' }) uuid: string;
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'Free-text description.' }) description: string;
  @Field(() => ID, { description: 'UUID of the pathway.' }) pathwayUuid: string;
  @Field(() => String, { description: 'Name of the pathway.' }) pathwayName: string;
  @Field(() => String, { description: 'The pathway color.' }) pathwayColor: string;
  @Field(() => Int, { description: 'The required courses.' }) requiredCourses: number;
  @Field(() => Float, { description: 'The required units.' }) requiredUnits: number;
  @Field(() => Int, { description: 'The courses counted (completed and planned).' }) completedCourses: number;
  @Field(() => Int, { description: 'Of those, completed (with a grade meeting the minimum).' }) doneCourses: number;
  @Field(() => Int, { description: 'Of those, only planned or in progress.' }) plannedCourses: number;
  @Field(() => Int, { description: 'Courses still missing beyond those counted.' }) missingCourses: number;
  @Field(() => String, { nullable: true, description: 'The lowest grade that counts; null: any passing grade.' }) minimumGrade: string | null;
  @Field(() => [Int], { description: 'Completed courses not counted: their grade is below the minimum (or failing).' }) belowMinimumCourseIds: number[];
  @Field(() => Float, { description: 'The completed units.' }) completedUnits: number;
  @Field(() => Boolean, { description: 'Whether it is fulfilled.' }) isFulfilled: boolean;
}

@ObjectType({ description: "A course attached to a requirement, and whether it is in the caller's plan" })
class EligibleCourse {
  @Field(() => Course, { description: 'The course.' }) course: Course;
  @Field(() => Boolean, { description: 'Whether it is scheduled.' }) isScheduled: boolean;
}

@ObjectType({ description: 'A page of eligible course items, with the total count and the cursor of the next page.' })
class EligibleCourseConnection {
  @Field(() => [EligibleCourse], { description: 'The items of this page.' }) nodes: EligibleCourse[];
  @Field(() => Int, { description: 'How many items match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: 'Cursor of the last item of this page; pass it as `after` to read the next page.', nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows (ask again with after = endCursor).' }) hasNextPage: boolean;
}

@ObjectType({ description: 'A requirement a course fulfils' })
class CourseFulfillment {
  @Field(() => Requirement, { description: 'The requirement.' }) requirement: Requirement;
  @Field(() => Pathway, { description: 'The pathway.' }) pathway: Pathway;
  @Field(() => String, { nullable: true, description: 'Rows of one course sharing this id count toward one requirement only' })
  nonDuplicableGroup: string | null;
}

@InputType({ description: 'The fields to create pathway.' })
class CreatePathwayInput {
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'Free-text description.', nullable: true }) description?: string;
  @Field(() => String, { nullable: true, description: 'red, blue, green, yellow, purple, orange, pink, or empty' }) color?: string;
}

@InputType({ description: 'Only the fields given change' })
class UpdatePathwayInput {
  @Field(() => String, { description: 'Name, as shown to people.', nullable: true }) name?: string;
  @Field(() => String, { description: 'Free-text description.', nullable: true }) description?: string;
  @Field(() => String, { description: 'Display colour (hex).', nullable: true }) color?: string;
}

@InputType({ description: 'The fields to add requirement.' })
class AddRequirementInput {
  @Field(() => ID, { description: 'UUID of the pathway.' }) pathwayUuid: string;
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'Free-text description.', nullable: true }) description?: string;
  @Field(() => Float, { nullable: true, description: 'Default 0' }) numberOfUnits?: number;
  @Field(() => Int, { nullable: true, description: 'Default 0' }) numberOfCourses?: number;
  @Field(() => String, { nullable: true, description: 'Lowest grade that counts (A to D-); default none: any passing grade.' }) minimumGrade?: string;
}

@InputType({ description: 'Only the fields given change' })
class UpdateRequirementInput {
  @Field(() => String, { description: 'Name, as shown to people.', nullable: true }) name?: string;
  @Field(() => String, { description: 'Free-text description.', nullable: true }) description?: string;
  @Field(() => Float, { description: 'Units needed to fulfil it.', nullable: true }) numberOfUnits?: number;
  @Field(() => Int, { description: 'Courses needed to fulfil it.', nullable: true }) numberOfCourses?: number;
  @Field(() => String, { description: 'Lowest grade that counts (A to D-); empty clears it.', nullable: true }) minimumGrade?: string;
}

const toFulfillments = (list: Fulfillment[]): CourseFulfillment[] => list.map((f) => ({ requirement: f.requirement, pathway: f.pathway, nonDuplicableGroup: f.group }));

const requirementRaw = (i: UpdateRequirementInput) => ({
  name: i.name,
  description: i.description,
  number_of_units: i.numberOfUnits,
  number_of_courses: i.numberOfCourses,
  minimum_grade: i.minimumGrade,
});

@Resolver(() => Pathway)
export class PathwaysResolver {
  @Query(() => PathwayConnection, { description: "Pathways of the caller's school and its partner schools, by name" })
  async pathways(
    @Ctx() ctx: AdapterContext,
    @Arg('color', () => String, { nullable: true, description: 'Only this colour; empty means all' }) color: string | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, default 100, at most 500' }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<PathwayConnection> {
    return ctx.services.pathways.list(ctx, { color, first, after });
  }

  @Query(() => Pathway, { description: 'Reads the pathway.' })
  pathway(@Ctx() ctx: AdapterContext, @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<Pathway> {
    return ctx.services.pathways.get(ctx, uuid);
  }

  @Query(() => [RequirementProgress], { description: "The caller's progress per requirement, of every pathway they see or of one" })
  requirementProgress(
    @Ctx() ctx: AdapterContext,
    @Arg('pathwayUuid', () => ID, { description: 'UUID of the pathway.', nullable: true }) pathwayUuid: string | null,
  ): Promise<RequirementProgress[]> {
    return ctx.services.pathways.progress(ctx, pathwayUuid);
  }

  @Query(() => EligibleCourseConnection, { description: "Courses fulfilling a requirement; the caller's scheduled ones first, then by course_id" })
  eligibleCourses(
    @Ctx() ctx: AdapterContext,
    @Arg('requirementUuid', () => ID, { description: 'UUID of the requirement.' }) requirementUuid: string,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<EligibleCourseConnection> {
    return ctx.services.pathways.eligibleCourses(ctx, requirementUuid, { first, after });
  }

  @Query(() => [CourseFulfillment], { description: 'The requirements (of pathways the caller sees) a course fulfils' })
  async courseFulfillments(
    @Ctx() ctx: AdapterContext,
    @Arg('courseUuid', () => ID, { description: 'UUID of the course.' }) courseUuid: string,
  ): Promise<CourseFulfillment[]> {
    return toFulfillments((await ctx.services.pathways.courseFulfillments(ctx, courseUuid)).fulfillments);
  }

  @Mutation(() => Pathway, { description: 'Creates the pathway.' })
  createPathway(@Ctx() ctx: AdapterContext, @Arg('input', () => CreatePathwayInput, { description: 'The fields to save.' }) input: CreatePathwayInput): Promise<Pathway> {
    return ctx.services.pathways.create(ctx, checkPathway({ name: input.name, description: input.description, color: input.color }, false));
  }

  @Mutation(() => Pathway, { description: 'Updates the pathway.' })
  updatePathway(
    @Ctx() ctx: AdapterContext,
    @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string,
    @Arg('input', () => UpdatePathwayInput, { description: 'The fields to save.' }) input: UpdatePathwayInput,
  ): Promise<Pathway> {
    return ctx.services.pathways.update(ctx, uuid, checkPathway({ name: input.name, description: input.description, color: input.color }, true));
  }

  @Mutation(() => Boolean, { description: 'Deletes the pathway.' })
  async deletePathway(@Ctx() ctx: AdapterContext, @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<boolean> {
    await ctx.services.pathways.delete(ctx, uuid);
    return true;
  }

  @Mutation(() => Requirement, { description: 'Adds the requirement.' })
  addRequirement(
    @Ctx() ctx: AdapterContext,
    @Arg('input', () => AddRequirementInput, { description: 'The fields to save.' }) input: AddRequirementInput,
  ): Promise<Requirement> {
    return ctx.services.pathways.addRequirement(ctx, checkRequirementCreate({ pathway_uuid: input.pathwayUuid, ...requirementRaw(input) }));
  }

  @Mutation(() => Requirement, { description: 'Updates the requirement.' })
  updateRequirement(
    @Ctx() ctx: AdapterContext,
    @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string,
    @Arg('input', () => UpdateRequirementInput, { description: 'The fields to save.' }) input: UpdateRequirementInput,
  ): Promise<Requirement> {
    return ctx.services.pathways.updateRequirement(ctx, uuid, checkRequirement(requirementRaw(input), true));
  }

  @Mutation(() => Boolean, { description: 'Deletes the requirement.' })
  async deleteRequirement(@Ctx() ctx: AdapterContext, @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<boolean> {
    await ctx.services.pathways.deleteRequirement(ctx, uuid);
    return true;
  }

  @Mutation(() => [CourseFulfillment], {
    description: "Counts the course toward a requirement; with nonDuplicables, toward only one of them. Answers the course's fulfilments.",
  })
  async addCourseFulfillment(
    @Ctx() ctx: AdapterContext,
    @Arg('courseId', () => Int, { description: "The course's numeric id" }) courseId: number,
    @Arg('requirementUuid', () => ID, { description: 'UUID of the requirement.' }) requirementUuid: string,
    @Arg('nonDuplicables', () => [ID], { description: 'The non duplicables.', nullable: true }) nonDuplicables: string[] | null,
  ): Promise<CourseFulfillment[]> {
    const { fulfillments } = await ctx.services.pathways.addCourseFulfillment(
      ctx,
      courseId,
      checkFulfillmentAdd({
        requirement_uuid: requirementUuid,
        non_duplicables: nonDuplicables ?? [],
      }),
    );
    return toFulfillments(fulfillments);
  }

  @Mutation(() => [CourseFulfillment], { description: "Stops counting the course toward the requirement. Answers the course's remaining fulfilments." })
  async removeCourseFulfillment(
    @Ctx() ctx: AdapterContext,
    @Arg('courseUuid', () => ID, { description: 'UUID of the course.' }) courseUuid: string,
    @Arg('requirementUuid', () => ID, { description: 'UUID of the requirement.' }) requirementUuid: string,
  ): Promise<CourseFulfillment[]> {
    const { fulfillments } = await ctx.services.pathways.removeCourseFulfillment(ctx, courseUuid, checkFulfillmentRemove({ requirement_uuid: requirementUuid }));
    return toFulfillments(fulfillments);
  }

  @FieldResolver(() => School, { nullable: true, description: 'The owning school (name, uuid, primary_color: school_info)' })
  school(@Root() p: Pathway, @Ctx() ctx: AdapterContext): Promise<School | null> {
    return ctx.loaders.schoolById.load(p.schoolId);
  }

  @FieldResolver(() => [Requirement], { description: 'By name' })
  requirements(@Root() p: Pathway, @Ctx() ctx: AdapterContext): Promise<Requirement[]> {
    return ctx.services.pathways.requirementsOf(ctx, p);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may edit the pathway and its requirements' })
  canEdit(@Root() p: Pathway, @Ctx() ctx: AdapterContext): Promise<boolean> {
    return ctx.services.pathways.canEdit(ctx, p);
  }
}

@Resolver(() => Requirement)
export class RequirementsResolver {
  @FieldResolver(() => Pathway, { description: 'The pathway.' })
  async pathway(@Root() r: Requirement, @Ctx() ctx: AdapterContext): Promise<Pathway> {
    return (await ctx.loaders.pathwayById.load(r.pathwayId))!;
  }

  @FieldResolver(() => [String], { description: 'The pathway names.' })
  async pathwayNames(@Root() r: Requirement, @Ctx() ctx: AdapterContext): Promise<string[]> {
    const p = await ctx.loaders.pathwayById.load(r.pathwayId);
    return p ? [p.name] : [];
  }

  @FieldResolver(() => [String], { description: 'The pathway colors.' })
  async pathwayColors(@Root() r: Requirement, @Ctx() ctx: AdapterContext): Promise<string[]> {
    const p = await ctx.loaders.pathwayById.load(r.pathwayId);
    return p ? [p.color] : [];
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may edit or delete this requirement' })
  async canEdit(@Root() r: Requirement, @Ctx() ctx: AdapterContext): Promise<boolean> {
    const p = await ctx.loaders.pathwayById.load(r.pathwayId);
    return p ? ctx.services.pathways.canEdit(ctx, p) : false;
  }
}

@Resolver(() => EligibleCourse)
export class EligibleCoursesResolver {
  @FieldResolver(() => School, { nullable: true, description: "The course's school" })
  school(@Root() e: EligibleCourse, @Ctx() ctx: AdapterContext): Promise<School | null> {
    return ctx.loaders.schoolById.load(e.course.schoolId);
  }
}
