/** The phone-number rule shared by the guardian phone and a parent's number for texts. */
import { describe, expect, it } from 'vitest';
import { phoneNumber } from './phone.js';

describe('phoneNumber', () => {
  it('keeps the digits and a leading +', () => {
    expect(phoneNumber('(555) 123-4567')).toBe('5551234567');
    expect(phoneNumber(' 555.123.4567 ')).toBe('5551234567');
    expect(phoneNumber('+1 555 123 4567')).toBe('+15551234567');
    expect(phoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneNumber('123456789012345')).toBe('123456789012345');
  });

  it('refuses letters, too few or too many digits, a + elsewhere, and markup', () => {
    for (const bad of ['', '   ', 'abc', '555-CALL-NOW', '555 123 4567 ext', '123', '555-1234', '1'.repeat(16), '1'.repeat(40),
      '555+1234567', '++15551234567', '<script>alert(1)</script>', '5551234567<script>', '+', '1'.repeat(31)]) {
      expect(phoneNumber(bad), bad).toBeNull();
    }
  });
});
