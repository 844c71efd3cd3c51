/** Reasons as a person reads them, for tests that check the English text of a refusal. */
import { reasonText, type Reason } from '@planner/shared';
import type { ReasonMessage } from '../core/errors.js';

/** The English text of a reason: its REASONS text, with the params filled in. */
export function textOf(why: Reason | ReasonMessage): string {
  if (typeof why === 'string') return reasonText(why);
  return reasonText(why.reason, why.params && Object.fromEntries(Object.entries(why.params).map(([k, v]) => [k, String(v)])));
}
