import { Arg, Ctx, Field, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context.js';
import type { RosterImportResult as Result } from './roster.service.js';

@ObjectType({ description: 'A roster row that was not saved, and why.' })
class RosterImportIssue {
  @Field(() => Int, { description: 'The 1-based line of the file.' }) line: number;
  @Field(() => String, { description: 'The sourcedId of the row, as given.' }) sourcedId: string;
  @Field(() => String, { description: 'The email of the row, as given (lower case).' }) email: string;
  @Field(() => String, { description: 'Why the row was not saved.' }) message: string;
}

@ObjectType({ description: 'The outcome of a roster import.' })
class RosterImportResult {
  @Field(() => Int, { description: 'Student accounts created.' }) created: number;
  @Field(() => Int, { description: 'Student accounts updated.' }) updated: number;
  @Field(() => Int, { description: 'Set-password emails queued (one per new account).' }) emailed: number;
  @Field(() => [RosterImportIssue], { description: 'Rows not saved, with their reason.' }) errors: RosterImportIssue[];
}

@Resolver()
export class RosterResolver {
  @Mutation(() => RosterImportResult, {
    description: "Staff: imports a OneRoster-style students CSV (sourcedId, givenName, familyName, email, grade) into the caller's school.",
  })
  async importRoster(
    @Ctx() ctx: RequestContext,
    @Arg('csv', () => String, { description: 'The CSV text, first line naming the columns.' }) csv: string,
  ): Promise<RosterImportResult> {
    const r: Result = await ctx.services.roster.importCsvText(ctx, csv);
    return { ...r, errors: r.errors.map((e) => ({ line: e.line, sourcedId: e.sourced_id, email: e.email, message: e.message })) };
  }
}
