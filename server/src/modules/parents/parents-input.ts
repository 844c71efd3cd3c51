/**
 * The parent-code payload (link a student), as a zod schema with the spec's message. Both adapters
 * parse with `checkParentCode` and hand the service a `Checked` value; the service raises a refusal
 * after its permission check (401/403 before 400) and before the rate limit counts an attempt.
 */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';

export const PARENT_INPUT_MESSAGES = {
  codeRequired: 'PARENT_CODE_REQUIRED',
} as const;

/** The code as typed (trimmed); upper-cased when the student is looked up. */
export const parentCodeSchema = z.object({ parent_code: text().refine((s) => s !== '', PARENT_INPUT_MESSAGES.codeRequired) }).transform((v) => v.parent_code);

export const checkParentCode = (raw: unknown): Checked<string> => check(() => parseInput(parentCodeSchema, raw));
