import { Arg, Ctx, InputType, Field, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import { School } from './school.entity.js';

@InputType()
class CreateSchoolInput {
  @Field(() => String) name: string;
  @Field(() => String, { description: 'HS or CLG' }) schoolType: string;
  @Field(() => String, { description: 'State' }) location: string;
}

@Resolver(() => School)
export class SchoolsResolver {
  @Query(() => [School])
  schools(@Ctx() ctx: RequestContext): Promise<School[]> {
    return ctx.services.schools.list(ctx);
  }

  @Query(() => [School], { description: 'The schools the caller reaches: school of record and memberships' })
  accessibleSchools(@Ctx() ctx: RequestContext): Promise<School[]> {
    return ctx.services.schools.accessibleSchools(ctx);
  }

  @Mutation(() => School)
  createSchool(@Ctx() ctx: RequestContext, @Arg('input', () => CreateSchoolInput) input: CreateSchoolInput): Promise<School> {
    return ctx.services.schools.create(ctx, { name: input.name, school_type: input.schoolType, location: input.location });
  }

  @Mutation(() => School)
  joinSchool(@Ctx() ctx: RequestContext, @Arg('uuid', () => String) uuid: string): Promise<School> {
    return ctx.services.schools.join(ctx, uuid);
  }

  @Mutation(() => School)
  setSchoolOfRecord(@Ctx() ctx: RequestContext, @Arg('uuid', () => String) uuid: string): Promise<School> {
    return ctx.services.schools.setSchoolOfRecord(ctx, uuid);
  }
}
