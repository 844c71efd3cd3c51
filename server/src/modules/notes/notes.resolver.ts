/** Plan notes on /graphql: the thread of a student's plan, writing and deleting. Thin: NotesService decides. */
import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { NoteRoleEnum } from '../../graphql/enums.js';
import { checkAddNote, checkStudentRef } from './notes-input.js';
import type { NoteThread, NoteView } from './notes.service.js';

@ObjectType({ description: "A note on a student's plan" })
class PlanNote {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'The note: plain text (never HTML); http(s) links are shown as links.' }) body: string;
  @Field(() => String, { nullable: true, description: "The author's name; null when their account no longer exists." }) authorName: string | null;
  @Field(() => NoteRoleEnum, { description: 'The role the author wrote in: staff, student or parent.' }) authorRole: string;
  @Field(() => Date, { description: 'When it was written.' }) createdAt: Date;
  @Field(() => Boolean, { description: 'Seen by staff only (always false in answers to students and parents).' }) staffOnly: boolean;
  @Field(() => Boolean, { description: 'The reader wrote it and may still delete it (within 15 minutes).' }) canDelete: boolean;
}

@ObjectType({ description: "The notes on a student's plan, oldest first, with what the reader may do" })
class PlanNoteThread {
  @Field(() => Int, { description: "The student's user id." }) studentId: number;
  @Field(() => [PlanNote], { description: 'The notes the reader may see, oldest first.' }) notes: NoteView[];
  @Field(() => Boolean, { description: 'The reader may write a note (not on a read-only view token).' }) canWrite: boolean;
  @Field(() => Boolean, { description: 'The reader may mark a note staff-only (staff).' }) canMarkStaffOnly: boolean;
}

@Resolver()
export class NotesResolver {
  @Query(() => PlanNoteThread, {
    description:
      "The notes on a student's plan: the caller's own (a student, or a view-as token), or studentId's (staff of their school, a linked parent). Staff: marks the thread read",
  })
  planNotes(
    @Ctx() ctx: AdapterContext,
    @Arg('studentId', () => Int, { nullable: true, description: "The student's user id; leave out for the caller's own plan." }) studentId: number | null,
  ): Promise<NoteThread> {
    return ctx.services.notes.thread(ctx, checkStudentRef(studentId));
  }

  @Mutation(() => PlanNote, { description: "Writes a note on a student's plan (plain text, 1 to 2,000 characters); staff may mark it staff-only" })
  addPlanNote(
    @Ctx() ctx: AdapterContext,
    @Arg('body', () => String, { description: 'The note (plain text; trimmed).' }) body: string,
    @Arg('studentId', () => Int, { nullable: true, description: "The student's user id; leave out for the caller's own plan." }) studentId: number | null,
    @Arg('staffOnly', () => Boolean, { nullable: true, description: 'Staff: hide the note from the student and parents.' }) staffOnly: boolean | null,
  ): Promise<NoteView> {
    return ctx.services.notes.add(ctx, checkAddNote({ body, student_id: studentId ?? undefined, staff_only: staffOnly ?? undefined }));
  }

  @Mutation(() => Int, { description: 'Deletes a note: only its author, within 15 minutes of writing it; answers its id' })
  deletePlanNote(@Ctx() ctx: AdapterContext, @Arg('id', () => Int, { description: 'The note id.' }) id: number): Promise<number> {
    return ctx.services.notes.remove(ctx, id);
  }
}
