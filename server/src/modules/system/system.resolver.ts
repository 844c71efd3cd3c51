import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { DatabaseKindEnum } from '../../graphql/enums.js';

@ObjectType({ description: 'What is running: for the staff status page at /test' })
class SystemStatus {
  @Field(() => String, { description: 'Application version.' }) version: string;
  @Field(() => DatabaseKindEnum, { description: 'embedded or server' }) databaseKind: string;
  @Field(() => [String], { description: 'The migrations.' }) migrations: string[];
  @Field(() => Int, { description: 'The outbox backlog.' }) outboxBacklog: number;
}

@Resolver()
export class SystemResolver {
  @Query(() => SystemStatus, { description: 'Reads the system status.' })
  systemStatus(@Ctx() ctx: AdapterContext): Promise<SystemStatus> {
    return ctx.services.system.status(ctx);
  }
}
