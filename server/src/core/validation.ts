/**
 * Input parsing shared by both adapters: a zod schema per service input. A payload that does
 * not fit becomes a 400 with a message a person can act on, never a crash.
 */
import { z } from 'zod';
import { isReason } from '@planner/shared';
import { AppError, badInput, because, type ReasonMessage } from './errors.js';

/**
 * The message a schema refuses with: a reason code (`.max(20, 'GRADE_TOO_LONG')` needs no helper),
 * or, for a reason with params, the code followed by its params as JSON (zod keeps nothing but a
 * message on its own checks). `issueReason` reads it back.
 */
export const zodMessage = (why: ReasonMessage): string => (why.params ? `${why.reason} ${JSON.stringify(why.params)}` : why.reason);

/** The reason a schema's issue names (zodMessage), or null for any other message, such as zod's own wording. */
export function issueReason(message: string): ReasonMessage | null {
  const m = /^([A-Z][A-Z0-9_]*)(?: (\{.*\}))?$/s.exec(message);
  if (!m || !isReason(m[1])) return null;
  return because(m[1], m[2] ? (JSON.parse(m[2]) as Record<string, string | number>) : undefined);
}

/**
 * The first issue as a 400: the reason the schema named, else INVALID_INPUT naming the field (or
 * the caller's fallback). zod's own wording is never read.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, fallback?: ReasonMessage): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const named = issue && issueReason(issue.message);
  if (named) throw badInput(named);
  const field = issue?.path.join('.') || 'input';
  throw badInput(fallback ?? because('INVALID_INPUT', { field }));
}

/** A UUID as PostgreSQL writes them: checked before a lookup, so a malformed id is simply not found. */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** PostgreSQL text cannot hold U+0000: such input is refused as bad input (this reason), never sent to the database. */
export const NUL_MESSAGE = 'NUL_CHARACTER';
export const hasNul = (s: string) => s.includes('\u0000');
/** Half of a UTF-16 pair alone: JSON.stringify writes it as an escape PostgreSQL's jsonb refuses, and as text it would become U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);
const storable = () =>
  z
    .string()
    .refine((s) => !hasNul(s), NUL_MESSAGE)
    .refine((s) => !hasLoneSurrogate(s), 'TEXT_NOT_UNICODE');

/**
 * The one rule for the text of query parameters (REST, adapters.ts) and GraphQL arguments
 * (graphql/argument-text.ts), checked before any service sees it. By kind:
 * - 'line': query parameters and the arguments of reads (filters, searches, ids, codes): one line
 *   a person typed or a script built; no control character (Unicode Cc: C0, DEL, C1) is legitimate.
 * - 'text': the arguments of writes, which may be free text (a note, a description): tab, line
 *   feed and carriage return are kept; every other control character is refused.
 * In both, a NUL (PostgreSQL cannot store it) and a lone surrogate (not Unicode) are refused.
 * Each area's own rules (lengths, formats) still apply after this one.
 */
export type TextKind = 'line' | 'text';
const CONTROL: Record<TextKind, RegExp> = { line: /\p{Cc}/u, text: /(?![\t\n\r])\p{Cc}/u };

/** How a field or parameter name is shown in a message: its control characters written as escapes. */
const shown = (name: string) => (/[\p{Cc}\uD800-\uDFFF]/u.test(name) ? JSON.stringify(name).slice(1, -1) : name);

/** The 400 a string earns under the rule, or null when it passes. */
export function textRefusal(s: string, kind: TextKind, field: string): AppError | null {
  if (hasNul(s)) return badInput(because('NUL_CHARACTER'));
  if (CONTROL[kind].test(s)) return badInput(because('CONTROL_CHARACTER', { field: shown(field) }));
  if (hasLoneSurrogate(s)) return badInput(because('TEXT_NOT_UNICODE'));
  return null;
}

/**
 * Throws the rule's 400 for the first offending string in `value`: a string, or the strings in its
 * lists and objects at any depth, names (keys) included. `value`'s own keys name the fields (a
 * query string's parameters, a field's arguments). Walked with a stack, not recursion: a deeply
 * nested JSON argument cannot overflow it.
 */
export function refuseHostileText(value: unknown, kind: TextKind): void {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, field] = stack.pop()!;
    if (typeof v === 'string') {
      const refusal = textRefusal(v, kind, field || 'input');
      if (refusal) throw refusal;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push([item, field]);
    } else if (v && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        const name = field ? `${field}.${key}` : key;
        const refusal = textRefusal(key, 'line', name);
        if (refusal) throw refusal;
        stack.push([inner, name]);
      }
    }
  }
}

/** A trimmed string; missing or non-string values become ''. */
export const text = () => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v), storable());
/** A string kept as typed (passwords). */
export const rawText = () => z.preprocess((v) => (v === undefined || v === null ? '' : v), storable());
export { z };

/**
 * An input parsed by an adapter: its value, or the 400 it earns. The service raises the error only
 * after its permission checks, so a caller who may not act is told so (401/403) before anything
 * about their input (400), whichever adapter they came through.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Runs a parser, keeping its refusal (a 400) for later; any other error is thrown now. */
export function check<T>(parse: () => T): Checked<T> {
  try {
    return { ok: true, value: parse() };
  } catch (e) {
    if (e instanceof AppError && e.code === 'BAD_USER_INPUT') return { ok: false, error: e };
    throw e;
  }
}

/** The parsed value, or the parser's 400. */
export function valid<T>(checked: Checked<T>): T {
  if (!checked.ok) throw checked.error;
  return checked.value;
}
