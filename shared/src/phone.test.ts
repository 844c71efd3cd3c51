/** The phone-number rule shared by the guardian phone and a parent's number for texts. */
import { describe, expect, it } from 'vitest';
import { phoneNumber, textableNumber } from './phone.js';

describe('phoneNumber', () => {
  it('keeps the digits and a leading +', () => {
    expect(phoneNumber('(555) 123-4567')).toBe('5551234567');
    expect(phoneNumber(' 555.123.4567 ')).toBe('5551234567');
    expect(phoneNumber('+1 555 123 4567')).toBe('+15551234567');
    expect(phoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneNumber('123456789012345')).toBe('123456789012345');
  });

  it('refuses letters, too few or too many digits, a + elsewhere, and markup', () => {
    for (const bad of [
      '',
      '   ',
      'abc',
      '555-CALL-NOW',
      '555 123 4567 ext',
      '123',
      '555-1234',
      '1'.repeat(16),
      '1'.repeat(40),
      '555+1234567',
      '++15551234567',
      '<script>alert(1)</script>',
      '5551234567<script>',
      '+',
      '1'.repeat(31),
    ]) {
      expect(phoneNumber(bad), bad).toBeNull();
    }
  });
});

describe('textableNumber', () => {
  it('answers a US mobile number in E.164, however it was written', () => {
    for (const typed of ['(201) 555-0123', '201.555.0123', '+1 201 555 0123', '1 201 555 0123', '2015550123']) {
      expect(textableNumber(typed, ['US']), typed).toEqual({ ok: true, number: '+12015550123' });
    }
    expect(textableNumber('+44 7400 123456', ['US', 'GB'])).toEqual({ ok: true, number: '+447400123456' });
  });

  it("refuses a number of another country than the district's", () => {
    for (const typed of ['+44 7400 123456', '+44 20 7946 0958', '+882 1234 5678', '+88213 1234 5678', '+870 773 123 456', '+1 416 555 0123', '+52 55 1234 5678']) {
      expect(textableNumber(typed, ['US']), typed).toEqual({ ok: false, reason: 'PHONE_COUNTRY' });
    }
    // Canada shares +1: allowed only when listed.
    expect(textableNumber('+1 416 555 0123', ['US', 'CA'])).toEqual({ ok: true, number: '+14165550123' });
  });

  it('refuses premium-rate, toll-free, unassigned, short, too long and lettered numbers', () => {
    for (const typed of [
      '+1 900 555 0123',
      '1-900-555-0123',
      '+1 976 555 0123',
      '+1 800 555 0123',
      '(555) 123-4567',
      '+1 201 555 01234567',
      '12345',
      '555-0100',
      '1'.repeat(16),
      '201-555-CALL',
      'call 2015550123',
      '+',
      '',
      '<a href=x>2015550123</a>',
    ]) {
      expect(textableNumber(typed, ['US']), typed).toEqual({ ok: false, reason: 'PHONE_NOT_MOBILE' });
    }
    // A UK fixed line is not a mobile number even where the UK is allowed.
    expect(textableNumber('+44 20 7946 0958', ['GB'])).toEqual({ ok: false, reason: 'PHONE_NOT_MOBILE' });
  });

  it('allows nothing when no listed country is known', () => {
    expect(textableNumber('(201) 555-0123', ['XX'])).toEqual({ ok: false, reason: 'PHONE_COUNTRY' });
    expect(textableNumber('(201) 555-0123', [])).toEqual({ ok: false, reason: 'PHONE_COUNTRY' });
  });
});
