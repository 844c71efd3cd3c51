/** GraphQL for the course catalogue: thin over CoursesService; every relation of Course is batched per request. */
import { ROW_REASON_PARAMS_DESCRIPTION } from '../../core/errors.js';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, FieldResolver, Float, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { School } from '../schools/school.entity.js';
import { Course } from './course.entity.js';
import type { CoursePage } from './courses.service.js';
import type { ImportIssue } from './catalogue-import.js';
import { checkCourseInput, checkTransferInput, type CourseInput } from './course-input.js';

@ObjectType({ description: "A requirement a course fulfils, with its pathway ('pathway: requirement')" })
export class CourseRequirementInfo {
  @Field(() => ID, { description: 'Stable public identifier (UUID).' }) uuid: string;
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => ID, { description: 'UUID of the pathway.' }) pathwayUuid: string;
  @Field(() => String, { description: 'Name of the pathway.' }) pathwayName: string;
  @Field(() => [String], { description: 'The pathway names.' }) pathwayNames: string[];
  @Field(() => [String], { description: 'The pathway colors.' }) pathwayColors: string[];
  @Field(() => String, { description: 'UUID of the school.' }) schoolUuid: string;
  @Field(() => String, { description: 'Name of the school.' }) schoolName: string;
  @Field(() => String, { description: "'pathway name: requirement name'" }) label: string;
}

@ObjectType({ description: "A column of the course card's table: a school, the course's units there, the requirements it fulfils there" })
export class CourseUnitsInfo {
  @Field(() => String, { description: 'Name of the school.' }) schoolName: string;
  @Field(() => String, { description: 'UUID of the school.' }) schoolUuid: string;
  @Field(() => Float, { description: 'Credit units.' }) units: number;
  @Field(() => String, { description: 'Brand colour of the school (hex).' }) primaryColor: string;
  @Field(() => [CourseRequirementInfo], { description: 'The requirements.' }) requirements: CourseRequirementInfo[];
  @Field(() => Boolean, { description: 'Whether this school accepted the course (of another school) as transferable.' }) transferable: boolean;
}

@ObjectType({ description: 'A member of a prerequisite group' })
export class PrerequisiteCourse {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => ID, { description: 'Stable public identifier (UUID).' }) uuid: string;
  @Field(() => String, { description: 'Numeric identifier of the course.' }) courseId: string;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
}

@ObjectType({ description: 'A tag option: key and name' })
export class CourseTag {
  @Field(() => String, { description: 'Machine-readable key.' }) key: string;
  @Field(() => String, { description: 'The value.' }) value: string;
}

@ObjectType({ description: "A tag chip: its name and a colour chosen from the tag's key" })
export class FormattedTag {
  @Field(() => String, { description: 'Machine-readable key.' }) key: string;
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'Display colour (hex).' }) color: string;
}

@ObjectType({ description: 'A page of course items, with the total count and the cursor of the next page.' })
export class CourseConnection {
  @Field(() => [Course], { description: 'The items of this page.' }) nodes: Course[];
  @Field(() => Int, { description: 'How many items match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: 'Cursor of the last item of this page; pass it as `after` to read the next page.', nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows (ask again with after = endCursor).' }) hasNextPage: boolean;
}

@ObjectType({ description: 'An entry of the Filter by Requirement dialog' })
export class RequirementFilterOption {
  @Field(() => ID, { description: 'Stable public identifier (UUID).' }) uuid: string;
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'Name of the pathway.' }) pathwayName: string;
  @Field(() => String, { description: "'pathway name: requirement name'" }) label: string;
}

@ObjectType({ description: 'A rejected (or, for warnings, adjusted) row of a course CSV' })
export class CourseImportIssue {
  @Field(() => Int, { description: 'Line of the file (the header is line 1)' }) line: number;
  @Field(() => String, { description: 'Numeric identifier of the course.' }) courseId: string;
  @Field(() => String, { description: 'Why, as a stable reason code the client translates.' }) reason: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: ROW_REASON_PARAMS_DESCRIPTION })
  params: Record<string, string> | null;
  @Field(() => String, { description: 'Why: the English text of the reason.' }) message: string;
}

