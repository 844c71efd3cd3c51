/** Roster import: staff import for their school and follow imports of the schools they reach (pure policy). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { can, ROSTER_POLICY_MESSAGES, type RosterAction, type RosterObject } from './roster.policy.js';

const ownSchool: RosterObject = { schoolId: 1, reach: [1, 2] };
const otherSchool: RosterObject = { schoolId: 9, reach: [1, 2] };

const table: [string, typeof ACTORS.admin, RosterAction, RosterObject, string][] = [
  ['admin', ACTORS.admin, 'import', null, 'ok'],
  ['admin', ACTORS.admin, 'viewImport', ownSchool, 'ok'],
  ['admin', ACTORS.admin, 'viewImport', otherSchool, `404 ${ROSTER_POLICY_MESSAGES.notFound}`],
  ['student', ACTORS.student, 'import', null, '403'],
  ['student', ACTORS.student, 'viewImport', ownSchool, '403'],
  ['parent', ACTORS.parent, 'viewImport', null, '403'],
  ['parent viewing as a student', ACTORS.parentAsStudent, 'import', null, `403 ${READ_ONLY_MESSAGE}`],
];

describe('roster policy', () => {
  it.each(table)('%s may %s: %s', (_name, actor, action, object, expected) => {
    expect(verdict(can, actor, action, object)).toBe(expected);
  });
});
