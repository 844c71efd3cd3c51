/** A new personal API token's name and lifetime, as a zod schema parsed by both adapters. */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';

export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;

const apiTokenCreateSchema = z.object({
  name: text().pipe(z.string().min(1, 'Please name the token (for example "Nightly SIS sync").').max(100, 'The name is too long (100 characters at most).')),
  expires_in_days: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? API_TOKEN_DEFAULT_DAYS : Number(v)),
    z.number().int('The lifetime must be a whole number of days.').min(1, `The lifetime must be 1 to ${API_TOKEN_MAX_DAYS} days.`).max(API_TOKEN_MAX_DAYS, `The lifetime must be 1 to ${API_TOKEN_MAX_DAYS} days.`),
  ),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const checkApiTokenCreate = (raw: unknown): Checked<ApiTokenCreate> => check(() => parseInput(apiTokenCreateSchema, raw));
export { apiTokenCreateSchema };