@ObjectType({ description: 'The outcome of a course CSV import: rows added and per-row problems.' })
export class CourseImportResult {
  @Field(() => Int, { description: 'When it was created.' }) created: number;
  @Field(() => Int, { description: 'When it was last changed.' }) updated: number;
  @Field(() => [CourseImportIssue], { description: 'Rows not saved, with the reason' }) errors: CourseImportIssue[];
  @Field(() => [CourseImportIssue], { description: 'Rows saved with unknown prerequisites dropped' }) warnings: CourseImportIssue[];
}

@InputType({ description: 'The fields to course.' })
export class CourseInputGql {
  @Field(() => String, { description: 'Numeric identifier of the course.', nullable: true }) courseId?: string;
  @Field(() => String, { description: 'Title, as shown to people.', nullable: true }) title?: string;
  @Field(() => String, { description: 'Free-text description.', nullable: true }) description?: string;
  @Field(() => Float, { description: 'Credit units.', nullable: true }) units?: number;
  @Field(() => String, { description: 'Subject line.', nullable: true }) subject?: string;
  @Field(() => [[ID]], { nullable: true, description: 'Prerequisite groups: lists of course uuids; one course of each group is needed' })
  prerequisiteGroups?: string[][];
  @Field(() => [TagInput], { nullable: true, description: 'Tags as key and name' })
  tags?: TagInput[];
  @Field(() => [String], { nullable: true, description: 'Seasons offered (fall, spring, summer); [] for every term; left out: unchanged.' })
  offeredTerms?: string[];
}

@InputType({ description: 'The fields to tag.' })
export class TagInput {
  @Field(() => String, { description: 'Machine-readable key.' }) key: string;
  @Field(() => String, { description: 'The value.' }) value: string;
}

function toServiceInput(i: CourseInputGql): CourseInput {
  const out: CourseInput = {};
  if (i.courseId !== undefined && i.courseId !== null) out.course_id = i.courseId;
  if (i.title !== undefined && i.title !== null) out.title = i.title;
  if (i.description !== undefined && i.description !== null) out.description = i.description;
  if (i.units !== undefined && i.units !== null) out.units = i.units;
  if (i.subject !== undefined && i.subject !== null) out.subject = i.subject;
  if (i.prerequisiteGroups !== undefined && i.prerequisiteGroups !== null) out.prerequisite_groups = i.prerequisiteGroups;
  if (i.offeredTerms !== undefined && i.offeredTerms !== null) out.offered_terms = i.offeredTerms;
  if (i.tags !== undefined && i.tags !== null) out.tags = Object.fromEntries(i.tags.map((t) => [t.key, t.value]));
  return out;
}

const connection = (p: CoursePage): CourseConnection => ({ nodes: p.rows, totalCount: p.totalCount, endCursor: p.endCursor, hasNextPage: p.hasNextPage });

