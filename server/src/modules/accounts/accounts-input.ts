/**
 * The sign-up, sign-in and password payloads, as zod schemas. Both adapters parse with the
 * `check…` functions and hand the service a `Checked` value; the service raises the 400 where its
 * order of checks puts it (after the permission check for a signed-in change, before the rate
 * limit counts for sign-up and sign-in).
 *
 * The schemas only give the payload its shape (text trimmed, passwords kept as typed, a missing
 * field read as empty); which empty field earns which message stays with the service, in the spec's
 * order (e.g. "All fields are required" is checked after the sign-up counts toward its limit).
 */
import { check, parseInput, rawText, text, type Checked, z } from '../../core/validation.js';
import { because } from '../../core/errors.js';

export const ACCOUNT_INPUT_MESSAGES = {
  allFieldsRequired: 'ALL_FIELDS_REQUIRED',
  passwordsRequired: 'NEW_PASSWORD_REQUIRED',
} as const;

const registerSchema = z.object({
  signup_code: text(),
  email: text(),
  password: rawText(),
  first_name: text(),
  last_name: text(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

const loginSchema = z.object({ email: text(), password: rawText() });
export type LoginInput = z.infer<typeof loginSchema>;

const changePasswordSchema = z.object({ current_password: rawText(), new_password: rawText() });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const resetRequestSchema = z.object({ email: text() });
const newPasswordSchema = z.object({ password: rawText() });

export const checkRegister = (raw: unknown): Checked<RegisterInput> => check(() => parseInput(registerSchema, raw, because(ACCOUNT_INPUT_MESSAGES.allFieldsRequired)));
export const checkLogin = (raw: unknown): Checked<LoginInput> => check(() => parseInput(loginSchema, raw));
export const checkChangePassword = (raw: unknown): Checked<ChangePasswordInput> =>
  check(() => parseInput(changePasswordSchema, raw, because(ACCOUNT_INPUT_MESSAGES.passwordsRequired)));
/** The email a reset link is asked for ('' when none was given). */
export const checkResetRequest = (raw: unknown): Checked<string> => check(() => parseInput(resetRequestSchema, raw).email);
/** The new password of a reset link ('' when none was given). */
export const checkNewPassword = (raw: unknown): Checked<string> => check(() => parseInput(newPasswordSchema, raw).password);

/** The student a staff member or parent asks to view as; a number beyond PostgreSQL's integers names no one (404 later). */
const viewAsSchema = z.object({ studentId: z.coerce.number().int().positive() });
export const checkViewAs = (raw: unknown): Checked<number> => check(() => parseInput(viewAsSchema, raw, because('STUDENT_CHOICE_REQUIRED')).studentId);

/** The schemas, for the API description (the same ones that validate). */
export const ACCOUNT_SCHEMAS = { registerSchema, loginSchema, changePasswordSchema, resetRequestSchema, newPasswordSchema, viewAsSchema } as const;
