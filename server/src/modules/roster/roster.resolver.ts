import { GraphQLJSONObject } from 'graphql-scalars';
import { ROW_REASON_PARAMS_DESCRIPTION } from '../../core/errors.js';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { RosterImportStateEnum } from '../../graphql/enums.js';
import type { RosterImportView } from './roster.service.js';

const REASON = 'Why, as a stable reason code the client translates; null only for a row stored before rows kept their code.';
const PARAMS = ROW_REASON_PARAMS_DESCRIPTION;

@ObjectType({ description: 'A roster row that was not saved, and why.' })
class RosterImportIssue {
  @Field(() => Int, { description: 'The 1-based line of the file.' }) line: number;
  @Field(() => String, { description: 'The sourcedId of the row, as given.' }) sourcedId: string;
  @Field(() => String, { description: 'The email of the row, as given (lower case).' }) email: string;
  @Field(() => String, { nullable: true, description: REASON }) reason: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: PARAMS }) params: Record<string, string> | null;
  @Field(() => String, { description: 'Why the row was not saved: the English text of the reason.' }) message: string;
}

@ObjectType({ description: 'A roster row that was saved, with something staff should know.' })
class RosterImportNotice {
  @Field(() => Int, { description: 'The 1-based line of the file.' }) line: number;
  @Field(() => String, { description: 'The sourcedId of the row, as given.' }) sourcedId: string;
  @Field(() => String, { nullable: true, description: REASON }) reason: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: PARAMS }) params: Record<string, string> | null;
  @Field(() => String, { description: 'What to know, e.g. a student the row names that the school lacks: the English text of the reason.' }) message: string;
}

@ObjectType({ description: 'A roster import, processed in the background: its progress, then its outcome.' })
class RosterImport {
  @Field(() => ID, { description: 'Identifier, to ask for the progress.' }) id: string;
  @Field(() => RosterImportStateEnum, { description: 'queued, running, done or failed.' }) state: string;
  @Field(() => String, { description: 'What was read: csv (the students CSV), oneroster-1.1, oneroster-1.1-bundle or oneroster-1.2-bundle.' }) format: string;
  @Field(() => Int, { description: 'Data rows in the file.' }) totalRows: number;
  @Field(() => Int, { description: 'Rows processed so far (saved or rejected).' }) doneRows: number;
  @Field(() => Int, { description: 'Accounts created.' }) created: number;
  @Field(() => Int, { description: 'Accounts updated.' }) updated: number;
  @Field(() => Int, { description: 'Set-password emails queued (one per new account that does not sign in with the district provider).' }) emailed: number;
  @Field(() => Int, { description: 'Accounts deactivated (status tobedeleted or enabledUser false).' }) deactivated: number;
  @Field(() => Int, { description: 'Deactivated accounts that came back.' }) reactivated: number;
  @Field(() => [RosterImportIssue], { description: 'Rows not saved so far, with their reason.' }) errors: RosterImportIssue[];
  @Field(() => [RosterImportNotice], { description: 'Rows saved so far with a notice (a parent not linked to a student the file names).' }) notices: RosterImportNotice[];
  @Field(() => String, { nullable: true, description: 'Why the import stopped, when it failed (English).' }) error: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why the import stopped, as a stable reason code the client translates; null when it did not fail (or failed before imports kept the code).',
  })
  reason: string | null;
}

const toGraphql = (v: RosterImportView): RosterImport => ({
  ...v,
  errors: v.errors.map((e) => ({ line: e.line, sourcedId: e.sourced_id, email: e.email, reason: e.reason, params: e.params ?? null, message: e.message })),
  notices: v.notices.map((n) => ({ line: n.line, sourcedId: n.sourced_id, reason: n.reason, params: n.params ?? null, message: n.message })),
});

@Resolver()
export class RosterResolver {
  @Mutation(() => RosterImport, {
    description:
      "Staff: imports a roster into the caller's school (or, for a OneRoster bundle, the schools its orgs name): the students CSV " +
      '(sourcedId, givenName, familyName, email, grade) or a OneRoster 1.1 users.csv as csv, or a OneRoster 1.1/1.2 CSV bundle as zipBase64. ' +
      'The file is checked at once; its rows are saved by a background job (ask rosterImport for the progress).',
  })
  async importRoster(
    @Ctx() ctx: AdapterContext,
    @Arg('csv', () => String, { nullable: true, description: 'The CSV text, first line naming the columns.' }) csv: string | null,
    @Arg('zipBase64', () => String, { nullable: true, description: 'A OneRoster CSV bundle (zip), base64-encoded.' }) zipBase64: string | null,
  ): Promise<RosterImport> {
    return toGraphql(await ctx.services.roster.importText(ctx, { csv, zipBase64 }));
  }

  @Query(() => RosterImport, { description: 'Staff: a roster import of their school, with its progress and rejected rows.' })
  async rosterImport(@Ctx() ctx: AdapterContext, @Arg('id', () => ID, { description: 'The import id.' }) id: string): Promise<RosterImport> {
    return toGraphql(await ctx.services.roster.importStatus(ctx, id));
  }
}