@Resolver(() => Course)
export class CoursesResolver {
  @Query(() => CourseConnection, { description: "My Courses / Explore Courses: the caller's school's courses and the partner courses it accepted" })
  courses(
    @Ctx() ctx: AdapterContext,
    @Arg('search', () => String, { description: 'Text matched against course ids, titles and descriptions (case-insensitive).', nullable: true }) search: string | null,
    @Arg('requirement', () => ID, { nullable: true, description: 'Only courses fulfilling this requirement (uuid)' }) requirement: string | null,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<CourseConnection> {
    return ctx.services.courses.list(ctx, 'own', { search, requirement, first: first ?? 50, after }).then(connection);
  }

  @Query(() => CourseConnection, { description: "Every course of the caller's school's partner schools" })
  partnerCourses(
    @Ctx() ctx: AdapterContext,
    @Arg('search', () => String, { description: 'Text matched against course ids, titles and descriptions (case-insensitive).', nullable: true }) search: string | null,
    @Arg('requirement', () => ID, { description: 'The requirement.', nullable: true }) requirement: string | null,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<CourseConnection> {
    return ctx.services.courses.list(ctx, 'partner', { search, requirement, first: first ?? 50, after }).then(connection);
  }

  @Query(() => CourseConnection, { description: 'Courses fulfilling a requirement' })
  coursesByRequirement(
    @Ctx() ctx: AdapterContext,
    @Arg('requirement', () => ID, { description: 'The requirement.' }) requirement: string,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<CourseConnection> {
    return ctx.services.courses.byRequirement(ctx, requirement, { first: first ?? 50, after }).then(connection);
  }

  @Query(() => Course, { description: 'One course, by uuid or by numeric id' })
  course(
    @Ctx() ctx: AdapterContext,
    @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).', nullable: true }) uuid: string | null,
    @Arg('id', () => Int, { description: 'Numeric identifier.', nullable: true }) id: number | null,
  ): Promise<Course> {
    return ctx.services.courses.get(ctx, uuid ?? (id === null ? '' : id));
  }

  @Query(() => [Course], { description: 'Searchable course choices for prerequisite pickers (every catalogue the caller reads)' })
  courseChoices(
    @Ctx() ctx: AdapterContext,
    @Arg('search', () => String, { description: 'Text matched against course ids and titles (case-insensitive).', nullable: true }) search: string | null,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
  ): Promise<Course[]> {
    return ctx.services.courses.choices(ctx, search, first ?? 20);
  }

  @Query(() => [RequirementFilterOption], { description: 'Requirements of the pathways the caller can see, for the course filter' })
  requirementFilterOptions(@Ctx() ctx: AdapterContext): Promise<RequirementFilterOption[]> {
    return ctx.services.courses.requirementFilterOptions(ctx);
  }

  @Query(() => [School], { description: "The caller's school's partner schools" })
  partnerSchools(@Ctx() ctx: AdapterContext): Promise<School[]> {
    return ctx.services.courses.partnerSchools(ctx);
  }

  @Query(() => [CourseTag], { description: 'Tags a course can carry' })
  courseTagOptions(@Ctx() ctx: AdapterContext): Promise<CourseTag[]> {
    return ctx.services.courses.tagOptions(ctx);
  }

  @Query(() => Boolean, { description: "Whether a school (default: the caller's) accepted the course as transferable" })
  isTransferable(
    @Ctx() ctx: AdapterContext,
    @Arg('courseUuid', () => ID, { description: 'UUID of the course.' }) courseUuid: string,
    @Arg('schoolUuid', () => String, { description: 'UUID of the school.', nullable: true }) schoolUuid: string | null,
  ): Promise<boolean> {
    return ctx.services.courses.transfers.isTransferable(ctx, courseUuid, schoolUuid);
  }

  @Mutation(() => Course, { description: 'Creates the course.' })
  createCourse(@Ctx() ctx: AdapterContext, @Arg('input', () => CourseInputGql, { description: 'The fields to save.' }) input: CourseInputGql): Promise<Course> {
    return ctx.services.courses.create(ctx, checkCourseInput(toServiceInput(input), false));
  }

  @Mutation(() => Course, { description: 'Add a course to a partner school (staff of a school with hs_full_access_enabled)' })
  createPartnerCourse(
    @Ctx() ctx: AdapterContext,
    @Arg('schoolUuid', () => String, { description: 'UUID of the school.', nullable: true }) schoolUuid: string | null,
    @Arg('input', () => CourseInputGql, { description: 'The fields to save.' }) input: CourseInputGql,
  ): Promise<Course> {
    return ctx.services.courses.createPartnerCourse(ctx, schoolUuid, checkCourseInput(toServiceInput(input), false));
  }

  @Mutation(() => Course, { description: 'Updates the course.' })
  updateCourse(
    @Ctx() ctx: AdapterContext,
    @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string,
    @Arg('input', () => CourseInputGql, { description: 'The fields to save.' }) input: CourseInputGql,
  ): Promise<Course> {
    return ctx.services.courses.update(ctx, uuid, checkCourseInput(toServiceInput(input), true));
  }

  @Mutation(() => Boolean, { description: 'Deletes the course.' })
  async deleteCourse(@Ctx() ctx: AdapterContext, @Arg('uuid', () => ID, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<boolean> {
    await ctx.services.courses.delete(ctx, uuid);
    return true;
  }

  @Mutation(() => Course, { description: "Accept a course of another school for the caller's school (or schoolUuid), with adjusted units" })
  async acceptTransferability(
    @Ctx() ctx: AdapterContext,
    @Arg('courseUuid', () => ID, { description: 'UUID of the course.' }) courseUuid: string,
    @Arg('adjustedUnits', () => Float, { description: 'Units after adjustment.' }) adjustedUnits: number,
    @Arg('schoolUuid', () => String, { description: 'UUID of the school.', nullable: true }) schoolUuid: string | null,
  ): Promise<Course> {
    const t = await ctx.services.courses.transfers.accept(
      ctx,
      checkTransferInput({ original_course_id: courseUuid, accepting_school_id: schoolUuid ?? undefined, adjusted_units: adjustedUnits }),
    );
    return t.course;
  }

  @Mutation(() => Course, { description: 'Removes the transferability.' })
  removeTransferability(
    @Ctx() ctx: AdapterContext,
    @Arg('courseUuid', () => ID, { description: 'UUID of the course.' }) courseUuid: string,
    @Arg('schoolUuid', () => String, { description: 'UUID of the school.', nullable: true }) schoolUuid: string | null,
  ): Promise<Course> {
    return ctx.services.courses.transfers.remove(ctx, checkTransferInput({ original_course_id: courseUuid, accepting_school_id: schoolUuid ?? undefined }));
  }

  @Mutation(() => CourseImportResult, { description: "Import a course CSV (spec 2 §5) into the caller's school" })
  async uploadCoursesCsv(@Ctx() ctx: AdapterContext, @Arg('csv', () => String, { description: 'The CSV text.' }) csv: string): Promise<CourseImportResult> {
    const r = await ctx.services.courses.uploads.importCsv(ctx, { bytes: Buffer.from(csv, 'utf8') });
    const issue = (i: ImportIssue): CourseImportIssue => ({ line: i.line, courseId: i.course_id, reason: i.reason, params: i.params ?? null, message: i.message });
    return { created: r.created, updated: r.updated, errors: r.errors.map(issue), warnings: r.warnings.map(issue) };
  }

  // ---- the card's relations, batched ---------------------------------------------------------

  @FieldResolver(() => School, { description: "---- the card's relations, batched ---------------------------------------------------------." })
  async school(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<School> {
    return (await ctx.services.courses.view(ctx, c)).school;
  }

  @FieldResolver(() => Boolean, { description: 'The caller (or the student viewed as) has the course in their plan' })
  async isScheduled(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<boolean> {
    return (await ctx.services.courses.view(ctx, c)).isScheduled;
  }

  @FieldResolver(() => [PrerequisiteCourse], { description: 'Every course of every prerequisite group' })
  async prerequisites(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<PrerequisiteCourse[]> {
    return (await ctx.services.courses.view(ctx, c)).prerequisites;
  }

  @FieldResolver(() => [String], { description: "Display strings: a group's course ids joined with ' or '" })
  async prerequisiteGroups(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<string[]> {
    return (await ctx.services.courses.view(ctx, c)).prerequisiteGroups;
  }

  @FieldResolver(() => [[ID]], { description: 'The groups as lists of course uuids' })
  async prerequisiteGroupsUuids(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<string[][]> {
    return (await ctx.services.courses.view(ctx, c)).prerequisiteGroupsUuids;
  }

  @FieldResolver(() => [CourseTag], { description: 'Tags as key and name' })
  tags(@Root() c: Course): CourseTag[] {
    return Object.entries(c.tags ?? {}).map(([key, value]) => ({ key, value }));
  }

  @FieldResolver(() => [FormattedTag], { description: 'The formatted tags.' })
  async formattedTags(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<FormattedTag[]> {
    return (await ctx.services.courses.view(ctx, c)).formattedTags;
  }

  @FieldResolver(() => [CourseUnitsInfo], { description: 'One entry per relevant school: own school, accepting schools' })
  async unitsInfo(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<CourseUnitsInfo[]> {
    return (await ctx.services.courses.view(ctx, c)).unitsInfo;
  }

  @FieldResolver(() => [CourseRequirementInfo], { description: 'The requirements.' })
  async requirements(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<CourseRequirementInfo[]> {
    return (await ctx.services.courses.view(ctx, c)).requirements;
  }

  @FieldResolver(() => [[CourseRequirementInfo]], { description: 'Groups of requirements of which the course counts toward one only' })
  async nonDuplicables(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<CourseRequirementInfo[][]> {
    return (await ctx.services.courses.view(ctx, c)).nonDuplicables;
  }

  @FieldResolver(() => Boolean, { description: 'The caller may edit or delete this course' })
  async canEdit(@Root() c: Course, @Ctx() ctx: AdapterContext): Promise<boolean> {
    return ctx.services.courses.canEditCourse(ctx, c);
  }
}
