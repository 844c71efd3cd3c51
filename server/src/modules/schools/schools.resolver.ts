import { Arg, Ctx, InputType, Field, Mutation, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { School } from './school.entity.js';
import { checkSchoolCreate } from './school-input.js';

@InputType({ description: 'The fields to create school.' })
class CreateSchoolInput {
  @Field(() => String, { description: 'Name, as shown to people.' }) name: string;
  @Field(() => String, { description: 'HS or CLG' }) schoolType: string;
  @Field(() => String, { description: 'State' }) location: string;
}

@Resolver(() => School)
export class SchoolsResolver {
  @Query(() => [School], { description: 'Reads the schools.' })
  schools(@Ctx() ctx: AdapterContext): Promise<School[]> {
    return ctx.services.schools.list(ctx);
  }

  @Query(() => [School], { description: 'The schools the caller reaches: school of record and memberships' })
  accessibleSchools(@Ctx() ctx: AdapterContext): Promise<School[]> {
    return ctx.services.schools.accessibleSchools(ctx);
  }

  @Mutation(() => School, { description: 'Creates the school.' })
  createSchool(@Ctx() ctx: AdapterContext, @Arg('input', () => CreateSchoolInput, { description: 'The fields to save.' }) input: CreateSchoolInput): Promise<School> {
    return ctx.services.schools.create(ctx, checkSchoolCreate({ name: input.name, school_type: input.schoolType, location: input.location }));
  }

  @Mutation(() => School, { description: 'Joins the school.' })
  joinSchool(@Ctx() ctx: AdapterContext, @Arg('uuid', () => String, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<School> {
    return ctx.services.schools.join(ctx, uuid);
  }

  @Mutation(() => School, { description: 'Sets the school of record.' })
  setSchoolOfRecord(@Ctx() ctx: AdapterContext, @Arg('uuid', () => String, { description: 'Stable public identifier (UUID).' }) uuid: string): Promise<School> {
    return ctx.services.schools.setSchoolOfRecord(ctx, uuid);
  }
}
