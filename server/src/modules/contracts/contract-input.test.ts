/** The placed-signatures payload under hostile input. */
import { describe, expect, it } from 'vitest';
import { parsePlacedContract } from './contract-input.js';
import { REQUIRED_SPOTS } from './contract-text.js';

const all = () => Object.fromEntries(REQUIRED_SPOTS.map((s) => [s, ` ${s} value `]));
const refusal = (raw: unknown) => {
  try {
    parsePlacedContract(raw);
  } catch (e) {
    expect((e as { code?: string }).code).toBe('BAD_USER_INPUT');
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('placed contract', () => {
  it('trims every placed value and reads the date', () => {
    const parsed = parsePlacedContract({ contractData: { placedSignatures: all(), completionDate: '2026-11-25T10:00:00Z' } });
    expect(parsed.placed[REQUIRED_SPOTS[0]]).toBe(`${REQUIRED_SPOTS[0]} value`);
    expect(parsed.signedAt.toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });
  it.each([[null], ['text'], [[]], [{}], [{ contractData: 'x' }], [{ contractData: { placedSignatures: [], completionDate: 5 } }]])(
    'refuses %j with the required-fields message',
    (raw) => expect(refusal(raw)).toBe('contractData with placedSignatures and completionDate is required.'),
  );
  it('names an unknown spot, the missing ones, a bad date, an oversized or NUL value', () => {
    expect(refusal({ contractData: { placedSignatures: { ...all(), __proto__x: 'a' }, completionDate: '2026-01-01' } })).toBe('Unknown signature spot: __proto__x.');
    const some = all();
    delete some[REQUIRED_SPOTS[1]];
    expect(refusal({ contractData: { placedSignatures: some, completionDate: '2026-01-01' } })).toContain(`Missing: ${REQUIRED_SPOTS[1]}`);
    expect(refusal({ contractData: { placedSignatures: all(), completionDate: 'yesterday' } })).toBe('completionDate must be an ISO date and time.');
    expect(refusal({ contractData: { placedSignatures: { ...all(), [REQUIRED_SPOTS[0]]: 'x'.repeat(201) }, completionDate: '2026-01-01' } })).toBe(
      'A placed signature is too long.',
    );
    expect(refusal({ contractData: { placedSignatures: { ...all(), [REQUIRED_SPOTS[0]]: 'a\u0000' }, completionDate: '2026-01-01' } })).toBe(
      'Text may not contain the NUL character.',
    );
  });
});
