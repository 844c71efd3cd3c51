/** The price a family chooses at checkout; the service then accepts only the configured price of the plan. */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';

export const PRICE_REQUIRED = 'PRICE_REQUIRED';

const priceSchema = z.object({ price_id: text().refine((s) => s !== '', PRICE_REQUIRED) });

export const checkPrice = (raw: unknown): Checked<string> => check(() => parseInput(priceSchema, raw).price_id);
export { priceSchema };
