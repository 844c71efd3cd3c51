/** GraphQL adapter of admissions: the parent's application and save; the staff's list, view and decision. */
import { JSONObjectResolver } from 'graphql-scalars';
import { Arg, Ctx, Field, FieldResolver, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { ApplicationDecisionEnum, ApplicationStatusEnum } from '../../graphql/enums.js';
import { checkApplicationSave, checkDecision } from './admission-input.js';
import { transcriptUrl, type ApplicationListRow, type ApplicationView } from './admissions.service.js';

@ObjectType({ description: 'One saved step of the application form' })
class ApplicationStepRecord {
  @Field(() => Int, { description: '1-8, then 10 for Signature & Acknowledgment' }) step: number;
  @Field(() => String, { description: 'Title, as shown to people.' }) title: string;
  @Field(() => JSONObjectResolver, { description: 'Field name -> value (text, true/false, or a list of file names)' }) data: Record<string, unknown>;
}

@ObjectType({ description: 'A transcript uploaded with an application' })
class TranscriptFileInfo {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'File name.' }) fileName: string;
  @Field(() => String, { description: 'MIME type.' }) contentType: string;
  @Field(() => Int, { description: 'Bytes' }) size: number;
  @Field(() => String, { description: 'ISO time' }) uploadedAt: string;
  @Field(() => String, { description: 'Download address; send the Authorization header' }) url: string;
}

@ObjectType({ description: 'The parent who owns an application' })
class ApplicationParent {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
  @Field(() => String, { description: 'Email address (lower case).' }) email: string;
}

@ObjectType({ description: 'A Dual School admission application' })
export class AdmissionApplication {
  @Field(() => Int, { nullable: true, description: 'Null until the first save or upload' }) id: number | null;
  @Field(() => ApplicationStatusEnum, { description: 'not_started, in_progress, complete, accepted, enrolled or declined' }) applicationStatus: string;
  @Field(() => [ApplicationStepRecord], { description: 'The form answers (JSON).' }) formData: ApplicationStepRecord[];
  @Field(() => String, { nullable: true, description: 'ISO time of submission' }) submittedAt: string | null;
  @Field(() => String, { nullable: true, description: 'ISO time of the staff decision' }) decidedAt: string | null;
  @Field(() => String, { description: "The staff's reason given with the decision" }) decisionReason: string;
  @Field(() => String, { nullable: true, description: "The school year offered on acceptance (2026-27), on the family's own application." }) schoolYear: string | null;
  view: ApplicationView;
}

@ObjectType({ description: "A row of the staff's applications list" })
export class ApplicationListItem {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { nullable: true, description: 'Full Legal Name of step 1' }) studentName: string | null;
  @Field(() => ApplicationStatusEnum, { description: 'Dual School application status.' }) applicationStatus: string;
  @Field(() => String, { description: 'When it was submitted.', nullable: true }) submittedAt: string | null;
  @Field(() => String, { description: 'When it was decided.', nullable: true }) decidedAt: string | null;
  parentId: number;
}

@ObjectType({ description: 'A page of application items, with the total count and the cursor of the next page.' })
class ApplicationConnection {
  @Field(() => [ApplicationListItem], { description: 'The items of this page.' }) nodes: ApplicationListItem[];
  @Field(() => Int, { description: 'How many items match, across all pages.' }) totalCount: number;
  @Field(() => String, { description: 'Cursor of the last item of this page; pass it as `after` to read the next page.', nullable: true }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether another page follows (ask again with after = endCursor).' }) hasNextPage: boolean;
}

@InputType({ description: 'One step record of PATCH /api/application/ form_data' })
class ApplicationStepInput {
  @Field(() => Int, { description: 'Current step.' }) step: number;
  @Field(() => String, { nullable: true, description: 'Ignored: the server stores the canonical title' }) title?: string | null;
  @Field(() => JSONObjectResolver, { description: 'The data (JSON).', nullable: true }) data?: Record<string, unknown> | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toGql(v: ApplicationView): AdmissionApplication {
  return {
    id: v.id,
    applicationStatus: v.applicationStatus,
    formData: v.formData.map((r) => ({ step: r.step, title: r.title, data: r.data })),
    submittedAt: iso(v.submittedAt),
    decidedAt: iso(v.decidedAt),
    decisionReason: v.decisionReason,
    schoolYear: v.schoolYear ?? null,
    view: v,
  };
}

function toListItem(r: ApplicationListRow): ApplicationListItem {
  return {
    id: r.id,
    studentName: r.studentName,
    applicationStatus: r.applicationStatus,
    submittedAt: iso(r.submittedAt),
    decidedAt: iso(r.decidedAt),
    parentId: r.parentId,
  };
}

async function parentOf(ctx: AdapterContext, parentId: number): Promise<ApplicationParent | null> {
  const u = await ctx.loaders.userById.load(parentId);
  return u ? { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email } : null;
}

@Resolver(() => AdmissionApplication)
export class AdmissionsResolver {
  @Query(() => AdmissionApplication, { description: "Dual School parent: the caller's own application (GET /api/application/)" })
  async application(@Ctx() ctx: AdapterContext): Promise<AdmissionApplication> {
    return toGql(await ctx.services.admissions.mine(ctx));
  }

