import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import type { User } from '../accounts/user.entity.js';
import { checkParentCode } from './parents-input.js';

@ObjectType({ description: 'A student as listed to a linked parent' })
export class LinkedStudent {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
  @Field(() => String, { description: 'Email address (lower case).' }) email: string;
}

const toLinked = (u: User): LinkedStudent => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email });

@Resolver()
export class ParentsResolver {
  @Query(() => [LinkedStudent], { description: 'Reads the parent students.' })
  async parentStudents(@Ctx() ctx: AdapterContext): Promise<LinkedStudent[]> {
    return (await ctx.services.parents.linkedStudents(ctx)).map(toLinked);
  }

  @Mutation(() => LinkedStudent, { description: 'Links the parent to the student whose parent code this is' })
  async addStudent(
    @Ctx() ctx: AdapterContext,
    @Arg('parentCode', () => String, { description: "The student's parent code, which links a parent to the student." }) parentCode: string,
  ): Promise<LinkedStudent> {
    return toLinked(await ctx.services.parents.addStudent(ctx, checkParentCode({ parent_code: parentCode })));
  }
}
