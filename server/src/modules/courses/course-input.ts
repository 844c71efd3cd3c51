/**
 * The course create and update payloads (spec 2 §3), as zod schemas: each field's rule and its
 * message in one place. Both adapters parse with `checkCourseInput` and hand the service a
 * `Checked<CourseFields>`; the service raises a refusal after its permission checks.
 *
 * Form posts (urlencoded or multipart) send prerequisite groups and tags as JSON text, so those
 * two fields accept a JSON string too. Unknown fields are ignored.
 */
import { badInput, because, type ReasonMessage } from '../../core/errors.js';
import { check, hasNul, isUuid, issueReason, NUL_MESSAGE, parseInput, type Checked, z, zodMessage } from '../../core/validation.js';
import { COURSE_ID_MAX, DESCRIPTION_MAX, MAX_GROUP_MEMBERS, MAX_GROUPS, TITLE_MAX, UNITS_MAX } from './catalogue-import.js';
import { tagKey } from './tags.js';
import { checkOfferedList, parseOfferedTerms, type Season } from '@planner/shared/offered-terms';

export const COURSE_INPUT_MESSAGES = {
  body: 'BODY_NOT_OBJECT',
  courseIdRequired: 'COURSE_ID_REQUIRED',
  titleRequired: 'COURSE_TITLE_REQUIRED',
  units: because('COURSE_UNITS_INVALID', { max: UNITS_MAX }),
  adjustedUnits: because('ADJUSTED_UNITS_INVALID', { max: UNITS_MAX }),
  groups: 'PREREQUISITE_GROUPS_INVALID',
  tags: 'COURSE_TAGS_INVALID',
  tagName: 'COURSE_TAG_NAME_INVALID',
  tooManyTags: 'COURSE_TOO_MANY_TAGS',
  offeredTerms: 'COURSE_OFFERED_TERMS_INVALID',
} as const;

/** A course's fields as the service saves them; a field left out stays as it is (update). */
export interface CourseFields {
  courseId?: string;
  title?: string;
  description?: string;
  units?: number;
  subject?: string;
  /** Prerequisite groups as course uuids; [] clears them. */
  groups?: string[][];
  tags?: Record<string, string>;
  /** Seasons offered; null: unknown (every term). */
  offeredTerms?: Season[] | null;
}

/** The payload as the adapters receive it (REST JSON or form fields; GraphQL maps its input to it). */
export interface CourseInput {
  course_id?: unknown;
  title?: unknown;
  description?: unknown;
  units?: unknown;
  subject?: unknown;
  prerequisite_groups?: unknown;
  tags?: unknown;
  offered_terms?: unknown;
}

/** A number of units (number or numeric text), rounded to cents; null when given but not valid. */
export function parseUnitsValue(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > UNITS_MAX) return null;
  return Math.round(n * 100) / 100;
}

/** Text (or a number, read as text), trimmed; null clears it. */
const textField = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: zodMessage(because('FIELD_NOT_TEXT', { label })) })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null ? '' : String(v).trim()))
    .refine((s) => s === undefined || !hasNul(s), NUL_MESSAGE)
    .refine((s) => s === undefined || s.length <= max, zodMessage(because('FIELD_TOO_LONG', { label, max })));

const units = (why: ReasonMessage) =>
  z
    .unknown()
    .transform((v) => parseUnitsValue(v))
    .refine((u) => u !== null, zodMessage(why))
    .transform((u) => u ?? undefined);

/** JSON text from a form post becomes its value; text that is not JSON fails the field's schema. */
const NOT_JSON = Symbol('not JSON');
const fromJsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return NOT_JSON;
  }
};

