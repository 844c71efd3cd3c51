import { Arg, Ctx, FieldResolver, ID, InputType, Field, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { School } from './school.entity.js';
import { checkGraduationPathway, checkPlanApproval, checkSchoolCreate } from './school-input.js';

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

  @Mutation(() => School, {
    description: "Staff: sets (or clears, with null) their school of record's graduation pathway, the caseload's default for a student who marked none",
  })
  async setGraduationPathway(
    @Ctx() ctx: AdapterContext,
    @Arg('pathwayUuid', () => ID, { nullable: true, description: 'A pathway of the school (uuid); null: the pathway whose name contains "graduation".' })
    pathwayUuid: string | null,
  ): Promise<School> {
    return (await ctx.services.schools.setGraduationPathway(ctx, checkGraduationPathway({ pathway_uuid: pathwayUuid ?? null }))).school;
  }

  @Mutation(() => School, { description: 'Staff: turns plan review and approval on or off for their school of record' })
  setPlanApprovalEnabled(
    @Ctx() ctx: AdapterContext,
    @Arg('enabled', () => Boolean, { description: 'Whether students submit their plans for review and staff approve them.' }) enabled: boolean,
  ): Promise<School> {
    return ctx.services.schools.setPlanApproval(ctx, checkPlanApproval({ enabled }));
  }

  @FieldResolver(() => ID, {
    nullable: true,
    description: 'The chosen graduation pathway (uuid); null: none chosen, the pathway whose name contains "graduation" is used.',
  })
  graduationPathwayUuid(@Root() school: School, @Ctx() ctx: AdapterContext): Promise<string | null> {
    return ctx.services.schools.graduationPathwayUuid(school);
  }
}
