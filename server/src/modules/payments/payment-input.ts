/** The price a family chooses at checkout; the service then accepts only the configured price of the plan. */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';

export const PRICE_REQUIRED = 'PRICE_REQUIRED';

const priceSchema = z.object({ price_id: text().refine((s) => s !== '', PRICE_REQUIRED) });

export const checkPrice = (raw: unknown): Checked<string> => check(() => parseInput(priceSchema, raw).price_id);
export { priceSchema };

/** Why staff waive a late fee: required, one to 500 characters (kept on the fee, shown to the family). */
export const WAIVE_REASON_REQUIRED = 'WAIVE_REASON_REQUIRED';
const waiveSchema = z.object({ reason: text().refine((s) => s !== '' && s.length <= 500, WAIVE_REASON_REQUIRED) });
export const checkWaiveReason = (raw: unknown): Checked<string> => check(() => parseInput(waiveSchema, raw, { reason: WAIVE_REASON_REQUIRED }).reason);
