import { Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';

@Resolver()
export class ConsentFormsResolver {
  @Mutation(() => String, { description: "Creates the student's parent consent form if missing; returns its state" })
  async createParentForm(@Ctx() ctx: RequestContext): Promise<string> {
    return (await ctx.services.consentForms.createForCaller(ctx)).state;
  }
}
