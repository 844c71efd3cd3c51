/** A new personal API token's name and lifetime, as a zod schema parsed by both adapters. */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';

export const API_TOKEN_DEFAULT_DAYS = 90;
/** The most days a token may live: API_TOKEN_LIFETIME_RANGE's text says this number. */
export const API_TOKEN_MAX_DAYS = 365;

const apiTokenCreateSchema = z.object({
  name: text().pipe(z.string().min(1, 'API_TOKEN_NAME_REQUIRED').max(100, 'API_TOKEN_NAME_TOO_LONG')),
  expires_in_days: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? API_TOKEN_DEFAULT_DAYS : Number(v)),
    z.number().int('API_TOKEN_LIFETIME_WHOLE_DAYS').min(1, 'API_TOKEN_LIFETIME_RANGE').max(API_TOKEN_MAX_DAYS, 'API_TOKEN_LIFETIME_RANGE'),
  ),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const checkApiTokenCreate = (raw: unknown): Checked<ApiTokenCreate> => check(() => parseInput(apiTokenCreateSchema, raw));
export { apiTokenCreateSchema };
