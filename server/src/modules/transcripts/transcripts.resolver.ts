import { GraphQLJSONObject } from 'graphql-scalars';
import { ROW_REASON_PARAMS_DESCRIPTION } from '../../core/errors.js';
import { Arg, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { TranscriptImportStateEnum, TranscriptStatusEnum } from '../../graphql/enums.js';
import type { TranscriptImportView, TranscriptRecordView } from './transcripts.service.js';

@ObjectType({ description: 'A transcript row that was not saved, and why.' })
class TranscriptImportIssue {
  @Field(() => Int, { description: "The row's line in the CSV, or the record's position in the JSON array." }) line: number;
  @Field(() => String, { description: 'The student id (or email) the row gives.' }) student: string;
  @Field(() => String, { description: 'The course code the row gives.' }) courseCode: string;
  @Field(() => String, { description: 'Why, as a stable reason code.' }) reason: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: ROW_REASON_PARAMS_DESCRIPTION })
  params: Record<string, string> | null;
  @Field(() => String, { description: 'The English text of the reason.' }) message: string;
}

@ObjectType({ description: "An import of the school's course history, processed in the background." })
class TranscriptImport {
  @Field(() => ID, { description: 'Identifier, to ask for the progress.' }) id: string;
  @Field(() => TranscriptImportStateEnum, { description: 'queued, running, done or failed.' }) state: string;
  @Field(() => String, { description: 'What was read: csv or ed-fi.' }) format: string;
  @Field(() => Int, { description: 'Data rows in the file.' }) totalRows: number;
  @Field(() => Int, { description: 'Rows processed so far (saved or rejected).' }) doneRows: number;
  @Field(() => Int, { description: 'Records new to the history.' }) created: number;
  @Field(() => Int, { description: 'Records whose grade, units, status or grade level changed.' }) updated: number;
  @Field(() => Int, { description: 'Rows saying what the history already held.' }) unchanged: number;
  @Field(() => Int, { description: 'Plan entries placed, moved, regraded or taken off.' }) placed: number;
  @Field(() => [TranscriptImportIssue], { description: 'Rows not saved so far, with their reason.' }) errors: TranscriptImportIssue[];
  @Field(() => String, { nullable: true, description: 'Why the import stopped, when it failed (English).' }) error: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why the import stopped, as a stable reason code the client translates; null when it did not fail (or failed before imports kept the code).',
  })
  reason: string | null;
}

@ObjectType({ description: "A course of a student's history from the school's record." })
class TranscriptRecord {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => Int, { description: 'The student.' }) studentId: number;
  @Field(() => Int, { description: 'The course.' }) courseId: number;
  @Field(() => String, { description: "The course's code." }) courseCode: string;
  @Field(() => String, { description: "The course's title." }) courseTitle: string;
  @Field(() => String, { description: 'School year, e.g. 2024-2025.' }) schoolYear: string;
  @Field(() => String, { description: 'Term, as the school named it.' }) term: string;
  @Field(() => Int, { nullable: true, description: 'Grade level when taken, when the school gave it.' }) gradeLevel: number | null;
  @Field(() => String, { description: 'Grade earned.' }) grade: string;
  @Field(() => Float, { nullable: true, description: 'Units earned.' }) unitsEarned: number | null;
  @Field(() => TranscriptStatusEnum, { description: 'completed, in_progress or withdrawn.' }) status: string;
  @Field(() => Boolean, { description: 'A staff member corrected what the school file said.' }) corrected: boolean;
}

const toGraphql = (v: TranscriptImportView): TranscriptImport => ({
  ...v,
  errors: v.errors.map((e) => ({ line: e.line, student: e.student, courseCode: e.course_code, reason: e.reason, params: e.params ?? null, message: e.message })),
});

@Resolver()
export class TranscriptsResolver {
  @Mutation(() => TranscriptImport, {
    description:
      "Staff: imports the school's course history: a transcript CSV as csv, or Ed-Fi courseTranscripts JSON as edFiJson. Checked at once; saved by a background job (ask transcriptImport for the progress).",
  })
  async importTranscript(
    @Ctx() ctx: AdapterContext,
    @Arg('csv', () => String, { nullable: true, description: 'The CSV text, first line naming the columns.' }) csv: string | null,
    @Arg('edFiJson', () => String, { nullable: true, description: 'A JSON array of Ed-Fi courseTranscripts records.' }) edFiJson: string | null,
  ): Promise<TranscriptImport> {
    return toGraphql(await ctx.services.transcripts.importText(ctx, { csv, edFiJson }));
  }

  @Query(() => TranscriptImport, { description: 'Staff: a transcript import of their school, with its progress and rejected rows.' })
  async transcriptImport(@Ctx() ctx: AdapterContext, @Arg('id', () => ID, { description: 'The import id.' }) id: string): Promise<TranscriptImport> {
    return toGraphql(await ctx.services.transcripts.importStatus(ctx, id));
  }

  @Query(() => [TranscriptRecord], { description: "Staff: a student's course history from the school's record." })
  studentTranscript(@Ctx() ctx: AdapterContext, @Arg('studentId', () => Int, { description: 'The student.' }) studentId: number): Promise<TranscriptRecordView[]> {
    return ctx.services.transcripts.studentRecords(ctx, studentId);
  }

  @Mutation(() => TranscriptRecord, { description: "Staff: corrects a record's grade, units earned or status, with a reason kept in the access log." })
  correctTranscriptRecord(
    @Ctx() ctx: AdapterContext,
    @Arg('id', () => Int, { description: 'The record.' }) id: number,
    @Arg('reason', () => String, { description: 'Why.' }) reason: string,
    @Arg('grade', () => String, { nullable: true, description: 'The corrected grade.' }) grade: string | null,
    @Arg('unitsEarned', () => Float, { nullable: true, description: 'The corrected units earned.' }) unitsEarned: number | null,
    @Arg('status', () => TranscriptStatusEnum, { nullable: true, description: 'The corrected status.' }) status: string | null,
  ): Promise<TranscriptRecordView> {
    return ctx.services.transcripts.correct(ctx, id, { grade, unitsEarned, status, reason });
  }
}
