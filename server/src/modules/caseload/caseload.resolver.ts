import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { CaseloadSortEnum, PlanReviewStatusEnum } from '../../graphql/enums.js';
import { Pathway } from '../pathways/pathway.entity.js';
import { CASELOAD_DEFAULT_PAGE, checkCaseloadQuery } from './caseload-input.js';
import type { CaseloadPage } from './caseload.service.js';

@ObjectType({ description: 'A pathway as the caseload shows it' })
class CaseloadPathway {
  @Field(() => ID, { description: 'Stable public identifier (UUID).' }) uuid: string;
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'red, blue, green, yellow, purple, orange, pink, or empty' }) color: string;
}

@ObjectType({ description: 'A requirement of a followed pathway that the plan does not meet yet' })
class CaseloadMissingRequirement {
  @Field(() => ID, { description: 'Stable public identifier (UUID).' }) uuid: string;
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'The name of its pathway.' }) pathwayName: string;
  @Field(() => Int, { description: 'Courses counted that are completed (with a grade meeting the minimum).' }) doneCourses: number;
  @Field(() => Int, { description: 'Courses counted that are planned or in progress.' }) plannedCourses: number;
  @Field(() => Int, { description: 'Courses still missing: "3 completed, 2 planned, 1 missing".' }) missingCourses: number;
}

@ObjectType({ description: 'One student of the caseload' })
class CaseloadRowItem {
  @Field(() => Int, { description: "The student's user id." }) studentId: number;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
  @Field(() => String, { description: 'Email address (lower case).' }) email: string;
  @Field(() => String, { description: 'Grade level, as stored.', nullable: true }) grade: string | null;
  @Field(() => [CaseloadPathway], { description: 'The pathways the student follows (their marked ones, else the school graduation pathway).' })
  pathways: CaseloadPathway[];
  @Field(() => Boolean, { description: 'false: the student marked none; the school graduation pathway is shown.' }) pathwaysMarked: boolean;
  @Field(() => Int, { description: 'Requirements of the followed pathways that the plan meets.' }) requirementsMet: number;
  @Field(() => Int, { description: 'Requirements of the followed pathways.' }) requirementsTotal: number;
  @Field(() => [CaseloadMissingRequirement], { description: 'Requirements of the followed pathways that the plan does not meet.' })
  missingRequirements: CaseloadMissingRequirement[];
  @Field(() => [String], { description: 'Prerequisite warnings of the plan, as the plan shows them.' }) warnings: string[];
  @Field(() => Float, { description: 'Units of the plan courses marked completed.' }) completedUnits: number;
  @Field(() => PlanReviewStatusEnum, { description: 'Plan review status: draft, submitted, returned, approved or changed_since_approval.' }) reviewStatus: string;
  @Field(() => Date, { description: 'When the plan last changed; null without a plan.', nullable: true }) lastPlanChange: Date | null;
  @Field(() => Int, { description: "Notes on the student's plan the caller has not read (not their own)." }) unreadNotes: number;
  @Field(() => Boolean, {
    description: 'true: the plan changed since these figures were computed (or they never were: then they are zeros); they are being computed again.',
  })
  updating: boolean;
}

@ObjectType({ description: 'A page of the caseload, with the total count, the next cursor and the filter choices.' })
class CaseloadConnection {
  @Field(() => [CaseloadRowItem], { description: 'The items of this page.' }) nodes: CaseloadRowItem[];
  @Field(() => Int, { description: 'How many students match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: "Cursor of this page's end; pass it as `after` for the next page.", nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows.' }) hasNextPage: boolean;
  @Field(() => [String], { description: 'Grades of the students in reach (filter choices).' }) grades: string[];
  @Field(() => [CaseloadPathway], { description: 'Pathways followed by students in reach (filter choices).' }) pathways: CaseloadPathway[];
}

@InputType({ description: 'Caseload filters; a field left out does not filter.' })
class CaseloadFilter {
  @Field(() => String, { nullable: true, description: 'Only this grade.' }) grade?: string | null;
  @Field(() => String, { nullable: true, description: 'Only students following this pathway (uuid).' }) pathway?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only plans missing a requirement; false: only plans missing none.' }) missing?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only plans with a prerequisite warning; false: only plans without.' }) warnings?: boolean | null;
  @Field(() => PlanReviewStatusEnum, { nullable: true, description: 'Only plans with this review status (draft).' }) review?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only students with notes the caller has not read; false: only those without.' }) unread?: boolean | null;
}

@ObjectType({ description: 'A pathway a student follows' })
class FollowedPathway {
  @Field(() => Pathway, { description: 'The pathway.' }) pathway: Pathway;
  @Field(() => Boolean, { description: 'false: not marked, followed as the school graduation pathway.' }) marked: boolean;
}

const flag = (v: boolean | null | undefined) => (v === null || v === undefined ? undefined : String(v));
const opt = (v: string | null | undefined) => (v === null || v === undefined ? undefined : v);

@Resolver()
export class CaseloadResolver {
  @Query(() => CaseloadConnection, { description: 'Staff: the students of their schools with plan progress toward the pathways they follow; filtered, sorted, paged' })
  async caseload(
    @Ctx() ctx: AdapterContext,
    @Arg('filter', () => CaseloadFilter, { nullable: true, description: 'Filters.' }) filter: CaseloadFilter | null,
    @Arg('sort', () => CaseloadSortEnum, {
      nullable: true,
      description:
        'last_name (default), first_name, grade, pathway, requirements_met, missing, warnings, completed_units, review_status, last_plan_change or unread_notes',
    })
    sort: string | null,
    @Arg('descending', () => Boolean, { nullable: true, description: 'Sort in descending order.' }) descending: boolean | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size (1 to 500, default 50).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: "The previous page's endCursor." }) after: string | null,
  ): Promise<CaseloadPage & { nodes: CaseloadPage['rows'] }> {
    const checked = checkCaseloadQuery(
      {
        grade: opt(filter?.grade),
        pathway: opt(filter?.pathway),
        missing: flag(filter?.missing),
        warnings: flag(filter?.warnings),
        review: opt(filter?.review),
        unread: flag(filter?.unread),
        sort: opt(sort),
        order: descending ? 'desc' : undefined,
        page_size: first === null || first === undefined ? undefined : String(first),
        cursor: opt(after),
      },
      CASELOAD_DEFAULT_PAGE,
    );
    const page = await ctx.services.caseload.page(ctx, checked, true);
    return { ...page, nodes: page.rows };
  }

  @Query(() => [FollowedPathway], { description: 'The pathways a student follows: the caller (a student), or a student of their school (staff)' })
  followedPathways(
    @Ctx() ctx: AdapterContext,
    @Arg('studentId', () => Int, { nullable: true, description: "Staff: the student's user id." }) studentId: number | null,
  ): Promise<FollowedPathway[]> {
    return ctx.services.followedPathways.list(ctx, studentId);
  }

  @Mutation(() => [FollowedPathway], { description: 'Mark (follow: true) or unmark a pathway the student follows; answers the followed pathways afterwards' })
  followPathway(
    @Ctx() ctx: AdapterContext,
    @Arg('pathwayUuid', () => String, { description: 'The pathway (uuid).' }) pathwayUuid: string,
    @Arg('follow', () => Boolean, { description: 'true: mark; false: unmark.' }) follow: boolean,
    @Arg('studentId', () => Int, { nullable: true, description: "Staff: the student's user id." }) studentId: number | null,
  ): Promise<FollowedPathway[]> {
    return ctx.services.followedPathways.follow(ctx, pathwayUuid, follow, studentId);
  }
}