const groupsField = z
  .preprocess(
    fromJsonText,
    z.array(z.array(z.string({ error: COURSE_INPUT_MESSAGES.groups }), { error: COURSE_INPUT_MESSAGES.groups }), { error: COURSE_INPUT_MESSAGES.groups }).nullish(),
  )
  .transform((g) => (g === undefined ? undefined : g === null ? [] : g.map((x) => [...new Set(x)]).filter((x) => x.length)))
  .refine((g) => !g || g.length <= MAX_GROUPS, zodMessage(because('TOO_MANY_PREREQUISITE_GROUPS', { max: MAX_GROUPS })))
  .refine((g) => !g || g.every((x) => x.length <= MAX_GROUP_MEMBERS), zodMessage(because('PREREQUISITE_GROUP_TOO_LARGE', { max: MAX_GROUP_MEMBERS })))
  .superRefine((g, ctx) => {
    const bad: string | undefined = g?.flat().find((u: string) => !isUuid(u));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: zodMessage(because('PREREQUISITE_NOT_FOUND', { course: String(bad).slice(0, 60) })) });
  });

/** Tags as a list of names (keys made from the names)... */
const tagList = z
  .array(z.string({ error: COURSE_INPUT_MESSAGES.tagName }).refine((n) => !!n.trim() && n.length <= 100, COURSE_INPUT_MESSAGES.tagName))
  .transform((names) => Object.fromEntries(names.map((n) => [tagKey(n), n.trim()])));

/** ...or a map of keys to names. */
const tagMap = z
  .custom<Record<string, unknown>>((v) => !!v && typeof v === 'object' && !Array.isArray(v))
  .transform((t, ctx) => {
    const tags: Record<string, string> = {};
    for (const [key, value] of Object.entries(t)) {
      if (!/^[a-z0-9_]{1,60}$/.test(key)) {
        ctx.addIssue({ code: 'custom', message: zodMessage(because('COURSE_TAG_KEY_INVALID', { key: key.slice(0, 60) })) });
        return z.NEVER;
      }
      if (typeof value !== 'string' || !value.trim() || value.length > 100 || hasNul(value)) {
        ctx.addIssue({ code: 'custom', message: zodMessage(because('COURSE_TAG_NAME_LENGTH', { key })) });
        return z.NEVER;
      }
      tags[key] = value.trim();
    }
    return tags;
  });

const tagsField = z
  .preprocess(fromJsonText, z.unknown())
  .transform((t, ctx): Record<string, string> | undefined => {
    if (t === undefined) return undefined;
    if (t === null) return {};
    const schema = Array.isArray(t) ? tagList : t && typeof t === 'object' ? tagMap : null;
    const parsed = schema?.safeParse(t);
    if (!parsed?.success) {
      const inner = parsed?.error.issues[0]?.message;
      // A tag's own refusal (a reason) is kept; anything else is the general one.
      ctx.addIssue({ code: 'custom', message: inner && issueReason(inner) ? inner : COURSE_INPUT_MESSAGES.tags });
      return z.NEVER;
    }
    return parsed.data;
  })
  .refine((t) => !t || Object.keys(t).length <= 30, COURSE_INPUT_MESSAGES.tooManyTags);

/** Offered terms as text ("Fall, Spring", a form field), a list of seasons, or null/empty for every term. */
const offeredField = z.unknown().transform((v, ctx): Season[] | null => {
  const parsed = v === null ? null : typeof v === 'string' ? parseOfferedTerms(v) : Array.isArray(v) ? checkOfferedList(v) : 'invalid';
  if (parsed === 'invalid') {
    ctx.addIssue({ code: 'custom', message: COURSE_INPUT_MESSAGES.offeredTerms });
    return z.NEVER;
  }
  return parsed && parsed.length ? parsed : null;
});

