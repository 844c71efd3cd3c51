import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import type { User } from '../accounts/user.entity.js';

@ObjectType({ description: 'A student as listed to a linked parent' })
export class LinkedStudent {
  @Field(() => Int) id: number;
  @Field(() => String) firstName: string;
  @Field(() => String) lastName: string;
  @Field(() => String) email: string;
}

const toLinked = (u: User): LinkedStudent => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email });

@Resolver()
export class ParentsResolver {
  @Query(() => [LinkedStudent])
  async parentStudents(@Ctx() ctx: RequestContext): Promise<LinkedStudent[]> {
    return (await ctx.services.parents.linkedStudents(ctx)).map(toLinked);
  }

  @Mutation(() => LinkedStudent, { description: "Links the parent to the student whose parent code this is" })
  async addStudent(@Ctx() ctx: RequestContext, @Arg('parentCode', () => String) parentCode: string): Promise<LinkedStudent> {
    return toLinked(await ctx.services.parents.addStudent(ctx, { parent_code: parentCode }));
  }
}
