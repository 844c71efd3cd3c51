import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { checkApiTokenCreate } from './api-token-input.js';

@ObjectType({ description: 'A personal API token of a staff member, for scripts and dashboards. The token itself is shown only once, when created.' })
export class ApiToken {
  @Field(() => ID, { description: 'Identifier, used to revoke the token.' }) id: string;
  @Field(() => String, { description: 'The name its owner gave it, e.g. "Nightly SIS sync".' }) name: string;
  @Field(() => String, { description: 'Last four characters of the token, to tell tokens apart.' }) lastFour: string;
  @Field(() => Date, { description: 'When it was created.' }) createdAt: Date;
  @Field(() => Date, { description: 'When it stops working.' }) expiresAt: Date;
  @Field(() => Date, { nullable: true, description: 'When it was last used (to the minute); null if never.' }) lastUsedAt: Date | null;
  @Field(() => Boolean, { description: 'Whether it has expired.' }) expired: boolean;
}

@ObjectType({ description: 'A newly created API token: the secret (shown this once) and its record.' })
class CreatedApiToken {
  @Field(() => String, { description: 'The token, for `Authorization: Token <token>` or `Bearer <token>`. It is not stored and cannot be shown again.' })
  token: string;
  @Field(() => ApiToken, { description: 'The stored record of the token.' }) apiToken: ApiToken;
}

@Resolver()
export class ApiTokensResolver {
  @Query(() => [ApiToken], { description: "Staff: the caller's personal API tokens that are not revoked, newest first." })
  apiTokens(@Ctx() ctx: AdapterContext): Promise<ApiToken[]> {
    return ctx.services.apiTokens.list(ctx);
  }

  @Mutation(() => CreatedApiToken, { description: 'Staff: creates a named personal API token that expires after the given days (1 to 365, default 90).' })
  createApiToken(
    @Ctx() ctx: AdapterContext,
    @Arg('name', () => String, { description: 'A name to recognise the token by.' }) name: string,
    @Arg('expiresInDays', () => Int, { nullable: true, description: 'Lifetime in days (1 to 365); 90 when omitted.' }) expiresInDays: number | null,
  ): Promise<CreatedApiToken> {
    return ctx.services.apiTokens.create(ctx, checkApiTokenCreate({ name, expires_in_days: expiresInDays }));
  }

  @Mutation(() => Boolean, { description: "Staff: revokes one of the caller's API tokens; it stops working at once." })
  async revokeApiToken(@Ctx() ctx: AdapterContext, @Arg('id', () => ID, { description: 'Identifier of the token.' }) id: string): Promise<boolean> {
    await ctx.services.apiTokens.revoke(ctx, id);
    return true;
  }
}