/** The payload's schema; `partial` (update): a field left out is not required and stays as it is. */
export const courseInputSchema = (partial: boolean) =>
  z
    .preprocess(
      (v) => (Array.isArray(v) ? {} : v),
      z.object(
        {
          // Each field is optional outermost: a key left out is not validated (zod runs no transform on it).
          course_id: textField('Course ID', COURSE_ID_MAX).optional(),
          title: textField('Title', TITLE_MAX).optional(),
          description: textField('Description', DESCRIPTION_MAX).optional(),
          subject: textField('Subject', 100).optional(),
          // A blank Units field of a create form means "not given" (0 units).
          units: (partial ? units(COURSE_INPUT_MESSAGES.units) : z.preprocess((v) => (v === '' ? undefined : v), units(COURSE_INPUT_MESSAGES.units))).optional(),
          prerequisite_groups: groupsField.optional(),
          tags: tagsField.optional(),
          offered_terms: offeredField.optional(),
        },
        { error: COURSE_INPUT_MESSAGES.body },
      ),
    )
    .superRefine((v, ctx) => {
      if ((!partial || v.course_id !== undefined) && !v.course_id) ctx.addIssue({ code: 'custom', message: COURSE_INPUT_MESSAGES.courseIdRequired });
      if ((!partial || v.title !== undefined) && !v.title) ctx.addIssue({ code: 'custom', message: COURSE_INPUT_MESSAGES.titleRequired });
    })
    .transform((v): CourseFields => {
      const out: CourseFields = {};
      if (v.course_id !== undefined) out.courseId = v.course_id;
      if (v.title !== undefined) out.title = v.title;
      if (v.description !== undefined) out.description = v.description;
      if (v.subject !== undefined) out.subject = v.subject;
      if (v.units !== undefined) out.units = v.units;
      if (v.prerequisite_groups !== undefined) out.groups = v.prerequisite_groups;
      if (v.tags !== undefined) out.tags = v.tags;
      if (v.offered_terms !== undefined) out.offeredTerms = v.offered_terms;
      return out;
    });

/** The create (`partial` false) or update payload, validated, or a 400 that names the problem. */
export function parseCourseInput(raw: unknown, partial: boolean): CourseFields {
  if (!raw || typeof raw !== 'object') throw badInput(because(COURSE_INPUT_MESSAGES.body));
  return parseInput(courseInputSchema(partial), raw, because(COURSE_INPUT_MESSAGES.body));
}

/** For the adapters: the payload parsed now, its refusal raised by the service after its permission checks. */
export const checkCourseInput = (raw: unknown, partial: boolean): Checked<CourseFields> => check(() => parseCourseInput(raw, partial));

/** The update payload: the edit dialog sends the groups as `update_prerequisite_groups`. */
export function checkCourseUpdate(raw: unknown): Checked<CourseFields> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return checkCourseInput(raw, true);
  const body = raw as CourseInput & { update_prerequisite_groups?: unknown };
  return checkCourseInput({ ...body, prerequisite_groups: body.update_prerequisite_groups ?? body.prerequisite_groups }, true);
}

/** A transferability payload: the course (id or uuid), the accepting school (uuid or id; absent: the school of record). */
export interface TransferInput {
  course: string;
  school: string | number | null;
  /** Accepting only; null when missing or not a valid number of units (refused after the course and school are checked). */
  adjustedUnits: number | null;
}

export const transferSchema = z
  .object({
    original_course_id: z.unknown().optional(),
    accepting_school_id: z.unknown().optional(),
    adjusted_units: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const course = v.original_course_id;
    if (course === undefined || course === null || course === '') ctx.addIssue({ code: 'custom', message: 'TRANSFER_COURSE_REQUIRED' });
  });

/** POST /api/transfer-course/ and DELETE /api/remove-transferability/ bodies. */
export function parseTransferInput(raw: unknown): TransferInput {
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  const out = parseInput(transferSchema, body);
  const school = out.accepting_school_id;
  return {
    course: String(out.original_course_id),
    school: school === undefined || school === null || school === '' ? null : typeof school === 'number' ? school : String(school),
    adjustedUnits: parseUnitsValue(out.adjusted_units) ?? null,
  };
}

export const checkTransferInput = (raw: unknown): Checked<TransferInput> => check(() => parseTransferInput(raw));
