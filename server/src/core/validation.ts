/**
 * Input parsing shared by both adapters: a zod schema per service input. A payload that does
 * not fit becomes a 400 with a message a person can act on, never a crash.
 */
import { z } from 'zod';
import { AppError, badInput, because } from './errors.js';
import { REASONS } from '@planner/shared';

export function parseInput<T extends z.ZodType>(schema: T, input: unknown, fallbackMessage?: string): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A schema may carry the spec's exact text as the issue message; otherwise name the field.
  const custom = issue && issue.message && !issue.message.startsWith('Invalid input') && !issue.message.startsWith('Too ') && !issue.message.startsWith('Expected');
  if (custom) throw badInput(issue.message);
  const field = issue?.path.join('.') || 'input';
  throw badInput(fallbackMessage ?? because('INVALID_INPUT', { field }));
}

/** PostgreSQL text cannot hold U+0000: such input is refused as bad input, never sent to the database. */
/** A UUID as PostgreSQL writes them: checked before a lookup, so a malformed id is simply not found. */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export const NUL_MESSAGE = REASONS.NUL_CHARACTER;
export const hasNul = (s: string) => s.includes('\u0000');
const storable = () => z.string().refine((s) => !hasNul(s), NUL_MESSAGE);

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
export type Checked<T> = { ok: true; value: T } | { ok: false; error: Error };

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
