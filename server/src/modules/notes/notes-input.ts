/**
 * What a note request carries, as zod schemas with messages a person can act on. Both adapters
 * parse with these and hand the service a `Checked` value; the service raises a refusal only after
 * its permission checks (401/403/404 before 400).
 *
 * A note is plain text: trimmed, 1 to 2,000 characters (code points, as PostgreSQL counts them),
 * line breaks kept (CRLF read as LF). Control characters and the bidirectional overrides that
 * could make a note read differently from what was written are refused rather than silently
 * dropped, so the author knows what was kept.
 */
import { because } from '../../core/errors.js';
import { idMessage, MAX_ID, toId } from '../../core/ids.js';
import { check, parseInput, type Checked, z, zodMessage } from '../../core/validation.js';

export const NOTE_MAX_CHARS = 2000;

export const NOTE_INPUT_MESSAGES = {
  empty: 'NOTE_EMPTY',
  tooLong: because('NOTE_TOO_LONG', { max: NOTE_MAX_CHARS.toLocaleString('en-US') }),
  control: 'NOTE_CONTROL_CHARACTERS',
  staffOnly: because('FIELD_NOT_BOOLEAN', { label: 'staff_only' }),
  studentId: idMessage('student'),
} as const;

const M = NOTE_INPUT_MESSAGES;

// C0 controls but tab and line breaks, DEL, C1 controls, bidirectional embeddings/overrides/isolates.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The note's text: trimmed, not empty, at most 2,000 characters, no control characters. */
export const noteText = () =>
  z
    .string({ message: M.empty })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .refine((s) => s !== '', M.empty)
    .refine((s) => [...s].length <= NOTE_MAX_CHARS, zodMessage(M.tooLong))
    .refine((s) => !CONTROL.test(s), M.control);

const studentIdField = () =>
  z
    .union([z.int(), z.string()], { message: zodMessage(M.studentId) })
    .refine((v) => toId(v) !== null, zodMessage(M.studentId))
    .transform((v) => toId(v)!);

/** POST /api/plan-notes/ (and the addPlanNote mutation, in the same shape). */
export const ADD_NOTE_BODY = z.object({
  student_id: studentIdField()
    .optional()
    .meta({ description: `The student whose plan the note is on (1 to ${MAX_ID}); leave out for the caller's own plan (a student, or a view-as token).` }),
  body: noteText().meta({ description: `The note: plain text, trimmed, 1 to ${NOTE_MAX_CHARS} characters; http(s) links are shown as links.` }),
  staff_only: z
    .boolean({ message: zodMessage(M.staffOnly) })
    .optional()
    .meta({ description: 'Staff: true hides the note from the student and parents. Anyone else may leave it out or send false.' }),
});

/** GET /api/plan-notes/ query string. */
export const NOTES_QUERY = z.object({
  student_id: z
    .string({ message: zodMessage(M.studentId) })
    .regex(/^[0-9]{1,10}$/, zodMessage(M.studentId))
    .optional()
    .meta({ description: "The student whose notes to read; leave out for the caller's own plan (a student, or a view-as token)." }),
});

export interface AddNoteInput {
  studentId: number | null;
  body: string;
  staffOnly: boolean;
}

export const checkAddNote = (raw: unknown): Checked<AddNoteInput> =>
  check(() => {
    const v = parseInput(ADD_NOTE_BODY, raw);
    return { studentId: v.student_id ?? null, body: v.body, staffOnly: v.staff_only ?? false };
  });

/** The student named by a query string or argument; null: the caller's own plan. */
export const checkStudentRef = (raw: unknown): Checked<number | null> =>
  check(() => {
    if (raw === undefined || raw === null || raw === '') return null;
    return parseInput(studentIdField(), raw);
  });