  @Query(() => AdmissionApplication, { description: 'Dual School staff: one application' })
  async admissionApplication(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number): Promise<AdmissionApplication> {
    return toGql(await ctx.services.admissions.getForStaff(ctx, id));
  }

  @Query(() => ApplicationConnection, { description: "Dual School staff: their schools' applications, newest submission first" })
  async applications(
    @Ctx() ctx: AdapterContext,
    @Arg('status', () => ApplicationStatusEnum, { description: 'Status.', nullable: true }) status: string | null,
    @Arg('first', () => Int, { description: 'How many items to return (page size).', nullable: true }) first: number | null,
    @Arg('after', () => String, { description: "Cursor from the previous page's endCursor; omitted for the first page.", nullable: true }) after: string | null,
  ): Promise<ApplicationConnection> {
    const page = await ctx.services.admissions.list(ctx, { status, first, after });
    return { nodes: page.rows.map(toListItem), totalCount: page.totalCount, endCursor: page.endCursor, hasNextPage: page.hasNextPage };
  }

  @Mutation(() => AdmissionApplication, { description: 'PATCH /api/application/: save the form as in_progress, or submit it as complete' })
  async saveApplication(
    @Ctx() ctx: AdapterContext,
    @Arg('formData', () => [ApplicationStepInput], { description: 'The form answers (JSON).' }) formData: ApplicationStepInput[],
    @Arg('applicationStatus', () => ApplicationStatusEnum, { description: 'Dual School application status.' }) applicationStatus: string,
  ): Promise<AdmissionApplication> {
    const v = await ctx.services.admissions.save(
      ctx,
      checkApplicationSave({
        form_data: formData.map((r) => ({ step: r.step, title: r.title ?? undefined, data: r.data ?? {} })),
        application_status: applicationStatus,
      }),
    );
    return toGql(v);
  }

  @Mutation(() => AdmissionApplication, { description: 'Dual School staff: accept (complete -> accepted) or decline with a reason' })
  async decideApplication(
    @Ctx() ctx: AdapterContext,
    @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number,
    @Arg('decision', () => ApplicationDecisionEnum, { description: 'accepted or declined' }) decision: string,
    @Arg('reason', () => String, { description: 'Reason, shown to the family.', nullable: true }) reason: string | null,
    @Arg('schoolYearId', () => Int, { description: 'Accepting: the school year offered (default: the earliest not ended).', nullable: true }) schoolYearId: number | null,
  ): Promise<AdmissionApplication> {
    return toGql(await ctx.services.admissions.decide(ctx, id, checkDecision({ decision, reason: reason ?? '', school_year_id: schoolYearId })));
  }

  @FieldResolver(() => ApplicationParent, { description: 'The parent.', nullable: true })
  parent(@Root() a: AdmissionApplication, @Ctx() ctx: AdapterContext): Promise<ApplicationParent | null> {
    return parentOf(ctx, a.view.parentId);
  }

  @FieldResolver(() => [TranscriptFileInfo], { description: 'The transcripts.' })
  async transcripts(@Root() a: AdmissionApplication, @Ctx() ctx: AdapterContext): Promise<TranscriptFileInfo[]> {
    const files = await ctx.services.admissions.transcriptsOf(ctx, a.view);
    return files.map((f) => ({
      id: f.id,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      uploadedAt: f.createdAt.toISOString(),
      url: transcriptUrl(f.id),
    }));
  }
}

@Resolver(() => ApplicationListItem)
export class ApplicationListItemResolver {
  @FieldResolver(() => ApplicationParent, { description: 'The parent.', nullable: true })
  parent(@Root() row: ApplicationListItem, @Ctx() ctx: AdapterContext): Promise<ApplicationParent | null> {
    return parentOf(ctx, row.parentId);
  }
}
