/** The operations screens and the access log are for staff only (pure policies, no database). */
import { describe, expect, it } from 'vitest';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { can as system } from './system.policy.js';
import { can as accessLog } from '../access-log/access-log.policy.js';
import { can as roster } from '../roster/roster.policy.js';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';

const everyone = Object.keys(ACTORS) as (keyof typeof ACTORS)[];
const staff = new Set<keyof typeof ACTORS>(['admin', 'otherAdmin', 'staffWithoutSchool', 'adminWithApiToken']);

describe('staff-only policies', () => {
  it.each(everyone)('%s: status, outbox, access log and roster import', (name) => {
    const expected = staff.has(name) ? 'ok' : '403';
    expect(verdict(system, ACTORS[name], 'viewStatus', null)).toBe(expected);
    expect(verdict(system, ACTORS[name], 'viewOutbox', null)).toBe(expected);
    expect(verdict(accessLog, ACTORS[name], 'view', null)).toBe(expected);
    expect(verdict(roster, ACTORS[name], 'import', null)).toBe(name === 'parentAsStudent' ? `403 ${READ_ONLY_MESSAGE}` : expected);
  });
});
