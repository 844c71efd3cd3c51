/**
 * Input parsing shared by both adapters: a zod schema per service input. A payload that does
 * not fit becomes a 400 with a message a person can act on, never a crash.
 */
import { z } from 'zod';
import { badInput } from './errors.js';

export function parseInput<T extends z.ZodType>(schema: T, input: unknown, fallbackMessage?: string): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A schema may carry the spec's exact text as the issue message; otherwise name the field.
  const custom = issue && issue.message && !issue.message.startsWith('Invalid input') && !issue.message.startsWith('Too ') && !issue.message.startsWith('Expected');
  if (custom) throw badInput(issue.message);
  const field = issue?.path.join('.') || 'input';
  throw badInput(fallbackMessage ?? `Invalid value for ${field}.`);
}

/** PostgreSQL text cannot hold U+0000: such input is refused as bad input, never sent to the database. */
/** A UUID as PostgreSQL writes them: checked before a lookup, so a malformed id is simply not found. */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export const NUL_MESSAGE = 'Text may not contain the NUL character.';
export const hasNul = (s: string) => s.includes('\u0000');
const storable = () => z.string().refine((s) => !hasNul(s), NUL_MESSAGE);

/** A trimmed string; missing or non-string values become ''. */
export const text = () => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v), storable());
/** A string kept as typed (passwords). */
export const rawText = () => z.preprocess((v) => (v === undefined || v === null ? '' : v), storable());
export { z };
