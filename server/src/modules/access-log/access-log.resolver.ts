/** GraphQL `accessLog`: the same staff-only, filtered, newest-first log as GET /api/access-log/, cursor-paged. */
import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';

@ObjectType({ description: 'One read or disclosure of a student record' })
export class AccessLogEntry {
  @Field(() => String) id: string;
  @Field(() => Date, { description: 'When it happened' }) createdAt: Date;
  @Field(() => String, { description: 'view_as, plan_pdf_export, consent_form_view, consent_form_export, application_view, transcript_download, contract_download or student_deleted' })
  action: string;
  @Field(() => String) reason: string;
  @Field(() => Int) studentId: number;
  @Field(() => String, { nullable: true, description: 'Null once the student is deleted' }) studentName: string | null;
  @Field(() => Int, { nullable: true }) actorUserId: number | null;
  @Field(() => String, { nullable: true }) actorName: string | null;
  @Field(() => Int, { nullable: true, description: 'On a view-as token: the account the actor was acting as' }) actingUserId: number | null;
  @Field(() => String, { nullable: true }) actingName: string | null;
}

@ObjectType()
class AccessLogConnection {
  @Field(() => [AccessLogEntry]) nodes: AccessLogEntry[];
  @Field(() => Int) totalCount: number;
  @Field(() => String, { nullable: true }) endCursor: string | null;
  @Field(() => Boolean) hasNextPage: boolean;
}

@Resolver()
export class AccessLogResolver {
  @Query(() => AccessLogConnection, { description: "Staff: their schools' student-record access log, newest first, filtered and paged" })
  async accessLog(
    @Ctx() ctx: RequestContext,
    @Arg('studentId', () => Int, { nullable: true }) studentId: number | null,
    @Arg('actorId', () => Int, { nullable: true }) actorId: number | null,
    @Arg('student', () => String, { nullable: true, description: "Part of the student's name or email" }) student: string | null,
    @Arg('actor', () => String, { nullable: true, description: "Part of the actor's name or email" }) actor: string | null,
    @Arg('action', () => String, { nullable: true }) action: string | null,
    @Arg('from', () => String, { nullable: true, description: 'YYYY-MM-DD, inclusive' }) from: string | null,
    @Arg('to', () => String, { nullable: true, description: 'YYYY-MM-DD, inclusive' }) to: string | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<AccessLogConnection> {
    const raw = Object.fromEntries(
      Object.entries({ student_id: studentId, actor_id: actorId, student, actor, action: action || null, from: from || null, to: to || null, first, after: after || null })
        .filter(([, v]) => v !== null && v !== undefined),
    );
    const page = await ctx.services.accessLog.list(ctx, raw);
    return { nodes: page.rows, totalCount: page.totalCount, endCursor: page.endCursor, hasNextPage: page.hasNextPage };
  }
}
