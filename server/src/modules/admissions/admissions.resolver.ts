/** GraphQL adapter of admissions: the parent's application and save; the staff's list, view and decision. */
import { JSONObjectResolver } from 'graphql-scalars';
import { Arg, Ctx, Field, FieldResolver, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import { transcriptUrl, type ApplicationListRow, type ApplicationView } from './admissions.service.js';

@ObjectType({ description: 'One saved step of the application form' })
class ApplicationStepRecord {
  @Field(() => Int, { description: '1-8, then 10 for Signature & Acknowledgment' }) step: number;
  @Field(() => String) title: string;
  @Field(() => JSONObjectResolver, { description: 'Field name -> value (text, true/false, or a list of file names)' }) data: Record<string, unknown>;
}

@ObjectType({ description: 'A transcript uploaded with an application' })
class TranscriptFileInfo {
  @Field(() => Int) id: number;
  @Field(() => String) fileName: string;
  @Field(() => String) contentType: string;
  @Field(() => Int, { description: 'Bytes' }) size: number;
  @Field(() => String, { description: 'ISO time' }) uploadedAt: string;
  @Field(() => String, { description: 'Download address; send the Authorization header' }) url: string;
}

@ObjectType({ description: 'The parent who owns an application' })
class ApplicationParent {
  @Field(() => Int) id: number;
  @Field(() => String) firstName: string;
  @Field(() => String) lastName: string;
  @Field(() => String) email: string;
}

@ObjectType({ description: 'A Dual School admission application' })
export class AdmissionApplication {
  @Field(() => Int, { nullable: true, description: 'Null until the first save or upload' }) id: number | null;
  @Field(() => String, { description: 'not_started, in_progress, complete, accepted, enrolled or declined' }) applicationStatus: string;
  @Field(() => [ApplicationStepRecord]) formData: ApplicationStepRecord[];
  @Field(() => String, { nullable: true, description: 'ISO time of submission' }) submittedAt: string | null;
  @Field(() => String, { nullable: true, description: 'ISO time of the staff decision' }) decidedAt: string | null;
  @Field(() => String, { description: "The staff's reason given with the decision" }) decisionReason: string;
  view: ApplicationView;
}

@ObjectType({ description: "A row of the staff's applications list" })
export class ApplicationListItem {
  @Field(() => Int) id: number;
  @Field(() => String, { nullable: true, description: 'Full Legal Name of step 1' }) studentName: string | null;
  @Field(() => String) applicationStatus: string;
  @Field(() => String, { nullable: true }) submittedAt: string | null;
  @Field(() => String, { nullable: true }) decidedAt: string | null;
  parentId: number;
}

@ObjectType()
class ApplicationConnection {
  @Field(() => [ApplicationListItem]) nodes: ApplicationListItem[];
  @Field(() => Int) totalCount: number;
  @Field(() => String, { nullable: true }) endCursor: string | null;
  @Field(() => Boolean) hasNextPage: boolean;
}

@InputType({ description: 'One step record of PATCH /api/application/ form_data' })
class ApplicationStepInput {
  @Field(() => Int) step: number;
  @Field(() => String, { nullable: true, description: 'Ignored: the server stores the canonical title' }) title?: string | null;
  @Field(() => JSONObjectResolver, { nullable: true }) data?: Record<string, unknown> | null;
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
    view: v,
  };
}

function toListItem(r: ApplicationListRow): ApplicationListItem {
  return { id: r.id, studentName: r.studentName, applicationStatus: r.applicationStatus, submittedAt: iso(r.submittedAt), decidedAt: iso(r.decidedAt), parentId: r.parentId };
}

async function parentOf(ctx: RequestContext, parentId: number): Promise<ApplicationParent | null> {
  const u = await ctx.loaders.userById.load(parentId);
  return u ? { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email } : null;
}

@Resolver(() => AdmissionApplication)
export class AdmissionsResolver {
  @Query(() => AdmissionApplication, { description: "Dual School parent: the caller's own application (GET /api/application/)" })
  async application(@Ctx() ctx: RequestContext): Promise<AdmissionApplication> {
    return toGql(await ctx.services.admissions.mine(ctx));
  }

  @Query(() => AdmissionApplication, { description: 'Dual School staff: one application' })
  async admissionApplication(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<AdmissionApplication> {
    return toGql(await ctx.services.admissions.getForStaff(ctx, id));
  }

  @Query(() => ApplicationConnection, { description: "Dual School staff: their schools' applications, newest submission first" })
  async applications(
    @Ctx() ctx: RequestContext,
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<ApplicationConnection> {
    const page = await ctx.services.admissions.list(ctx, { status, first, after });
    return { nodes: page.rows.map(toListItem), totalCount: page.totalCount, endCursor: page.endCursor, hasNextPage: page.hasNextPage };
  }

  @Mutation(() => AdmissionApplication, { description: 'PATCH /api/application/: save the form as in_progress, or submit it as complete' })
  async saveApplication(
    @Ctx() ctx: RequestContext,
    @Arg('formData', () => [ApplicationStepInput]) formData: ApplicationStepInput[],
    @Arg('applicationStatus', () => String) applicationStatus: string,
  ): Promise<AdmissionApplication> {
    const v = await ctx.services.admissions.save(ctx, {
      form_data: formData.map((r) => ({ step: r.step, title: r.title ?? undefined, data: r.data ?? {} })),
      application_status: applicationStatus,
    });
    return toGql(v);
  }

  @Mutation(() => AdmissionApplication, { description: 'Dual School staff: accept (complete -> accepted) or decline with a reason' })
  async decideApplication(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
    @Arg('decision', () => String, { description: 'accepted or declined' }) decision: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
  ): Promise<AdmissionApplication> {
    return toGql(await ctx.services.admissions.decide(ctx, id, { decision, reason: reason ?? '' }));
  }

  @FieldResolver(() => ApplicationParent, { nullable: true })
  parent(@Root() a: AdmissionApplication, @Ctx() ctx: RequestContext): Promise<ApplicationParent | null> {
    return parentOf(ctx, a.view.parentId);
  }

  @FieldResolver(() => [TranscriptFileInfo])
  async transcripts(@Root() a: AdmissionApplication, @Ctx() ctx: RequestContext): Promise<TranscriptFileInfo[]> {
    const files = await ctx.services.admissions.transcriptsOf(ctx, a.view);
    return files.map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size, uploadedAt: f.createdAt.toISOString(), url: transcriptUrl(f.id) }));
  }
}

@Resolver(() => ApplicationListItem)
export class ApplicationListItemResolver {
  @FieldResolver(() => ApplicationParent, { nullable: true })
  parent(@Root() row: ApplicationListItem, @Ctx() ctx: RequestContext): Promise<ApplicationParent | null> {
    return parentOf(ctx, row.parentId);
  }
}
