/** A new personal API token's name and lifetime, as a zod schema parsed by both adapters. */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';
import { REASONS } from '@planner/shared';

export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;

const apiTokenCreateSchema = z.object({
  name: text().pipe(z.string().min(1, REASONS.API_TOKEN_NAME_REQUIRED).max(100, REASONS.API_TOKEN_NAME_TOO_LONG)),
  expires_in_days: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? API_TOKEN_DEFAULT_DAYS : Number(v)),
    z.number().int(REASONS.API_TOKEN_LIFETIME_WHOLE_DAYS).min(1, `The lifetime must be 1 to ${API_TOKEN_MAX_DAYS} days.`).max(API_TOKEN_MAX_DAYS, `The lifetime must be 1 to ${API_TOKEN_MAX_DAYS} days.`),
  ),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const checkApiTokenCreate = (raw: unknown): Checked<ApiTokenCreate> => check(() => parseInput(apiTokenCreateSchema, raw));
export { apiTokenCreateSchema };
