/**
 * Numeric ids are PostgreSQL integer columns (serial): 1 to 2147483647, written as plain digits (no
 * sign, exponent, decimals or spaces: "1e3" and "+7" are not ids). The server refuses anything else
 * as bad input (server/src/core/ids.ts); the client uses the same bound before it asks.
 */

/** The largest value of a PostgreSQL integer column. */
export const MAX_ID = 2_147_483_647;

/** An integer id a row could have. */
export const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID;

const DIGITS = /^[0-9]{1,10}$/;

/** A number, or a string of plain digits, read as an id; null when it is not one. */
export function toId(v: unknown): number | null {
  if (typeof v === 'number') return isId(v) ? v : null;
  if (typeof v !== 'string' || !DIGITS.test(v)) return null;
  const n = Number(v);
  return isId(n) ? n : null;
}
