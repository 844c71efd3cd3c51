import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { Blog } from './blog.entity.js';

@Resolver(() => Blog)
export class BlogsResolver {
  @Query(() => [Blog], { description: 'Public: newest first' })
  blogs(@Ctx() ctx: AdapterContext): Promise<Blog[]> {
    return ctx.services.blogs.list();
  }

  @Query(() => Blog, { description: 'Reads the blog.' })
  blog(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'Numeric identifier.' }) id: number): Promise<Blog> {
    return ctx.services.blogs.get(id);
  }
}
