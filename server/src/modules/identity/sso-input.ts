/**
 * The one-time code the Sign In page exchanges for a session token (POST /api/auth/oidc/exchange/).
 * Codes are 43 base64url characters (32 random bytes); anything else is refused before a lookup.
 */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';

export const SSO_INPUT_MESSAGES = {
  codeRequired: 'SSO_SIGN_IN_EXPIRED',
} as const;

const exchangeSchema = z.object({ code: text().refine((s) => /^[A-Za-z0-9_-]{20,100}$/.test(s), SSO_INPUT_MESSAGES.codeRequired) }).transform((v) => v.code);

export const checkExchangeCode = (raw: unknown): Checked<string> => check(() => parseInput(exchangeSchema, raw));

export { exchangeSchema };
