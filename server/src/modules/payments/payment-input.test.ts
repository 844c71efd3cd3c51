/** The checkout payload under hostile input: the price is required text; which price is accepted is the service's rule. */
import { describe, expect, it } from 'vitest';
import { checkPrice } from './payment-input.js';

describe('checkout price', () => {
  it('trims the price id', () => {
    expect(checkPrice({ price_id: ' price_123 ' })).toEqual({ ok: true, value: 'price_123' });
  });
  it.each([[{}], [{ price_id: '' }], [{ price_id: '   ' }], [null]])('refuses %j as a missing price', (raw) => {
    const checked = checkPrice(raw);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error.message).toBe('price_id is required.');
  });
  it('refuses a price that is not text', () => {
    const checked = checkPrice({ price_id: { $gt: '' } });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error.message).toMatch(/price_id/);
  });
});
