import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';

@ObjectType({ description: 'What is running: for the staff status page at /test' })
class SystemStatus {
  @Field(() => String) version: string;
  @Field(() => String, { description: 'embedded or server' }) databaseKind: string;
  @Field(() => [String]) migrations: string[];
  @Field(() => Int) outboxBacklog: number;
}

@Resolver()
export class SystemResolver {
  @Query(() => SystemStatus)
  systemStatus(@Ctx() ctx: RequestContext): Promise<SystemStatus> {
    return ctx.services.system.status(ctx);
  }
}
