/** GraphQL `accessLog`: the same staff-only, filtered, newest-first log as GET /api/access-log/, cursor-paged. */
import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { AccessActionEnum } from '../../graphql/enums.js';
import { checkAccessLogFilter } from './access-log-input.js';

@ObjectType({ description: 'One read or disclosure of a student record' })
export class AccessLogEntry {
  @Field(() => String, { description: 'Identifier; newer entries have larger ones' }) id: string;
  @Field(() => Date, { description: 'When it happened' }) createdAt: Date;
  @Field(() => AccessActionEnum, {
    description: 'view_as, plan_pdf_export, consent_form_view, consent_form_export, application_view, transcript_download, contract_download or student_deleted',
  })
  action: string;
  @Field(() => String, { description: 'Why it happened, in words' }) reason: string;
  @Field(() => Int, { description: 'The student whose record it was (kept after the student is deleted)' }) studentId: number;
  @Field(() => String, { nullable: true, description: 'Null once the student is deleted' }) studentName: string | null;
  @Field(() => Int, { nullable: true, description: 'Who did it (the person behind a view-as token)' }) actorUserId: number | null;
  @Field(() => String, { nullable: true, description: "The actor's name; null once their account is deleted" }) actorName: string | null;
  @Field(() => Int, { nullable: true, description: 'On a view-as token: the account the actor was acting as' }) actingUserId: number | null;
  @Field(() => String, { nullable: true, description: 'The name of the account the actor was acting as' }) actingName: string | null;
}

@ObjectType({ description: 'One page of the access log' })
class AccessLogConnection {
  @Field(() => [AccessLogEntry], { description: 'The entries of this page, newest first' }) nodes: AccessLogEntry[];
  @Field(() => Int, { description: 'Entries matching the filters, on every page' }) totalCount: number;
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page' }) endCursor: string | null;
  @Field(() => Boolean, { description: 'Whether more entries follow' }) hasNextPage: boolean;
}

@Resolver()
export class AccessLogResolver {
  @Query(() => AccessLogConnection, { description: "Staff: their schools' student-record access log, newest first, filtered and paged" })
  async accessLog(
    @Ctx() ctx: AdapterContext,
    @Arg('studentId', () => Int, { nullable: true, description: 'Only this student' }) studentId: number | null,
    @Arg('actorId', () => Int, { nullable: true, description: 'Only this actor' }) actorId: number | null,
    @Arg('student', () => String, { nullable: true, description: "Part of the student's name or email" }) student: string | null,
    @Arg('actor', () => String, { nullable: true, description: "Part of the actor's name or email" }) actor: string | null,
    @Arg('action', () => AccessActionEnum, { nullable: true, description: 'Only this action (see AccessLogEntry.action)' }) action: string | null,
    @Arg('from', () => String, { nullable: true, description: 'YYYY-MM-DD, inclusive' }) from: string | null,
    @Arg('to', () => String, { nullable: true, description: 'YYYY-MM-DD, inclusive' }) to: string | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 200 (default 50)' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page' }) after: string | null,
  ): Promise<AccessLogConnection> {
    const raw = Object.fromEntries(
      Object.entries({
        student_id: studentId,
        actor_id: actorId,
        student,
        actor,
        action: action || null,
        from: from || null,
        to: to || null,
        first,
        after: after || null,
      }).filter(([, v]) => v !== null && v !== undefined),
    );
    const page = await ctx.services.accessLog.list(ctx, checkAccessLogFilter(raw));
    return { nodes: page.rows, totalCount: page.totalCount, endCursor: page.endCursor, hasNextPage: page.hasNextPage };
  }
}
